package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/activities"
	"pagecast/domain"
	"pagecast/models"
)

type requester struct {
	PublisherUserID int64  `json:"publisherUserId"`
	Email           string `json:"email"`
}

// userResponse is spec 000 section 7 "GET /v2/user" plus the session record fields
// the client needs (spec 001 section 3, "User info").
type userResponse struct {
	Requester        requester `json:"requester"`
	PublisherID      int64     `json:"publisherId"`
	PublisherUserID  int64     `json:"publisherUserId"`
	Email            string    `json:"email"`
	FirstName        string    `json:"firstName"`
	LastName         string    `json:"lastName"`
	Is2FAEnabled     bool      `json:"is2FAEnabled"`
	IsHumixEligible  bool      `json:"isHumixEligible"`
	IsHumixEnabled   bool      `json:"isHumixEnabled"`
	IsMUA            bool      `json:"isMUA"`
	IsEmailVerified  bool      `json:"isEmailVerified"`
	IsOwner          bool      `json:"isOwner"`
	IsAdmin          bool      `json:"isAdmin"`
	SelectedDomainID *int64    `json:"selectedDomainId"`
	Domain           string    `json:"domain"`
	UserCategory     string    `json:"userCategory"`
	WebsiteURL       string    `json:"websiteUrl"`
	FeaturesEnabled  []string  `json:"featuresEnabled"`
	// ScriptMaxLength is the plan's script limit in characters (domain.ScriptLimit).
	ScriptMaxLength int `json:"scriptMaxLength"`
}

func (s *Server) currentUser(c *gin.Context) error {
	ctx := c.Request.Context()
	sess := session(c)
	u, err := s.store.UserByID(ctx, sess.PublisherUserID)
	if err != nil {
		return err
	}
	p, err := s.store.PublisherByID(ctx, sess.PublisherID)
	if err != nil {
		return err
	}
	resp := userResponse{
		Requester:   requester{PublisherUserID: u.ID, Email: u.Email},
		PublisherID: p.ID, PublisherUserID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		Is2FAEnabled: u.Is2FAEnabled, IsMUA: u.PublisherID != sess.PublisherID,
		IsEmailVerified: u.EmailVerifiedAt != nil, IsOwner: u.RoleID == models.RoleOwner && u.PublisherID == sess.PublisherID,
		IsAdmin: u.IsAdmin, SelectedDomainID: u.SelectedDomainID,
		UserCategory: string(p.UserCategory), WebsiteURL: p.WebsiteURL, FeaturesEnabled: []string{},
		ScriptMaxLength: domain.ScriptLimit(p),
	}
	if s.voiceCloningEnabled() {
		resp.FeaturesEnabled = append(resp.FeaturesEnabled, FeatureVoiceCloning)
	}
	if u.SelectedDomainID != nil {
		d, err := s.store.DomainByID(ctx, sess.PublisherID, *u.SelectedDomainID)
		if err != nil && !errors.Is(err, models.ErrNotFound) {
			return err
		}
		resp.Domain = d.DomainName
	}
	return ok(c, http.StatusOK, resp)
}

type changePasswordRequest struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

type messageResponse struct {
	Message string `json:"message"`
}

// changePassword checks the current password, stores the new one and ends the user's
// other sessions.
func (s *Server) changePassword(c *gin.Context) error {
	var req changePasswordRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var fields []domain.FieldError
	if req.CurrentPassword == "" {
		fields = append(fields, domain.FieldError{Field: "currentPassword", Message: domain.MsgPasswordRequired})
	}
	if m := domain.ValidatePassword(req.NewPassword); m != "" {
		fields = append(fields, domain.FieldError{Field: "newPassword", Message: m})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	ctx := c.Request.Context()
	sess := session(c)
	u, err := s.store.UserByID(ctx, sess.PublisherUserID)
	if err != nil {
		return err
	}
	if !domain.CheckPassword(req.CurrentPassword, u.PasswordHash) {
		return &Error{Status: http.StatusBadRequest, Code: "invalid_password", Message: "Current password is incorrect.",
			Fields: []domain.FieldError{{Field: "currentPassword", Message: "Current password is incorrect."}}}
	}
	hash, err := domain.HashPassword(req.NewPassword, s.pwParams)
	if err != nil {
		return err
	}
	if err := s.store.SetPasswordHash(ctx, u.ID, hash, sess.ID); err != nil {
		return err
	}
	s.sessions.forgetUser(u.ID)
	return ok(c, http.StatusOK, messageResponse{Message: "Password has been updated."})
}

// Verification statuses reported to the client.
const (
	verificationVerified   = "verified"
	verificationPending    = "pending"
	verificationUnverified = "unverified"
)

type verificationStatusResponse struct {
	Status string `json:"status"`
	Email  string `json:"email"`
	// SentAt is when the newest pending link was mailed; null while it is queued.
	SentAt *time.Time `json:"sentAt"`
}

// resendEvery is how often a user may ask for another verification e-mail.
const resendEvery = time.Minute

// requestVerification records a verification and starts the workflow that mails it.
func (s *Server) requestVerification(c *gin.Context, u models.PublisherUser) (models.EmailVerification, error) {
	ctx := c.Request.Context()
	ev, err := s.store.CreateEmailVerification(ctx, u.ID, u.Email, time.Now().Add(s.cfg.Auth.VerificationTTL))
	if err != nil {
		return ev, err
	}
	return ev, s.workflows.SendVerificationEmail(ctx, ev.ID)
}

func (s *Server) sendVerification(c *gin.Context) error {
	ctx := c.Request.Context()
	u, err := s.store.UserByID(ctx, session(c).PublisherUserID)
	if err != nil {
		return err
	}
	if u.EmailVerifiedAt != nil {
		return ok(c, http.StatusOK, verificationStatusResponse{Status: verificationVerified, Email: u.Email})
	}
	last, err := s.store.LatestEmailVerification(ctx, u.ID)
	if err != nil && !errors.Is(err, models.ErrNotFound) {
		return err
	}
	if err == nil && time.Since(last.CreatedAt) < resendEvery {
		return &Error{Status: http.StatusTooManyRequests, Code: "verification_throttled", RetryAfter: resendEvery - time.Since(last.CreatedAt),
			Message: "A verification email was just sent. Please wait a minute before asking for another."}
	}
	if _, err := s.requestVerification(c, u); err != nil {
		return err
	}
	return ok(c, http.StatusAccepted, verificationStatusResponse{Status: verificationPending, Email: u.Email})
}

func (s *Server) verificationStatus(c *gin.Context) error {
	ctx := c.Request.Context()
	u, err := s.store.UserByID(ctx, session(c).PublisherUserID)
	if err != nil {
		return err
	}
	resp := verificationStatusResponse{Status: verificationUnverified, Email: u.Email}
	if u.EmailVerifiedAt != nil {
		resp.Status = verificationVerified
		return ok(c, http.StatusOK, resp)
	}
	last, err := s.store.LatestEmailVerification(ctx, u.ID)
	if err != nil && !errors.Is(err, models.ErrNotFound) {
		return err
	}
	if err == nil && last.VerifiedAt == nil && last.ExpiresAt.After(time.Now()) && last.Email == u.Email {
		resp.Status = verificationPending
		resp.SentAt = last.SentAt
	}
	return ok(c, http.StatusOK, resp)
}

// confirmEmail is the link in the verification e-mail; it answers with a redirect to
// the web app's verification page, which shows the outcome.
func (s *Server) confirmEmail(c *gin.Context) error {
	token := c.Query("token")
	outcome := "verified"
	if token == "" {
		outcome = "invalid"
	} else if _, err := s.store.ConfirmEmail(c.Request.Context(), activities.HashToken(token), time.Now()); err != nil {
		if !errors.Is(err, models.ErrNotFound) {
			return err
		}
		outcome = "invalid"
	}
	c.Redirect(http.StatusSeeOther, "/dashboard/verify-email?result="+outcome)
	return nil
}

type workspaceResponse struct {
	WorkspaceID int64  `json:"workspaceId"`
	Name        string `json:"name"`
	IsDefault   bool   `json:"isDefault"`
}

func toWorkspace(w models.Workspace) workspaceResponse {
	return workspaceResponse{WorkspaceID: w.ID, Name: w.Name, IsDefault: w.IsDefault}
}

type workspaceRequest struct {
	Name string `json:"name"`
}

// workspaceName validates a workspace name.
func workspaceName(c *gin.Context) (string, error) {
	var req workspaceRequest
	if err := bindJSON(c, &req); err != nil {
		return "", err
	}
	name := strings.Join(strings.Fields(req.Name), " ")
	if name == "" || utf8.RuneCountInString(name) > 100 {
		return "", validation(domain.FieldError{Field: "name", Message: "Workspace name must be 1 to 100 characters."})
	}
	return name, nil
}

func (s *Server) listWorkspaces(c *gin.Context) error {
	ws, err := s.store.Workspaces(c.Request.Context(), session(c).PublisherID)
	if err != nil {
		return err
	}
	out := make([]workspaceResponse, len(ws))
	for i, w := range ws {
		out[i] = toWorkspace(w)
	}
	return ok(c, http.StatusOK, out)
}

func (s *Server) createWorkspace(c *gin.Context) error {
	name, err := workspaceName(c)
	if err != nil {
		return err
	}
	w, err := s.store.CreateWorkspace(c.Request.Context(), session(c).PublisherID, name)
	if err != nil {
		return err
	}
	return ok(c, http.StatusCreated, toWorkspace(w))
}

func (s *Server) renameWorkspace(c *gin.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id < 1 {
		return &Error{Status: http.StatusNotFound, Code: "not_found", Message: "Workspace not found."}
	}
	name, err := workspaceName(c)
	if err != nil {
		return err
	}
	w, err := s.store.RenameWorkspace(c.Request.Context(), session(c).PublisherID, id, name)
	if errors.Is(err, models.ErrNotFound) {
		return &Error{Status: http.StatusNotFound, Code: "not_found", Message: "Workspace not found."}
	}
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, toWorkspace(w))
}

// legalAgreementBody is spec 000 section 3 "Legal agreement".
type legalAgreementBody struct {
	HasAgreedToTerms                  bool  `json:"hasAgreedToTerms"`
	VideoProductionAgreementVersionID int64 `json:"videoProductionAgreementVersionId"`
}

func (s *Server) legalAgreement(c *gin.Context) error {
	signed, err := s.store.AgreementSigned(c.Request.Context(), session(c).PublisherUserID, models.CurrentAgreementVersion)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, legalAgreementBody{HasAgreedToTerms: signed, VideoProductionAgreementVersionID: models.CurrentAgreementVersion})
}

func (s *Server) signLegalAgreement(c *gin.Context) error {
	var req legalAgreementBody
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if !req.HasAgreedToTerms {
		return validation(domain.FieldError{Field: "hasAgreedToTerms", Message: "Please agree to the terms to continue."})
	}
	if req.VideoProductionAgreementVersionID != models.CurrentAgreementVersion {
		return validation(domain.FieldError{Field: "videoProductionAgreementVersionId",
			Message: "This version of the terms is not current. Reload the page and try again."})
	}
	if err := s.store.SignAgreement(c.Request.Context(), session(c).PublisherUserID, req.VideoProductionAgreementVersionID, time.Now()); err != nil {
		return err
	}
	return ok(c, http.StatusOK, legalAgreementBody{HasAgreedToTerms: true, VideoProductionAgreementVersionID: models.CurrentAgreementVersion})
}

// maxUserConfig bounds the stored client settings.
const maxUserConfig = 64 << 10

func (s *Server) userConfig(c *gin.Context) error {
	cfg, err := s.store.UserConfig(c.Request.Context(), session(c).PublisherUserID)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, json.RawMessage(cfg.Data))
}

// putUserConfig merges the posted top-level keys into the stored settings; a key set
// to null is removed.
func (s *Server) putUserConfig(c *gin.Context) error {
	var patch map[string]json.RawMessage
	if err := bindJSON(c, &patch); err != nil {
		return err
	}
	if patch == nil {
		return &Error{Status: http.StatusBadRequest, Code: "malformed_json", Message: "The user config must be a JSON object."}
	}
	ctx := c.Request.Context()
	userID := session(c).PublisherUserID
	cur, err := s.store.UserConfig(ctx, userID)
	if err != nil {
		return err
	}
	merged := map[string]json.RawMessage{}
	if err := json.Unmarshal(cur.Data, &merged); err != nil {
		return err
	}
	for k, v := range patch {
		if string(v) == "null" {
			delete(merged, k)
		} else {
			merged[k] = v
		}
	}
	data, err := json.Marshal(merged)
	if err != nil {
		return err
	}
	if len(data) > maxUserConfig {
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: "config_too_large", Message: "The user config is too large."}
	}
	if err := s.store.PutUserConfig(ctx, models.UserConfig{PublisherUserID: userID, Data: data}); err != nil {
		return err
	}
	return ok(c, http.StatusOK, json.RawMessage(data))
}
