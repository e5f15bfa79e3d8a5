package activities

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"time"

	"go.temporal.io/sdk/temporal"

	"pagecast/models"
	"pagecast/providers/email"
)

// SendVerificationEmailInput names the verification to mail.
type SendVerificationEmailInput struct {
	VerificationID int64
}

// SendVerificationEmailResult tells what happened.
type SendVerificationEmailResult struct {
	Sent            bool
	AlreadyVerified bool
	To              string
}

// VerifyEmailPath is the link target in verification e-mails.
const VerifyEmailPath = "/api/v2/user/email/verify/confirm"

// HashToken is how verification tokens are stored: SHA-256, hex.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// SendVerificationEmail mails a fresh verification link. Each attempt stores the hash
// of the token it mails, so after a retry only the newest link works; a verification
// already confirmed or already sent is left alone.
func (a *Activities) SendVerificationEmail(ctx context.Context, in SendVerificationEmailInput) (SendVerificationEmailResult, error) {
	ev, err := a.Store.EmailVerificationByID(ctx, in.VerificationID)
	if errors.Is(err, models.ErrNotFound) {
		return SendVerificationEmailResult{}, temporal.NewNonRetryableApplicationError(err.Error(), "NotFound", err)
	}
	if err != nil {
		return SendVerificationEmailResult{}, err
	}
	res := SendVerificationEmailResult{To: ev.Email}
	if ev.VerifiedAt != nil {
		res.AlreadyVerified = true
		return res, nil
	}
	if ev.SentAt != nil {
		res.Sent = true
		return res, nil
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return res, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	if err := a.Store.SetEmailVerificationToken(ctx, ev.ID, HashToken(token)); err != nil {
		if errors.Is(err, models.ErrInvalidState) {
			res.AlreadyVerified = true
			return res, nil
		}
		return res, err
	}
	link := a.PublicURL + VerifyEmailPath + "?token=" + url.QueryEscape(token)
	msg := email.Message{
		To:      ev.Email,
		Subject: "Confirm your e-mail for Pagecast",
		Text: fmt.Sprintf("Hello,\n\nPlease confirm your e-mail address for Pagecast by opening this link:\n\n%s\n\n"+
			"The link works once and until %s.\nIf you did not sign up, ignore this message.\n",
			link, ev.ExpiresAt.UTC().Format("2 Jan 2006 15:04 MST")),
	}
	if err := a.Mailer.Send(ctx, msg); err != nil {
		if errors.Is(err, email.ErrBadAddress) {
			return res, temporal.NewNonRetryableApplicationError(err.Error(), "BadAddress", err)
		}
		return res, fmt.Errorf("send verification email: %w", err)
	}
	if err := a.Store.MarkEmailVerificationSent(ctx, ev.ID, time.Now()); err != nil {
		return res, err
	}
	res.Sent = true
	return res, nil
}

// PurgeExpiredSessionsInput is empty; the cut-off is the activity's clock.
type PurgeExpiredSessionsInput struct{}

// PurgeExpiredSessionsResult counts what was removed.
type PurgeExpiredSessionsResult struct {
	Deleted int64
}

// PurgeExpiredSessions deletes sessions past their expiry.
func (a *Activities) PurgeExpiredSessions(ctx context.Context, _ PurgeExpiredSessionsInput) (PurgeExpiredSessionsResult, error) {
	n, err := a.Store.DeleteExpiredSessions(ctx, time.Now())
	return PurgeExpiredSessionsResult{Deleted: n}, err
}
