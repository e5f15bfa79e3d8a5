package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/api"
	"pagecast/config"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/captcha"
	"pagecast/store"
	"pagecast/store/storetest"
)

func TestMain(m *testing.M) {
	gin.SetMode(gin.ReleaseMode)
	os.Exit(m.Run())
}

// recordedWorkflows records the workflows the API starts.
type recordedWorkflows struct {
	mu            sync.Mutex
	verifications []int64
	videos        []int64
	pulls         []int64 // videos whose CreateVideo pulls the page first
	scenes        []int64
	automatches   []string // "AutomatchVideo:<video>:<run>[ overwrite]"
	// failVideo makes CreateVideo fail, like an unreachable Temporal.
	failVideo error
}

func (r *recordedWorkflows) CreateVideo(_ context.Context, _, id int64, pullContent bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.failVideo != nil {
		return r.failVideo
	}
	r.videos = append(r.videos, id)
	if pullContent {
		r.pulls = append(r.pulls, id)
	}
	return nil
}

func (r *recordedWorkflows) GenerateSceneAudio(_ context.Context, _, id int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.scenes = append(r.scenes, id)
	return nil
}

func (r *recordedWorkflows) AutomatchVideo(_ context.Context, _, id int64, run int, overwrite bool) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	wf := "AutomatchVideo:" + strconv.FormatInt(id, 10) + ":" + strconv.Itoa(run)
	if overwrite {
		wf += " overwrite"
	}
	r.automatches = append(r.automatches, wf)
	return "AutomatchVideo:" + strconv.FormatInt(id, 10) + ":" + strconv.Itoa(run), nil
}

func (r *recordedWorkflows) SendVerificationEmail(_ context.Context, id int64) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.verifications = append(r.verifications, id)
	return nil
}

// env is one API over one database, with a browser-like client.
type env struct {
	t     *testing.T
	store *store.Store
	srv   *httptest.Server
	wf    *recordedWorkflows
	http  *http.Client
}

func testConfig(t *testing.T) config.Config {
	t.Helper()
	t.Chdir(t.TempDir())
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func newEnv(t *testing.T, db storetest.DB, cv captcha.Verifier) *env {
	t.Helper()
	if cv == nil {
		cv = captcha.Off{}
	}
	wf := &recordedWorkflows{}
	s, err := api.New(api.Deps{
		Config: testConfig(t), Store: db.Store, Workflows: wf, Captcha: cv,
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		PasswordParams: domain.PasswordParams{Memory: 1024, Time: 1, Threads: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &env{t: t, store: db.Store, srv: srv, wf: wf, http: newBrowser(t)}
}

func newBrowser(t *testing.T) *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

type response struct {
	Status int
	Body   map[string]any
	Header http.Header
}

func (r response) code() string {
	e, _ := r.Body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

func (r response) fields() map[string]string {
	out := map[string]string{}
	e, _ := r.Body["error"].(map[string]any)
	fs, _ := e["fields"].([]any)
	for _, f := range fs {
		m := f.(map[string]any)
		out[m["field"].(string)] = m["message"].(string)
	}
	return out
}

func (r response) data() map[string]any {
	d, _ := r.Body["data"].(map[string]any)
	return d
}

// do sends a request as the browser would; a body that is a string is sent raw.
// Mutating calls carry the CSRF header unless csrf is false.
func (e *env) do(c *http.Client, method, path string, body any, csrf bool) response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		raw, _ := json.Marshal(b)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, e.srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if csrf && method != http.MethodGet {
		req.Header.Set(api.CSRFHeader, e.csrfToken(c))
	}
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	out := response{Status: resp.StatusCode, Header: resp.Header}
	raw, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

func (e *env) csrfToken(c *http.Client) string {
	u, _ := url.Parse(e.srv.URL)
	for _, ck := range c.Jar.Cookies(u) {
		if ck.Name == api.CSRFCookie {
			return ck.Value
		}
	}
	r := e.do(c, http.MethodGet, "/api/v2/token", nil, false)
	return r.data()["token"].(string)
}

func validRegistration(email string) map[string]any {
	return map[string]any{
		"signupEmail": email, "signupEmailConfirm": email, "signupPassword": "correct-horse",
		"userCategory": "Business", "websiteUrl": "https://www.example.com", "captchaToken": "",
	}
}

// signUp registers a new account in a new browser and returns the browser and account id.
func (e *env) signUp(email string) (*http.Client, int64) {
	e.t.Helper()
	c := newBrowser(e.t)
	if r := e.do(c, "POST", "/pub/v1/user/register", validRegistration(email), true); r.Status != 201 {
		e.t.Fatalf("register %s = %d %v", email, r.Status, r.Body)
	}
	u, err := e.store.UserByEmail(e.t.Context(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	return c, u.PublisherID
}

func (e *env) count(model any) int64 {
	var n int64
	if err := e.store.DB().Model(model).Count(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestRegisterAndSession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		c := e.http
		if r := e.do(c, "GET", "/api/v2/user/validateSession", nil, false); r.Status != 200 || r.data()["status"] != false {
			t.Fatalf("anonymous validateSession = %d %v", r.Status, r.Body)
		}
		if r := e.do(c, "GET", "/api/v2/user", nil, false); r.Status != 401 || r.code() != "unauthenticated" {
			t.Fatalf("anonymous user = %d %v", r.Status, r.Body)
		}
		r := e.do(c, "POST", "/pub/v1/user/register", validRegistration("Ann@Example.com"), true)
		if r.Status != 201 || r.data()["status"] != true {
			t.Fatalf("register = %d %v", r.Status, r.Body)
		}
		if r := e.do(c, "GET", "/api/v2/user/validateSession", nil, false); r.data()["status"] != true {
			t.Fatalf("validateSession after register = %v", r.Body)
		}
		u := e.do(c, "GET", "/api/v2/user", nil, false).data()
		if u["email"] != "ann@example.com" || u["domain"] != "example.com" || u["isOwner"] != true || u["isEmailVerified"] != false {
			t.Fatalf("user = %v", u)
		}
		if len(e.wf.verifications) != 1 {
			t.Fatalf("verification workflows started = %v", e.wf.verifications)
		}
		if s := e.do(c, "GET", "/api/v2/user/email/verify/status", nil, false).data()["status"]; s != "pending" {
			t.Fatalf("verification status = %v", s)
		}

		// Log out, and the session is gone server-side too.
		if r := e.do(c, "GET", "/logout", nil, false); r.Status != 200 || r.data()["status"] != true {
			t.Fatalf("logout = %d %v", r.Status, r.Body)
		}
		if r := e.do(c, "GET", "/api/v2/user", nil, false); r.Status != 401 {
			t.Fatalf("after logout user = %d", r.Status)
		}
		if n := e.count(&models.Session{}); n != 0 {
			t.Fatalf("sessions after logout = %d", n)
		}

		// Log in again with the same password, case-insensitively by e-mail.
		r = e.do(c, "POST", "/pub/v1/user/login", map[string]any{"email": "ANN@example.com", "password": "correct-horse"}, true)
		if r.Status != 200 {
			t.Fatalf("login = %d %v", r.Status, r.Body)
		}
		if r := e.do(c, "GET", "/api/v2/user", nil, false); r.Status != 200 {
			t.Fatalf("user after login = %d", r.Status)
		}
	})
}

func TestRegisterRejectsBadInput(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		with := func(k string, v any) map[string]any {
			b := validRegistration("bo@example.com")
			b[k] = v
			return b
		}
		tests := []struct {
			name      string
			method    string
			path      string
			body      any
			noCSRF    bool
			status    int
			code      string
			field     string
			fieldText string
		}{
			{name: "wrong email confirmation", body: with("signupEmailConfirm", "b0@example.com"), status: 400, code: "validation_failed", field: "signupEmailConfirm", fieldText: "emails don't match"},
			{name: "short password", body: with("signupPassword", "short"), status: 400, code: "validation_failed", field: "signupPassword", fieldText: domain.MsgPasswordLength},
			{name: "missing category", body: with("userCategory", ""), status: 400, code: "validation_failed", field: "userCategory", fieldText: domain.MsgCategoryRequired},
			{name: "bad website", body: with("websiteUrl", "not a site"), status: 400, code: "validation_failed", field: "websiteUrl"},
			{name: "malformed JSON", body: `{"signupEmail": "bo@example.com",`, status: 400, code: "malformed_json"},
			{name: "two JSON values", body: `{} {}`, status: 400, code: "malformed_json"},
			{name: "missing CSRF header", body: validRegistration("bo@example.com"), noCSRF: true, status: 403, code: "csrf_failed"},
			{name: "unknown API route", method: "POST", path: "/api/v2/nope", body: map[string]any{}, status: 404, code: "route_not_found"},
			{name: "wrong method", method: "GET", path: "/pub/v1/user/register", status: 405, code: "method_not_allowed"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				method, path := tt.method, tt.path
				if method == "" {
					method, path = "POST", "/pub/v1/user/register"
				}
				r := e.do(newBrowser(t), method, path, tt.body, !tt.noCSRF)
				if r.Status != tt.status || r.code() != tt.code {
					t.Fatalf("got %d %q, want %d %q: %v", r.Status, r.code(), tt.status, tt.code, r.Body)
				}
				if tt.field != "" {
					msg, found := r.fields()[tt.field]
					if !found || (tt.fieldText != "" && msg != tt.fieldText) {
						t.Fatalf("fields = %v, want %s: %q", r.fields(), tt.field, tt.fieldText)
					}
				}
				if n := e.count(&models.Publisher{}); n != 0 {
					t.Fatalf("%d publishers written", n)
				}
			})
		}

		// A taken e-mail is a 409 naming the field, and the first account stays whole.
		c := newBrowser(t)
		if r := e.do(c, "POST", "/pub/v1/user/register", validRegistration("bo@example.com"), true); r.Status != 201 {
			t.Fatalf("first register = %d %v", r.Status, r.Body)
		}
		r := e.do(newBrowser(t), "POST", "/pub/v1/user/register", validRegistration("BO@example.com"), true)
		if r.Status != 409 || r.code() != "email_taken" || r.fields()["signupEmail"] == "" {
			t.Fatalf("duplicate = %d %v", r.Status, r.Body)
		}
		if n := e.count(&models.Publisher{}); n != 1 {
			t.Fatalf("publishers = %d", n)
		}
	})
}

// refusingCaptcha fails every token.
type refusingCaptcha struct{ captcha.Off }

func (refusingCaptcha) Verify(context.Context, string, string) (bool, error) { return false, nil }

func TestRegisterCaptchaFailure(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t), refusingCaptcha{})
	r := e.do(e.http, "POST", "/pub/v1/user/register", validRegistration("cy@example.com"), true)
	if r.Status != 400 || r.fields()["captchaFail"] == "" {
		t.Fatalf("captcha failure = %d %v", r.Status, r.Body)
	}
	if n := e.count(&models.Publisher{}); n != 0 {
		t.Fatalf("publishers = %d", n)
	}
}

func TestLoginThrottle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		e.do(newBrowser(t), "POST", "/pub/v1/user/register", validRegistration("dee@example.com"), true)
		c := newBrowser(t)
		for i := 0; i < 5; i++ {
			r := e.do(c, "POST", "/pub/v1/user/login", map[string]any{"email": "dee@example.com", "password": "wrong-password"}, true)
			if r.Status != 401 || r.code() != "invalid_credentials" {
				t.Fatalf("attempt %d = %d %v", i, r.Status, r.Body)
			}
		}
		// Past the limit even the right password waits.
		r := e.do(c, "POST", "/pub/v1/user/login", map[string]any{"email": "dee@example.com", "password": "correct-horse"}, true)
		if r.Status != 429 || r.code() != "too_many_attempts" || r.Header.Get("Retry-After") == "" {
			t.Fatalf("throttled = %d %v", r.Status, r.Body)
		}
		// Unknown accounts get the same answer as wrong passwords.
		r = e.do(newBrowser(t), "POST", "/pub/v1/user/login", map[string]any{"email": "nobody@example.com", "password": "whatever-123"}, true)
		if r.Status != 401 || r.code() != "invalid_credentials" {
			t.Fatalf("unknown = %d %v", r.Status, r.Body)
		}
		r = e.do(newBrowser(t), "POST", "/pub/v1/user/login", map[string]any{"email": "", "password": ""}, true)
		if r.Status != 400 || r.fields()["email"] == "" || r.fields()["password"] == "" {
			t.Fatalf("empty login = %d %v", r.Status, r.Body)
		}
	})
}

func TestAccountCalls(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		ann, bo := newBrowser(t), newBrowser(t)
		e.do(ann, "POST", "/pub/v1/user/register", validRegistration("ann@example.com"), true)
		e.do(bo, "POST", "/pub/v1/user/register", validRegistration("bo@example.com"), true)

		// Password: wrong current, bad new, then success that ends other sessions.
		other := newBrowser(t)
		e.do(other, "POST", "/pub/v1/user/login", map[string]any{"email": "ann@example.com", "password": "correct-horse"}, true)
		if r := e.do(ann, "PUT", "/api/v2/account/password", map[string]any{"currentPassword": "nope-nope-nope", "newPassword": "another-horse"}, true); r.Status != 400 || r.code() != "invalid_password" {
			t.Fatalf("wrong current = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "PUT", "/api/v2/account/password", map[string]any{"currentPassword": "correct-horse", "newPassword": "short"}, true); r.Status != 400 || r.fields()["newPassword"] == "" {
			t.Fatalf("short new = %d %v", r.Status, r.Body)
		}
		r := e.do(ann, "PUT", "/api/v2/account/password", map[string]any{"currentPassword": "correct-horse", "newPassword": "another-horse"}, true)
		if r.Status != 200 || r.data()["message"] != "Password has been updated." {
			t.Fatalf("change = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", "/api/v2/user", nil, false); r.Status != 200 {
			t.Fatalf("own session ended: %d", r.Status)
		}
		if r := e.do(other, "GET", "/api/v2/user", nil, false); r.Status != 401 {
			t.Fatalf("other session survived: %d", r.Status)
		}

		// Workspaces are per account.
		r = e.do(ann, "POST", "/api/v2/user/workspaces", map[string]any{"name": "  Client   work "}, true)
		if r.Status != 201 || r.data()["name"] != "Client work" {
			t.Fatalf("create workspace = %d %v", r.Status, r.Body)
		}
		wsID := int64(r.data()["workspaceId"].(float64))
		path := "/api/v2/user/workspaces/" + strconv.FormatInt(wsID, 10)
		if r := e.do(bo, "PUT", path, map[string]any{"name": "mine now"}, true); r.Status != 404 {
			t.Fatalf("cross-account rename = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "PUT", path, map[string]any{"name": ""}, true); r.Status != 400 {
			t.Fatalf("empty name = %d", r.Status)
		}
		if r := e.do(ann, "PUT", path, map[string]any{"name": "Clients"}, true); r.Status != 200 || r.data()["name"] != "Clients" {
			t.Fatalf("rename = %d %v", r.Status, r.Body)
		}
		var list struct{ Data []map[string]any }
		raw := e.raw(bo, "/api/v2/user/workspaces")
		_ = json.Unmarshal(raw, &list)
		if len(list.Data) != 1 || list.Data[0]["isDefault"] != true {
			t.Fatalf("bo's workspaces = %s", raw)
		}

		// Legal agreement.
		if d := e.do(ann, "GET", "/api/v2/legal/agreement", nil, false).data(); d["hasAgreedToTerms"] != false {
			t.Fatalf("agreement = %v", d)
		}
		if r := e.do(ann, "POST", "/api/v2/legal/agreement/sign", map[string]any{"hasAgreedToTerms": true, "videoProductionAgreementVersionId": 99}, true); r.Status != 400 {
			t.Fatalf("old version = %d", r.Status)
		}
		if r := e.do(ann, "POST", "/api/v2/legal/agreement/sign", map[string]any{"hasAgreedToTerms": true, "videoProductionAgreementVersionId": 1}, true); r.Status != 200 {
			t.Fatalf("sign = %d %v", r.Status, r.Body)
		}
		if d := e.do(ann, "GET", "/api/v2/legal/agreement", nil, false).data(); d["hasAgreedToTerms"] != true {
			t.Fatalf("agreement after sign = %v", d)
		}

		// User config merges keys; null removes one.
		e.do(ann, "POST", "/api/v2/user/config", map[string]any{"walkthrough": true, "theme": "dark"}, true)
		r = e.do(ann, "POST", "/api/v2/user/config", map[string]any{"theme": nil}, true)
		if d := r.data(); d["walkthrough"] != true || d["theme"] != nil {
			t.Fatalf("config = %v", r.Body)
		}
		if r := e.do(ann, "POST", "/api/v2/user/config", `[1,2]`, true); r.Status != 400 {
			t.Fatalf("array config = %d", r.Status)
		}

		// Verification: resend is throttled right after sign-up's e-mail.
		if r := e.do(ann, "POST", "/api/v2/user/email/verify", nil, true); r.Status != 429 || r.code() != "verification_throttled" {
			t.Fatalf("resend = %d %v", r.Status, r.Body)
		}
		// Protected calls without a session, and with a bad confirm token.
		if r := e.do(newBrowser(t), "POST", "/api/v2/user/workspaces", map[string]any{"name": "x"}, true); r.Status != 401 {
			t.Fatalf("anonymous create = %d", r.Status)
		}
		if r := e.do(ann, "GET", "/api/v2/user/email/verify/confirm?token=bogus", nil, false); r.Status != 303 || !strings.Contains(r.Header.Get("Location"), "result=invalid") {
			t.Fatalf("bad token = %d %v", r.Status, r.Header)
		}
	})
}

func (e *env) raw(c *http.Client, path string) []byte {
	resp, err := c.Get(e.srv.URL + path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return b
}

func TestSessionExpiry(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t), nil)
	e.do(e.http, "POST", "/pub/v1/user/register", validRegistration("eve@example.com"), true)
	// Age every session past its expiry.
	if err := e.store.DB().Model(&models.Session{}).Where("1 = 1").Update("expires_at", time.Now().Add(-time.Minute).UTC()).Error; err != nil {
		t.Fatal(err)
	}
	if r := e.do(e.http, "GET", "/api/v2/user", nil, false); r.Status != 401 {
		t.Fatalf("expired session = %d", r.Status)
	}
}

func TestHealthAndMetrics(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t), nil)
	if r := e.do(e.http, "GET", "/healthz", nil, false); r.Status != 200 {
		t.Fatalf("healthz = %d", r.Status)
	}
	r := e.do(e.http, "GET", "/readyz", nil, false)
	if r.Status != 200 || r.data()["checks"].(map[string]any)["database"] != "ok" {
		t.Fatalf("readyz = %d %v", r.Status, r.Body)
	}
	if r.Header.Get("X-Request-ID") == "" {
		t.Fatal("no request id")
	}
	if b := string(e.raw(e.http, "/metrics")); !strings.Contains(b, `pagecast_http_requests_total{method="GET",route="/readyz",status="200"} 1`) {
		t.Fatalf("metrics lack the readyz count:\n%.2000s", b)
	}
}
