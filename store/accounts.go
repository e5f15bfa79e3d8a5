package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"pagecast/models"
)

// NewAccount is what registration writes.
type NewAccount struct {
	Email        string
	PasswordHash string
	Category     models.UserCategory
	WebsiteURL   string
	DomainName   string // normalised host of WebsiteURL; empty when no site was given
}

// DefaultWorkspaceName names the workspace every account starts with.
const DefaultWorkspaceName = "My workspace"

// CreateAccount writes a publisher, its owner user, its domain and its default
// workspace in one transaction. A taken e-mail gives ErrConflict and writes nothing.
func (s *Store) CreateAccount(ctx context.Context, a NewAccount) (models.PublisherUser, error) {
	var user models.PublisherUser
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		pub := models.Publisher{Email: a.Email, UserCategory: a.Category, WebsiteURL: a.WebsiteURL, LanguageID: 1}
		if err := tx.Create(&pub).Error; err != nil {
			return translate(err, "create publisher")
		}
		user = models.PublisherUser{
			PublisherID: pub.ID, Email: a.Email, PasswordHash: a.PasswordHash,
			RoleID: models.RoleOwner, IsActive: true,
		}
		if a.DomainName != "" {
			d := models.Domain{PublisherID: pub.ID, DomainName: a.DomainName, RawDomainName: a.WebsiteURL}
			if err := tx.Create(&d).Error; err != nil {
				return translate(err, "create domain")
			}
			user.SelectedDomainID = &d.ID
		}
		if err := tx.Create(&user).Error; err != nil {
			return translate(err, "create user")
		}
		ws := models.Workspace{PublisherID: pub.ID, Name: DefaultWorkspaceName, IsDefault: true}
		return translate(tx.Create(&ws).Error, "create workspace")
	})
	return user, err
}

// UserByEmail finds a user by e-mail (stored lower-case).
func (s *Store) UserByEmail(ctx context.Context, email string) (models.PublisherUser, error) {
	var u models.PublisherUser
	err := s.db.WithContext(ctx).Where("email = ?", email).Take(&u).Error
	return u, translate(err, "user by email")
}

// UserByID finds a user.
func (s *Store) UserByID(ctx context.Context, id int64) (models.PublisherUser, error) {
	var u models.PublisherUser
	err := s.db.WithContext(ctx).Take(&u, id).Error
	return u, translate(err, "user by id")
}

// PublisherByID finds an account.
func (s *Store) PublisherByID(ctx context.Context, id int64) (models.Publisher, error) {
	var p models.Publisher
	err := s.db.WithContext(ctx).Take(&p, id).Error
	return p, translate(err, "publisher by id")
}

// DomainByID finds a domain of an account.
func (s *Store) DomainByID(ctx context.Context, publisherID, id int64) (models.Domain, error) {
	var d models.Domain
	err := s.db.WithContext(ctx).Where("publisher_id = ?", publisherID).Take(&d, id).Error
	return d, translate(err, "domain by id")
}

// SetPasswordHash replaces a user's password and ends their other sessions.
func (s *Store) SetPasswordHash(ctx context.Context, userID int64, hash, keepSessionID string) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&models.PublisherUser{}).Where("id = ?", userID).
			Updates(map[string]any{"password_hash": hash, "updated_at": time.Now().UTC()})
		if res.Error != nil {
			return translate(res.Error, "set password")
		}
		if res.RowsAffected == 0 {
			return translate(gorm.ErrRecordNotFound, "set password")
		}
		err := tx.Where("publisher_user_id = ? AND id <> ?", userID, keepSessionID).Delete(&models.Session{}).Error
		return translate(err, "end other sessions")
	})
}

// CreateSession stores a new session.
func (s *Store) CreateSession(ctx context.Context, sess models.Session) error {
	return translate(s.db.WithContext(ctx).Create(&sess).Error, "create session")
}

// ActiveSession finds a session that has not expired at now.
func (s *Store) ActiveSession(ctx context.Context, id string, now time.Time) (models.Session, error) {
	var sess models.Session
	err := s.db.WithContext(ctx).Where("id = ? AND expires_at > ?", id, now.UTC()).Take(&sess).Error
	return sess, translate(err, "active session")
}

// TouchSession records activity and slides the expiry forward.
func (s *Store) TouchSession(ctx context.Context, id string, now, expires time.Time) error {
	err := s.db.WithContext(ctx).Model(&models.Session{}).Where("id = ?", id).
		Updates(map[string]any{"last_seen_at": now.UTC(), "expires_at": expires.UTC()}).Error
	return translate(err, "touch session")
}

// DeleteSession ends a session; ending one that is gone is not an error.
func (s *Store) DeleteSession(ctx context.Context, id string) error {
	return translate(s.db.WithContext(ctx).Where("id = ?", id).Delete(&models.Session{}).Error, "delete session")
}

// DeleteExpiredSessions removes sessions that expired before now and returns how many.
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	res := s.db.WithContext(ctx).Where("expires_at <= ?", now.UTC()).Delete(&models.Session{})
	return res.RowsAffected, translate(res.Error, "delete expired sessions")
}

// RecordLoginFailure notes a failed sign-in for throttling.
func (s *Store) RecordLoginFailure(ctx context.Context, email, ip string, at time.Time) error {
	f := models.LoginFailure{Email: email, IP: ip, CreatedAt: at.UTC()}
	return translate(s.db.WithContext(ctx).Create(&f).Error, "record login failure")
}

// LoginFailuresSince counts failed sign-ins since a time, for an e-mail and for an IP.
func (s *Store) LoginFailuresSince(ctx context.Context, email, ip string, since time.Time) (byEmail, byIP int64, err error) {
	db := s.db.WithContext(ctx).Model(&models.LoginFailure{})
	if err = db.Where("email = ? AND created_at > ?", email, since.UTC()).Count(&byEmail).Error; err != nil {
		return 0, 0, translate(err, "count login failures")
	}
	db = s.db.WithContext(ctx).Model(&models.LoginFailure{})
	if err = db.Where("ip = ? AND created_at > ?", ip, since.UTC()).Count(&byIP).Error; err != nil {
		return 0, 0, translate(err, "count login failures")
	}
	return byEmail, byIP, nil
}

// ClearLoginFailures forgets an e-mail's failures after a successful sign-in.
func (s *Store) ClearLoginFailures(ctx context.Context, email string) error {
	return translate(s.db.WithContext(ctx).Where("email = ?", email).Delete(&models.LoginFailure{}).Error, "clear login failures")
}

// Workspaces lists an account's workspaces, default first.
func (s *Store) Workspaces(ctx context.Context, publisherID int64) ([]models.Workspace, error) {
	var ws []models.Workspace
	err := s.db.WithContext(ctx).Where("publisher_id = ?", publisherID).
		Order("is_default DESC").Order("id").Find(&ws).Error
	return ws, translate(err, "list workspaces")
}

// CreateWorkspace adds a workspace to an account.
func (s *Store) CreateWorkspace(ctx context.Context, publisherID int64, name string) (models.Workspace, error) {
	ws := models.Workspace{PublisherID: publisherID, Name: name}
	err := s.db.WithContext(ctx).Create(&ws).Error
	return ws, translate(err, "create workspace")
}

// RenameWorkspace renames a workspace of the account; another account's gives ErrNotFound.
func (s *Store) RenameWorkspace(ctx context.Context, publisherID, id int64, name string) (models.Workspace, error) {
	var ws models.Workspace
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("publisher_id = ?", publisherID).Take(&ws, id).Error; err != nil {
			return translate(err, "workspace")
		}
		ws.Name = name
		return translate(tx.Save(&ws).Error, "rename workspace")
	})
	return ws, err
}

// AgreementSigned reports whether the user agreed to the given terms version.
func (s *Store) AgreementSigned(ctx context.Context, userID, version int64) (bool, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&models.LegalAgreement{}).
		Where("publisher_user_id = ? AND video_production_agreement_version_id = ?", userID, version).Count(&n).Error
	return n > 0, translate(err, "agreement signed")
}

// SignAgreement records agreement to a terms version; signing twice keeps the first.
func (s *Store) SignAgreement(ctx context.Context, userID, version int64, at time.Time) error {
	a := models.LegalAgreement{PublisherUserID: userID, VideoProductionAgreementVersionID: version, AgreedAt: at.UTC()}
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&a).Error
	return translate(err, "sign agreement")
}

// UserConfig returns a user's stored client settings (an empty object when none).
func (s *Store) UserConfig(ctx context.Context, userID int64) (models.UserConfig, error) {
	var c models.UserConfig
	err := s.db.WithContext(ctx).Take(&c, userID).Error
	if err == gorm.ErrRecordNotFound {
		return models.UserConfig{PublisherUserID: userID, Data: []byte("{}")}, nil
	}
	return c, translate(err, "user config")
}

// PutUserConfig replaces a user's client settings.
func (s *Store) PutUserConfig(ctx context.Context, c models.UserConfig) error {
	c.UpdatedAt = time.Now().UTC()
	err := s.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "publisher_user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"data", "updated_at"}),
	}).Create(&c).Error
	return translate(err, "put user config")
}
