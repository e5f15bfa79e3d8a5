// Package benchclient is the API client of the bench commands: a browser-like session
// (cookies and the CSRF header) that signs up and makes JSON calls.
package benchclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"time"
)

// Client is one signed-in user of a running Pagecast.
type Client struct {
	HTTP  *http.Client
	Base  string
	token string
}

// New returns a client of the Pagecast at base whose calls time out after timeout.
func New(base string, timeout time.Duration) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{HTTP: &http.Client{Jar: jar, Timeout: timeout}, Base: base}
}

// SignUp registers a new account and keeps its session.
func (c *Client) SignUp() error {
	var tok struct{ Token string }
	if err := c.Call("GET", "/api/v2/token", nil, &tok); err != nil {
		return err
	}
	c.token = tok.Token
	email := fmt.Sprintf("bench-%d@example.com", time.Now().UnixNano())
	return c.Call("POST", "/pub/v1/user/register", map[string]any{"signupEmail": email, "signupEmailConfirm": email,
		"signupPassword": "bench-password", "userCategory": "Business"}, nil)
}

// Call sends a JSON call and decodes the data of the answer into out (nil: ignored).
func (c *Client) Call(method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, c.Base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", c.token)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %d %s", method, path, resp.StatusCode, raw)
	}
	if out == nil {
		return nil
	}
	var env struct{ Data json.RawMessage }
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	return json.Unmarshal(env.Data, out)
}
