package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"pagecast/embedded"
)

// freePort is a loopback port for a server the test starts; see
// embedded.ReservePorts for why it is not simply a closed listener's.
func freePort(t *testing.T) int {
	t.Helper()
	ports, err := embedded.ReservePorts("127.0.0.1", 1)
	if err != nil {
		t.Fatal(err)
	}
	return ports[0]
}

func waitReady(t *testing.T, url string) {
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(300 * time.Millisecond)
	}
	t.Fatalf("api at %s not ready", url)
}

func browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func getJSON(t *testing.T, c *http.Client, url string) map[string]any {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var body struct{ Data map[string]any }
	if err := json.Unmarshal(raw, &body); err != nil {
		t.Fatalf("%s: %s", url, raw)
	}
	return body.Data
}

func csrfToken(t *testing.T, c *http.Client, base string) string {
	return getJSON(t, c, base+"/api/v2/token")["token"].(string)
}

var linkPattern = regexp.MustCompile(`http://\S+/api/v2/user/email/verify/confirm\?token=\S+`)

// waitForLink waits for the verification e-mail to reach the outbox.
func waitForLink(t *testing.T, outbox, email string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		files, _ := filepath.Glob(filepath.Join(outbox, "*-"+email+".eml"))
		if len(files) > 0 {
			b, _ := os.ReadFile(files[0])
			if m := linkPattern.Find(b); m != nil {
				return string(m)
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("no verification e-mail for %s", email)
	return ""
}
