package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/captcha"
	"pagecast/store"
)

// maxJSONBody bounds JSON request bodies.
const maxJSONBody = 1 << 20

// bindJSON decodes the body into v, refusing bodies that are not one JSON value.
func bindJSON(c *gin.Context, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody))
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return &Error{Status: http.StatusRequestEntityTooLarge, Code: "body_too_large", Message: "The request body is too large."}
		}
		return errMalformedJSON
	}
	if _, err := dec.Token(); err != io.EOF {
		return errMalformedJSON
	}
	return nil
}

type csrfTokenResponse struct {
	Token string `json:"token"`
}

// csrfToken returns the CSRF token, setting the cookie when there is none yet.
func (s *Server) csrfToken(c *gin.Context) error {
	token, err := c.Cookie(CSRFCookie)
	if err != nil || len(token) < 16 {
		token = randomToken(24)
	}
	s.setCookie(c, CSRFCookie, token, 365*24*time.Hour, false)
	return ok(c, http.StatusOK, csrfTokenResponse{Token: token})
}

type appConfigResponse struct {
	Captcha captcha.Info `json:"captcha"`
	Version string       `json:"version"`
}

func (s *Server) appConfig(c *gin.Context) error {
	return ok(c, http.StatusOK, appConfigResponse{Captcha: s.captcha.Info(), Version: s.version})
}

type registerRequest struct {
	SignupEmail        string `json:"signupEmail"`
	SignupEmailConfirm string `json:"signupEmailConfirm"`
	SignupPassword     string `json:"signupPassword"`
	UserCategory       string `json:"userCategory"`
	WebsiteURL         string `json:"websiteUrl"`
	CaptchaToken       string `json:"captchaToken"`
}

type statusResponse struct {
	Status bool `json:"status"`
}

// register creates an account with its owner, signs them in and mails a verification
// link (spec 001 sections 4 and 5, "Registration").
func (s *Server) register(c *gin.Context) error {
	var req registerRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	reg := domain.Registration{
		SignupEmail:        domain.NormalizeEmail(req.SignupEmail),
		SignupEmailConfirm: domain.NormalizeEmail(req.SignupEmailConfirm),
		SignupPassword:     req.SignupPassword,
		UserCategory:       req.UserCategory,
		WebsiteURL:         strings.TrimSpace(req.WebsiteURL),
	}
	if errs := reg.Validate(); len(errs) > 0 {
		return validation(errs...)
	}
	ctx := c.Request.Context()
	passed, err := s.captcha.Verify(ctx, req.CaptchaToken, c.ClientIP())
	if errors.Is(err, captcha.ErrUnavailable) {
		s.log.ErrorContext(ctx, "captcha verify", "err", err)
		return &Error{Status: http.StatusServiceUnavailable, Code: "captcha_unavailable",
			Message: "We could not check the captcha right now. Please try again in a minute."}
	}
	if err != nil {
		return err
	}
	if !passed {
		return validation(domain.FieldError{Field: "captchaFail", Message: "Captcha verification failed. Please try again."})
	}
	hash, err := domain.HashPassword(reg.SignupPassword, s.pwParams)
	if err != nil {
		return err
	}
	site, _ := domain.SiteDomain(reg.WebsiteURL)
	user, err := s.store.CreateAccount(ctx, store.NewAccount{
		Email: reg.SignupEmail, PasswordHash: hash, Category: models.UserCategory(reg.UserCategory),
		WebsiteURL: reg.WebsiteURL, DomainName: site,
	})
	if errors.Is(err, models.ErrConflict) {
		return &Error{Status: http.StatusConflict, Code: "email_taken", Message: "An account with this email already exists.",
			Fields: []domain.FieldError{{Field: "signupEmail", Message: "An account with this email already exists."}}}
	}
	if err != nil {
		return err
	}
	if err := s.startSession(c, user); err != nil {
		return err
	}
	// The account is complete without the e-mail; a failure here is logged and the user
	// can ask again from the account page.
	if _, err := s.requestVerification(c, user); err != nil {
		s.log.WarnContext(ctx, "verification email after sign-up", "user_id", user.ID, "err", err)
	}
	return ok(c, http.StatusCreated, statusResponse{Status: true})
}

func (s *Server) startSession(c *gin.Context, user models.PublisherUser) error {
	token := randomToken(32)
	now := time.Now().UTC()
	sess := models.Session{
		ID: sessionID(token), PublisherUserID: user.ID, PublisherID: user.PublisherID,
		UserAgent: truncate(c.Request.UserAgent(), 255), IP: c.ClientIP(),
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.cfg.Auth.SessionTTL),
	}
	if err := s.store.CreateSession(c.Request.Context(), sess); err != nil {
		return err
	}
	s.setCookie(c, SessionCookie, token, s.cfg.Auth.SessionTTL, true)
	return nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// login signs in with e-mail and password. Failures are counted per e-mail and per IP;
// past the limit the caller waits out the window whatever the password.
func (s *Server) login(c *gin.Context) error {
	var req loginRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	email := domain.NormalizeEmail(req.Email)
	var fields []domain.FieldError
	if email == "" {
		fields = append(fields, domain.FieldError{Field: "email", Message: domain.MsgEmailRequired})
	} else if !domain.ValidEmail(email) {
		fields = append(fields, domain.FieldError{Field: "email", Message: domain.MsgEmailInvalid})
	}
	if req.Password == "" {
		fields = append(fields, domain.FieldError{Field: "password", Message: domain.MsgPasswordRequired})
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	ctx := c.Request.Context()
	now := time.Now().UTC()
	window := s.cfg.Auth.LoginWindow
	byEmail, byIP, err := s.store.LoginFailuresSince(ctx, email, c.ClientIP(), now.Add(-window))
	if err != nil {
		return err
	}
	limit := int64(s.cfg.Auth.LoginMaxFailures)
	if byEmail >= limit || byIP >= 5*limit {
		minutes := int(math.Ceil(window.Minutes()))
		return &Error{Status: http.StatusTooManyRequests, Code: "too_many_attempts", RetryAfter: window,
			Message: fmt.Sprintf("Too many failed sign-in attempts. Please try again in %d minutes.", minutes)}
	}
	user, err := s.store.UserByEmail(ctx, email)
	if err != nil && !errors.Is(err, models.ErrNotFound) {
		return err
	}
	// Hash even for unknown e-mails so timing does not tell which accounts exist.
	hash := user.PasswordHash
	if hash == "" {
		hash = s.dummyHash()
	}
	if !domain.CheckPassword(req.Password, hash) || user.ID == 0 || !user.IsActive {
		if err := s.store.RecordLoginFailure(ctx, email, c.ClientIP(), now); err != nil {
			return err
		}
		return &Error{Status: http.StatusUnauthorized, Code: "invalid_credentials", Message: "Incorrect email or password."}
	}
	if err := s.store.ClearLoginFailures(ctx, email); err != nil {
		return err
	}
	if err := s.startSession(c, user); err != nil {
		return err
	}
	return ok(c, http.StatusOK, statusResponse{Status: true})
}

// dummyHash is a valid hash of a random password with the current parameters.
func (s *Server) dummyHash() string {
	s.dummyOnce.Do(func() {
		s.dummy, _ = domain.HashPassword(randomToken(16), s.pwParams)
	})
	return s.dummy
}

// logout ends the session (spec 000 section 7: GET /logout, data.status).
func (s *Server) logout(c *gin.Context) error {
	if v, exists := c.Get(ctxSession); exists {
		if err := s.store.DeleteSession(c.Request.Context(), v.(models.Session).ID); err != nil {
			return err
		}
		s.sessions.forget(v.(models.Session).ID)
	}
	s.clearCookie(c, SessionCookie, true)
	return ok(c, http.StatusOK, statusResponse{Status: true})
}

// validateSession tells whether the caller is signed in (200 either way).
func (s *Server) validateSession(c *gin.Context) error {
	_, signedIn := c.Get(ctxSession)
	return ok(c, http.StatusOK, statusResponse{Status: signedIn})
}
