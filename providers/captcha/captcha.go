// Package captcha verifies the captcha token of the sign-up form. Turnstile, hCaptcha
// and reCAPTCHA share one documented "siteverify" API (a form POST of secret,
// response and remoteip answered by JSON with "success"), so one adapter serves all
// three. Off is the honest local default: no captcha is asked for and none is checked.
package captcha

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// ErrUnavailable means the captcha service could not be asked; the sign-up should be
// retried later rather than failed as a bad captcha.
var ErrUnavailable = errors.New("captcha service unavailable")

// Verifier checks captcha tokens.
type Verifier interface {
	// Verify reports whether token is a valid, unused captcha answer.
	Verify(ctx context.Context, token, remoteIP string) (bool, error)
	// Info tells the web client what to show.
	Info() Info
}

// Info is what the web client needs to render the captcha.
type Info struct {
	Enabled  bool   `json:"enabled"`
	Provider string `json:"provider"`
	SiteKey  string `json:"siteKey"`
}

// Off is the local default: captcha disabled, every token accepted, and the client is
// told so.
type Off struct{}

// Verify accepts every token: there is nothing to check against.
func (Off) Verify(context.Context, string, string) (bool, error) { return true, nil }

// Info reports captcha as disabled.
func (Off) Info() Info { return Info{} }

// DefaultVerifyURLs are the documented siteverify endpoints.
var DefaultVerifyURLs = map[string]string{
	"turnstile": "https://challenges.cloudflare.com/turnstile/v0/siteverify",
	"hcaptcha":  "https://api.hcaptcha.com/siteverify",
	"recaptcha": "https://www.google.com/recaptcha/api/siteverify",
}

// SiteVerify is the adapter for a hosted captcha's siteverify API.
type SiteVerify struct {
	provider, siteKey, secret, verifyURL string
	http                                 *http.Client
}

// NewSiteVerify builds the adapter; verifyURL defaults to the provider's documented one.
func NewSiteVerify(provider, siteKey, secret, verifyURL string) (*SiteVerify, error) {
	if verifyURL == "" {
		verifyURL = DefaultVerifyURLs[provider]
	}
	if verifyURL == "" {
		return nil, fmt.Errorf("captcha: unknown provider %q", provider)
	}
	if secret == "" || siteKey == "" {
		return nil, errors.New("captcha: site key and secret are required")
	}
	return &SiteVerify{provider: provider, siteKey: siteKey, secret: secret, verifyURL: verifyURL,
		http: &http.Client{Timeout: 10 * time.Second}}, nil
}

// Info reports the provider and its public site key.
func (v *SiteVerify) Info() Info {
	return Info{Enabled: true, Provider: v.provider, SiteKey: v.siteKey}
}

// Verify asks the provider whether token is valid.
func (v *SiteVerify) Verify(ctx context.Context, token, remoteIP string) (bool, error) {
	if strings.TrimSpace(token) == "" {
		return false, nil
	}
	form := url.Values{"secret": {v.secret}, "response": {token}}
	if remoteIP != "" {
		form.Set("remoteip", remoteIP)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, v.verifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return false, fmt.Errorf("captcha: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := v.http.Do(req)
	if err != nil {
		return false, fmt.Errorf("captcha: %w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return false, fmt.Errorf("captcha: %w: status %d", ErrUnavailable, resp.StatusCode)
	}
	var body struct {
		Success    bool     `json:"success"`
		ErrorCodes []string `json:"error-codes"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return false, fmt.Errorf("captcha: %w: bad answer: %v", ErrUnavailable, err)
	}
	for _, code := range body.ErrorCodes {
		// A wrong secret is our fault, not the user's.
		if code == "invalid-input-secret" || code == "missing-input-secret" {
			return false, fmt.Errorf("captcha: %w: %s", ErrUnavailable, code)
		}
	}
	return body.Success, nil
}
