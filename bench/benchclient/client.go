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
	"os"
	"path/filepath"
	"strconv"
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

// PutFile uploads file to the object store as the browser does (a presigned URL asked
// for, then PUT) and returns the upload to confirm.
func (c *Client) PutFile(file, mime string) (fileUploadID string, err error) {
	st, err := os.Stat(file)
	if err != nil {
		return "", err
	}
	var target struct {
		URL          string
		FileUploadID string
		Headers      map[string]string
	}
	if err := c.Call("POST", "/api/v2/upload/url", map[string]any{"name": filepath.Base(file), "type": mime, "size": st.Size()}, &target); err != nil {
		return "", err
	}
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	req, _ := http.NewRequest("PUT", target.URL, f)
	req.ContentLength = st.Size()
	for k, v := range target.Headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("PUT: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("PUT: status %d", resp.StatusCode)
	}
	return target.FileUploadID, nil
}

// Import uploads file into the media library and waits until its import is complete.
func (c *Client) Import(file, mime string) (assetID int64, err error) {
	id, err := c.PutFile(file, mime)
	if err != nil {
		return 0, err
	}
	var asset struct{ AssetID int64 }
	if err := c.Call("POST", "/api/v2/upload/confirmUpload", map[string]any{"fileUploadId": id}, &asset); err != nil {
		return 0, err
	}
	deadline := time.Now().Add(5 * time.Minute)
	for {
		var list []struct {
			State        string
			ErrorMessage string
		}
		if err := c.Call("GET", "/api/v2/asset/status?assetIds="+strconv.FormatInt(asset.AssetID, 10), nil, &list); err != nil {
			return 0, err
		}
		if len(list) == 1 && list[0].State == "complete" {
			return asset.AssetID, nil
		}
		if len(list) == 1 && list[0].State == "error" {
			return 0, fmt.Errorf("import of %s failed: %s", filepath.Base(file), list[0].ErrorMessage)
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("import of %s not complete in 5 minutes", filepath.Base(file))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
