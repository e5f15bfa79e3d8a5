package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"pagecast/models"
)

// CreateEmailVerification starts a verification for a user's current e-mail.
func (s *Store) CreateEmailVerification(ctx context.Context, userID int64, email string, expires time.Time) (models.EmailVerification, error) {
	ev := models.EmailVerification{PublisherUserID: userID, Email: email, ExpiresAt: expires.UTC()}
	err := s.db.WithContext(ctx).Create(&ev).Error
	return ev, translate(err, "create email verification")
}

// EmailVerificationByID finds a verification.
func (s *Store) EmailVerificationByID(ctx context.Context, id int64) (models.EmailVerification, error) {
	var ev models.EmailVerification
	err := s.db.WithContext(ctx).Take(&ev, id).Error
	return ev, translate(err, "email verification")
}

// LatestEmailVerification finds the user's newest verification.
func (s *Store) LatestEmailVerification(ctx context.Context, userID int64) (models.EmailVerification, error) {
	var ev models.EmailVerification
	err := s.db.WithContext(ctx).Where("publisher_user_id = ?", userID).Order("id DESC").Take(&ev).Error
	return ev, translate(err, "latest email verification")
}

// SetEmailVerificationToken stores the hash of the token about to be mailed. A retry
// that mails a new token replaces the old one.
func (s *Store) SetEmailVerificationToken(ctx context.Context, id int64, tokenHash string) error {
	res := s.db.WithContext(ctx).Model(&models.EmailVerification{}).Where("id = ? AND verified_at IS NULL", id).
		Update("token_hash", tokenHash)
	if res.Error != nil {
		return translate(res.Error, "set verification token")
	}
	if res.RowsAffected == 0 {
		return fmt.Errorf("set verification token: %w", models.ErrInvalidState)
	}
	return nil
}

// MarkEmailVerificationSent records that the e-mail left.
func (s *Store) MarkEmailVerificationSent(ctx context.Context, id int64, at time.Time) error {
	err := s.db.WithContext(ctx).Model(&models.EmailVerification{}).Where("id = ?", id).
		Update("sent_at", at.UTC()).Error
	return translate(err, "mark verification sent")
}

// ConfirmEmail consumes a token: the verification and its user become verified.
// An unknown, expired or used token gives ErrNotFound.
func (s *Store) ConfirmEmail(ctx context.Context, tokenHash string, now time.Time) (models.EmailVerification, error) {
	var ev models.EmailVerification
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("token_hash = ? AND verified_at IS NULL AND expires_at > ?", tokenHash, now.UTC()).Take(&ev).Error
		if err != nil {
			return translate(err, "verification token")
		}
		ev.VerifiedAt = &now
		if err := tx.Model(&ev).Update("verified_at", now.UTC()).Error; err != nil {
			return translate(err, "confirm verification")
		}
		res := tx.Model(&models.PublisherUser{}).Where("id = ? AND email = ?", ev.PublisherUserID, ev.Email).
			Update("email_verified_at", now.UTC())
		if res.Error != nil {
			return translate(res.Error, "verify user email")
		}
		if res.RowsAffected == 0 {
			// The user changed e-mail since: this link no longer proves anything.
			return fmt.Errorf("verify user email: %w", models.ErrNotFound)
		}
		return nil
	})
	return ev, err
}
