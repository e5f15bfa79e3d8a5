package captcha

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

// siteverify speaks the documented API: form fields secret, response, remoteip.
func siteverify(t *testing.T) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		_ = r.ParseForm()
		resp := map[string]any{"success": false, "error-codes": []string{}}
		switch {
		case r.Form.Get("secret") != "s3cret":
			resp["error-codes"] = []string{"invalid-input-secret"}
		case r.Form.Get("response") == "good" && r.Form.Get("remoteip") == "203.0.113.9":
			resp["success"] = true
		case r.Form.Get("response") == "down":
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		default:
			resp["error-codes"] = []string{"invalid-input-response"}
		}
		_ = json.NewEncoder(w).Encode(resp)
	}))
}

func TestSiteVerify(t *testing.T) {
	srv := siteverify(t)
	defer srv.Close()
	tests := []struct {
		name, secret, token string
		want                bool
		unavailable         bool
	}{
		{name: "valid", secret: "s3cret", token: "good", want: true},
		{name: "invalid token", secret: "s3cret", token: "bad"},
		{name: "empty token", secret: "s3cret", token: ""},
		{name: "wrong secret", secret: "nope", token: "good", unavailable: true},
		{name: "service down", secret: "s3cret", token: "down", unavailable: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := NewSiteVerify("turnstile", "site", tt.secret, srv.URL)
			if err != nil {
				t.Fatal(err)
			}
			got, err := v.Verify(context.Background(), tt.token, "203.0.113.9")
			if tt.unavailable != errors.Is(err, ErrUnavailable) {
				t.Fatalf("err = %v, unavailable want %v", err, tt.unavailable)
			}
			if got != tt.want {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
	v, _ := NewSiteVerify("hcaptcha", "site", "s3cret", srv.URL)
	if info := v.Info(); !info.Enabled || info.Provider != "hcaptcha" || info.SiteKey != "site" {
		t.Fatalf("info = %+v", info)
	}
	if (Off{}).Info().Enabled {
		t.Fatal("Off says enabled")
	}
}
