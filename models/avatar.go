package models

import "time"

// Avatar is a presenter who can appear on slides (spec 000 section 3 "Avatar"): a
// catalogue avatar (PublisherID nil) or one of an account. Its asset is the clip that
// shows it; a slide uses the avatar when that asset is among its media.
type Avatar struct {
	ID          int64 `gorm:"primaryKey"`
	PublisherID *int64
	Name        string
	// Gender is GenderMale, GenderFemale or "" when unknown.
	Gender    string
	AssetID   *int64
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt *time.Time
}
