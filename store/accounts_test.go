package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

func newAccount(t *testing.T, s *store.Store, email string) models.PublisherUser {
	t.Helper()
	u, err := s.CreateAccount(context.Background(), store.NewAccount{
		Email: email, PasswordHash: "hash", Category: models.UserCategoryBusiness,
		WebsiteURL: "https://www.example.com/blog", DomainName: "example.com",
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestCreateAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		t.Logf("store test on %s", db.Name)
		ctx := context.Background()
		s := db.Store
		u := newAccount(t, s, "ann@example.com")
		if u.RoleID != models.RoleOwner || !u.IsActive || u.SelectedDomainID == nil {
			t.Fatalf("user = %+v", u)
		}
		d, err := s.DomainByID(ctx, u.PublisherID, *u.SelectedDomainID)
		if err != nil || d.DomainName != "example.com" {
			t.Fatalf("domain = %+v, %v", d, err)
		}
		ws, err := s.Workspaces(ctx, u.PublisherID)
		if err != nil || len(ws) != 1 || !ws[0].IsDefault {
			t.Fatalf("workspaces = %+v, %v", ws, err)
		}

		// A taken e-mail is a conflict and leaves no half-written account.
		_, err = s.CreateAccount(ctx, store.NewAccount{Email: "ann@example.com", PasswordHash: "x", Category: models.UserCategoryIndividual})
		if !errors.Is(err, models.ErrConflict) {
			t.Fatalf("duplicate err = %v, want ErrConflict", err)
		}
		var publishers int64
		if err := s.DB().Model(&models.Publisher{}).Count(&publishers).Error; err != nil || publishers != 1 {
			t.Fatalf("publishers = %d, %v; want 1", publishers, err)
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		u := newAccount(t, s, "bo@example.com")
		now := time.Now().UTC()
		for _, id := range []string{"a", "b"} {
			if err := s.CreateSession(ctx, models.Session{ID: id, PublisherUserID: u.ID, PublisherID: u.PublisherID,
				CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.ActiveSession(ctx, "a", now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ActiveSession(ctx, "a", now.Add(2*time.Hour)); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("expired session err = %v", err)
		}
		// Changing the password ends the other sessions only.
		if err := s.SetPasswordHash(ctx, u.ID, "new", "a"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ActiveSession(ctx, "b", now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("other session survived: %v", err)
		}
		if err := s.TouchSession(ctx, "a", now, now.Add(3*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ActiveSession(ctx, "a", now.Add(2*time.Hour)); err != nil {
			t.Fatalf("touched session expired: %v", err)
		}
		if err := s.DeleteSession(ctx, "a"); err != nil {
			t.Fatal(err)
		}
		if n, err := s.DeleteExpiredSessions(ctx, now); err != nil || n != 0 {
			t.Fatalf("expired = %d, %v", n, err)
		}
	})
}

func TestLoginFailures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		now := time.Now().UTC()
		for i := 0; i < 3; i++ {
			if err := s.RecordLoginFailure(ctx, "x@example.com", "10.0.0.1", now.Add(-time.Duration(i)*10*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		byEmail, byIP, err := s.LoginFailuresSince(ctx, "x@example.com", "10.0.0.1", now.Add(-15*time.Minute))
		if err != nil || byEmail != 2 || byIP != 2 {
			t.Fatalf("failures = %d, %d, %v; want 2, 2", byEmail, byIP, err)
		}
		if err := s.ClearLoginFailures(ctx, "x@example.com"); err != nil {
			t.Fatal(err)
		}
		byEmail, _, _ = s.LoginFailuresSince(ctx, "x@example.com", "", now.Add(-time.Hour))
		if byEmail != 0 {
			t.Fatalf("after clear = %d", byEmail)
		}
	})
}

func TestWorkspacesAreScopedToTheAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		a := newAccount(t, s, "a@example.com")
		b := newAccount(t, s, "b@example.com")
		ws, err := s.CreateWorkspace(ctx, a.PublisherID, "Client work")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.RenameWorkspace(ctx, b.PublisherID, ws.ID, "stolen"); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("cross-account rename err = %v", err)
		}
		got, err := s.RenameWorkspace(ctx, a.PublisherID, ws.ID, "Clients")
		if err != nil || got.Name != "Clients" {
			t.Fatalf("rename = %+v, %v", got, err)
		}
		list, _ := s.Workspaces(ctx, b.PublisherID)
		if len(list) != 1 {
			t.Fatalf("b sees %d workspaces", len(list))
		}
	})
}

func TestAgreementAndConfig(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		u := newAccount(t, s, "c@example.com")
		for i := 0; i < 2; i++ { // signing twice is harmless
			if err := s.SignAgreement(ctx, u.ID, 1, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if ok, err := s.AgreementSigned(ctx, u.ID, 1); err != nil || !ok {
			t.Fatalf("signed = %v, %v", ok, err)
		}
		c, err := s.UserConfig(ctx, u.ID)
		if err != nil || string(c.Data) != "{}" {
			t.Fatalf("empty config = %s, %v", c.Data, err)
		}
		for _, data := range []string{`{"walkthrough":true}`, `{"walkthrough":false}`} {
			if err := s.PutUserConfig(ctx, models.UserConfig{PublisherUserID: u.ID, Data: []byte(data)}); err != nil {
				t.Fatal(err)
			}
		}
		c, _ = s.UserConfig(ctx, u.ID)
		if string(c.Data) != `{"walkthrough":false}` && string(c.Data) != `{"walkthrough": false}` {
			t.Fatalf("config = %s", c.Data)
		}
	})
}

func TestEmailVerification(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		ctx := context.Background()
		s := db.Store
		u := newAccount(t, s, "d@example.com")
		now := time.Now().UTC()
		ev, err := s.CreateEmailVerification(ctx, u.ID, u.Email, now.Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.SetEmailVerificationToken(ctx, ev.ID, "hash1"); err != nil {
			t.Fatal(err)
		}
		if err := s.SetEmailVerificationToken(ctx, ev.ID, "hash2"); err != nil { // a retry's new token wins
			t.Fatal(err)
		}
		if _, err := s.ConfirmEmail(ctx, "hash1", now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("old token err = %v", err)
		}
		if _, err := s.ConfirmEmail(ctx, "hash2", now.Add(2*time.Hour)); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("expired token err = %v", err)
		}
		if _, err := s.ConfirmEmail(ctx, "hash2", now); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ConfirmEmail(ctx, "hash2", now); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("reused token err = %v", err)
		}
		got, _ := s.UserByID(ctx, u.ID)
		if got.EmailVerifiedAt == nil {
			t.Fatal("user not verified")
		}
	})
}
