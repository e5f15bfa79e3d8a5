package models

import (
	"time"

	"gorm.io/datatypes"
)

// UserCategory is what a publisher says they are at sign-up.
type UserCategory string

// User categories from the registration form.
const (
	UserCategoryIndividual UserCategory = "Individual"
	UserCategoryBusiness   UserCategory = "Business"
)

// Publisher is an account: everything a customer owns hangs off its ID.
type Publisher struct {
	ID           int64 `gorm:"primaryKey"`
	Email        string
	FirstName    string
	LastName     string
	Company      string
	UserCategory UserCategory
	WebsiteURL   string
	LanguageID   int
	IsPartner    bool
	// Plan is the standalone plan (free or paid); partner accounts are on the partner plan.
	Plan      Plan `gorm:"default:free"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Plan is a standalone account's subscription plan; it sets limits such as the
// script length (domain.ScriptLimit).
type Plan string

// Plans. New accounts start on the free plan.
const (
	PlanFree Plan = "free"
	PlanPaid Plan = "paid"
)

// ScriptThrottle is when a user may next generate or restyle a script (spec 001
// section 4: a countdown after each success). Kept in the database so that it holds
// across API processes.
type ScriptThrottle struct {
	PublisherUserID int64 `gorm:"primaryKey;autoIncrement:false"`
	NextAllowedAt   time.Time
}

// PublisherUser is a person who signs in to a Publisher account.
type PublisherUser struct {
	ID           int64 `gorm:"primaryKey"`
	PublisherID  int64
	Email        string
	PasswordHash string
	FirstName    string
	LastName     string
	// RoleID is the publisher user role; 1 is the account owner.
	RoleID          int
	IsActive        bool
	IsAdmin         bool
	Is2FAEnabled    bool `gorm:"column:is_2fa_enabled"`
	EmailVerifiedAt *time.Time
	// SelectedDomainID is the site the user works on; content URLs must belong to it.
	SelectedDomainID *int64
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// RoleOwner is the role of the user who registered the account.
const RoleOwner = 1

// Domain is a website of a publisher.
type Domain struct {
	ID            int64 `gorm:"primaryKey"`
	PublisherID   int64
	DomainName    string // normalised host, e.g. example.com
	RawDomainName string // as typed
	CreatedAt     time.Time
}

// Session is a server-side sign-in. Its ID is the SHA-256 of the cookie token, so a
// database leak does not reveal usable tokens.
type Session struct {
	ID              string `gorm:"primaryKey"`
	PublisherUserID int64
	PublisherID     int64
	UserAgent       string
	IP              string
	CreatedAt       time.Time
	LastSeenAt      time.Time
	ExpiresAt       time.Time
}

// Workspace groups an account's work (automation tasks are tied to one).
type Workspace struct {
	ID          int64 `gorm:"primaryKey"`
	PublisherID int64
	Name        string
	IsDefault   bool
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// LegalAgreement records that a user agreed to a version of the video-production terms.
type LegalAgreement struct {
	ID                                int64 `gorm:"primaryKey"`
	PublisherUserID                   int64
	VideoProductionAgreementVersionID int64
	AgreedAt                          time.Time
}

// CurrentAgreementVersion is the version of the video-production terms users sign now.
const CurrentAgreementVersion int64 = 1

// EmailVerification is one verification e-mail: its token (hashed), when it was sent
// and when it was confirmed.
type EmailVerification struct {
	ID              int64 `gorm:"primaryKey"`
	PublisherUserID int64
	Email           string
	TokenHash       *string
	SentAt          *time.Time
	VerifiedAt      *time.Time
	ExpiresAt       time.Time
	CreatedAt       time.Time
}

// UserConfig is a user's free-form client settings (walkthrough seen, UI choices).
type UserConfig struct {
	PublisherUserID int64 `gorm:"primaryKey"`
	Data            datatypes.JSON
	UpdatedAt       time.Time
}

// LoginFailure is one failed sign-in, kept for throttling.
type LoginFailure struct {
	ID        int64 `gorm:"primaryKey"`
	Email     string
	IP        string
	CreatedAt time.Time
}
