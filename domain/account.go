// Package domain holds Pagecast's product rules as pure functions: no I/O, fast to test.
package domain

import (
	"net"
	"net/mail"
	"net/url"
	"strings"
	"unicode/utf8"
)

// Password length bounds, in characters (spec 001 section 9).
const (
	PasswordMinLen = 10
	PasswordMaxLen = 20
)

// FieldError is a validation failure of one input field, shown under that field.
type FieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// Registration is the sign-up form (spec 001 section 3, "Registration form").
type Registration struct {
	SignupEmail        string
	SignupEmailConfirm string
	SignupPassword     string
	UserCategory       string
	WebsiteURL         string
}

// Field error messages of sign-up and sign-in.
const (
	MsgEmailRequired      = "Email is required"
	MsgEmailInvalid       = "Please enter a valid email"
	MsgEmailConfirmNeeded = "Please confirm your email"
	MsgEmailsDontMatch    = "emails don't match"
	MsgPasswordRequired   = "Password is required"
	MsgPasswordLength     = "Password must be between 10 and 20 characters"
	MsgCategoryRequired   = "Please choose a category"
	MsgWebsiteInvalid     = "Please enter a valid website URL"
)

// NormalizeEmail trims and lower-cases an e-mail so lookups ignore case.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidEmail reports whether s is a bare address like ann@example.com.
func ValidEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	return at > 0 && strings.Contains(s[at+1:], ".")
}

// ValidatePassword returns the field error for a new password, or "".
func ValidatePassword(p string) string {
	n := utf8.RuneCountInString(p)
	switch {
	case n == 0:
		return MsgPasswordRequired
	case n < PasswordMinLen || n > PasswordMaxLen:
		return MsgPasswordLength
	}
	return ""
}

// Validate applies the registration rules (spec 001 section 5) and returns every
// field error, in form order. The caller normalises e-mails first.
func (r Registration) Validate() []FieldError {
	var errs []FieldError
	add := func(f, m string) { errs = append(errs, FieldError{Field: f, Message: m}) }
	switch {
	case r.SignupEmail == "":
		add("signupEmail", MsgEmailRequired)
	case !ValidEmail(r.SignupEmail):
		add("signupEmail", MsgEmailInvalid)
	}
	switch {
	case r.SignupEmailConfirm == "":
		add("signupEmailConfirm", MsgEmailConfirmNeeded)
	case !ValidEmail(r.SignupEmailConfirm):
		add("signupEmailConfirm", MsgEmailInvalid)
	case r.SignupEmailConfirm != r.SignupEmail:
		add("signupEmailConfirm", MsgEmailsDontMatch)
	}
	if m := ValidatePassword(r.SignupPassword); m != "" {
		add("signupPassword", m)
	}
	if r.UserCategory != "Individual" && r.UserCategory != "Business" {
		add("userCategory", MsgCategoryRequired)
	}
	if r.WebsiteURL != "" {
		if _, ok := SiteDomain(r.WebsiteURL); !ok {
			add("websiteUrl", MsgWebsiteInvalid)
		}
	}
	return errs
}

// SiteDomain returns the normalised host of a website address ("https://www.Example.com/x"
// -> "example.com"), accepting a bare host too. ok is false for anything that is not a
// public-looking web address.
func SiteDomain(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil {
		return "", false
	}
	host := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if host == "" || net.ParseIP(host) != nil || !strings.Contains(host, ".") || strings.ContainsAny(host, " _") {
		return "", false
	}
	return strings.TrimPrefix(host, "www."), true
}
