// Package models holds Pagecast's entities, enums and sentinel errors. It imports
// nothing of ours, so every layer can share it.
package models

import "errors"

// Sentinel errors. Stores and services wrap them with context; the API maps them to
// HTTP statuses in one place.
var (
	// ErrNotFound means the row does not exist or is not visible to the account.
	ErrNotFound = errors.New("not found")
	// ErrConflict means a unique value (such as an e-mail) is already taken.
	ErrConflict = errors.New("conflict")
	// ErrInvalidState means the action does not fit the entity's current state.
	ErrInvalidState = errors.New("invalid state")
	// ErrUnauthenticated means no valid session was presented.
	ErrUnauthenticated = errors.New("unauthenticated")
	// ErrForbidden means the session may not do this.
	ErrForbidden = errors.New("forbidden")
)
