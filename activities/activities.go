// Package activities holds Pagecast's Temporal activities: methods on one struct that
// holds their dependencies, each with one Input and one Result type.
package activities

import (
	"context"
	"time"

	"pagecast/models"
	"pagecast/providers/email"
)

// accountStore is what the account activities need from the database.
type accountStore interface {
	EmailVerificationByID(ctx context.Context, id int64) (models.EmailVerification, error)
	SetEmailVerificationToken(ctx context.Context, id int64, tokenHash string) error
	MarkEmailVerificationSent(ctx context.Context, id int64, at time.Time) error
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error)
}

// Activities is registered once per worker; workflows call its methods through a nil
// pointer of this type.
type Activities struct {
	Store  accountStore
	Mailer email.Sender
	// PublicURL starts links in e-mails, e.g. https://app.example.com.
	PublicURL string
}
