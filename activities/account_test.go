package activities_test

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"pagecast/activities"
	"pagecast/models"
	"pagecast/providers/email"
	"pagecast/store"
	"pagecast/store/storetest"
)

func TestSendVerificationEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		u, err := s.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "h", Category: models.UserCategoryIndividual})
		if err != nil {
			t.Fatal(err)
		}
		ev, err := s.CreateEmailVerification(ctx, u.ID, u.Email, time.Now().Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		a := &activities.Activities{Store: s, Mailer: email.Outbox{Dir: dir, From: "p@pagecast.test"}, PublicURL: "http://app.test"}
		res, err := a.SendVerificationEmail(ctx, activities.SendVerificationEmailInput{VerificationID: ev.ID})
		if err != nil || !res.Sent {
			t.Fatalf("res = %+v, %v", res, err)
		}
		// Sending again (a retried workflow) does not mail a second link.
		if _, err := a.SendVerificationEmail(ctx, activities.SendVerificationEmailInput{VerificationID: ev.ID}); err != nil {
			t.Fatal(err)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
		if len(files) != 1 {
			t.Fatalf("outbox has %d messages, want 1", len(files))
		}
		body, _ := os.ReadFile(files[0])
		m := regexp.MustCompile(`http://app\.test/api/v2/user/email/verify/confirm\?token=(\S+)`).FindSubmatch(body)
		if m == nil {
			t.Fatalf("no link in:\n%s", body)
		}
		token, _ := url.QueryUnescape(string(m[1]))
		if _, err := s.ConfirmEmail(ctx, activities.HashToken(token), time.Now()); err != nil {
			t.Fatalf("mailed token does not confirm: %v", err)
		}
		res, err = a.SendVerificationEmail(ctx, activities.SendVerificationEmailInput{VerificationID: ev.ID})
		if err != nil || !res.AlreadyVerified {
			t.Fatalf("after confirm: %+v, %v", res, err)
		}
	})
}
