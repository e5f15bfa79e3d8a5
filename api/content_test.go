package api_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"pagecast/api"
	"pagecast/blob"
	"pagecast/config"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/article"
	"pagecast/providers/captcha"
	"pagecast/providers/webfetch"
	"pagecast/store/storetest"
)

// noObjects is an object store for tests whose assets never complete (nothing is
// presigned or stored).
type noObjects struct{}

func (noObjects) PresignPut(context.Context, string, string, time.Duration) (string, error) {
	return "", errors.New("no object store")
}
func (noObjects) PresignGet(context.Context, string, time.Duration) (string, error) {
	return "", errors.New("no object store")
}
func (noObjects) Head(context.Context, string) (blob.ObjectInfo, error) {
	return blob.ObjectInfo{}, errors.New("no object store")
}
func (noObjects) Put(context.Context, string, io.Reader, int64, string) error {
	return errors.New("no object store")
}
func (noObjects) Delete(context.Context, string) error       { return errors.New("no object store") }
func (noObjects) Copy(context.Context, string, string) error { return errors.New("no object store") }

// contentEnv is the API with content pulling and the media library's URL imports.
type contentEnv struct {
	*env
	awf  *recordedAssetWorkflows
	page *httptest.Server
}

// harbourPage is a news article with navigation, ads and a footer around it (read
// at start: tests change directory).
var harbourPage, harbourErr = os.ReadFile("../providers/article/testdata/harbour.html")

// articleSite serves a news article, its pictures' addresses, and pages that fail.
func articleSite(t *testing.T) *httptest.Server {
	t.Helper()
	if harbourErr != nil {
		t.Fatal(harbourErr)
	}
	mux := http.NewServeMux()
	var srv *httptest.Server
	mux.HandleFunc("/travel/bergvik", func(w http.ResponseWriter, r *http.Request) {
		// The hero picture lives on the same (loopback) server, so it may be imported.
		html := strings.ReplaceAll(string(harbourPage), "https://cdn.coastaltimes.example", srv.URL)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(html))
	})
	mux.HandleFunc("/photo.jpg", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/jpeg")
		_, _ = w.Write([]byte("\xff\xd8\xff\xe0"))
	})
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html><body><nav><a href=/>Home</a></nav><form><input name=q></form></body></html>"))
	})
	srv = httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// siteDNS sends the test's site names to loopback, where the article site listens.
func siteDNS(_ context.Context, host string) ([]netip.Addr, error) {
	switch host {
	case "blog.example.com", "www.example.com", "example.com", "news.other.org":
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

func newContentEnv(t *testing.T, db storetest.DB, allowLoopback bool) *contentEnv {
	t.Helper()
	cfg := testConfig(t)
	cfg.Assets.AllowLoopbackURLs = allowLoopback
	return newContentEnvWith(t, db, cfg, nil)
}

func newContentEnvWith(t *testing.T, db storetest.DB, cfg config.Config, puller api.ArticlePuller) *contentEnv {
	t.Helper()
	fetcher := webfetch.New(webfetch.Options{AllowLoopback: cfg.Assets.AllowLoopbackURLs, Lookup: siteDNS})
	if puller == nil {
		puller = &article.Puller{Fetcher: fetcher}
	}
	wf, awf := &recordedWorkflows{}, &recordedAssetWorkflows{}
	s, err := api.New(api.Deps{
		Config: cfg, Store: db.Store, Workflows: wf, Captcha: captcha.Off{},
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		PasswordParams: domain.PasswordParams{Memory: 1024, Time: 1, Threads: 1},
		Assets:         &api.AssetDeps{Workflows: awf, Objects: noObjects{}, URLs: fetcher, SpoolDir: t.TempDir()},
		Content:        &api.ContentDeps{Articles: puller},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &contentEnv{env: &env{t: t, store: db.Store, srv: srv, wf: wf, http: newBrowser(t)}, awf: awf, page: articleSite(t)}
}

// pageURL is the article site's address under host (which siteDNS sends to it).
func (e *contentEnv) pageURL(host, path string) string {
	u, _ := url.Parse(e.page.URL)
	return "http://" + host + ":" + u.Port() + path
}

// signUpWithSite registers an account whose website (and selected domain) is site;
// "" registers one without a domain.
func (e *contentEnv) signUpWithSite(email, site string) (*http.Client, int64) {
	e.t.Helper()
	c := newBrowser(e.t)
	reg := validRegistration(email)
	reg["websiteUrl"] = site
	if r := e.do(c, "POST", "/pub/v1/user/register", reg, true); r.Status != 201 {
		e.t.Fatalf("register %s = %d %v", email, r.Status, r.Body)
	}
	u, err := e.store.UserByEmail(e.t.Context(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	return c, u.PublisherID
}

func TestURLContent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newContentEnv(t, db, true)
		ann, pub := e.signUpWithSite("ann@example.com", "https://www.example.com")

		r := e.do(ann, "PUT", "/api/v2/urlContent", map[string]any{"url": e.pageURL("blog.example.com", "/travel/bergvik"), "extraTime": true}, true)
		if r.Status != 200 {
			t.Fatalf("urlContent = %d %v", r.Status, r.Body)
		}
		d := r.data()
		if d["title"] != "How a small harbour town reinvented its fishing trade" ||
			d["description"] != "Bergvik's fishermen turned a dying trade into a tourist draw, one dawn market at a time." {
			t.Fatalf("title/description = %v / %v", d["title"], d["description"])
		}
		if kw, _ := d["keywords"].([]any); len(kw) != 4 || kw[0] != "fishing" {
			t.Errorf("keywords = %v", d["keywords"])
		}
		text, _ := d["text"].(string)
		paras := strings.Split(text, "\n\n")
		if len(paras) != 10 || paras[0] != d["title"] || paras[3] != "The dawn market" || strings.Contains(text, "Subscribe") {
			t.Errorf("text = %q", text)
		}
		body, _ := d["body"].([]any)
		var types []string
		imageAssets := map[string]int64{}
		for _, b := range body {
			m := b.(map[string]any)
			types = append(types, m["type"].(string))
			if m["type"] == "image" {
				imageAssets[m["src"].(string)] = num(m["assetId"])
			}
		}
		if len(types) != 15 || types[0] != "title" || types[1] != "image" || types[8] != "listItem" {
			t.Errorf("body types = %v", types)
		}

		// Every picture became a pending image asset imported by URL, in the page's
		// order (og:image first), and the body's image blocks name them.
		assets, _ := d["assets"].([]any)
		if len(assets) != 3 {
			t.Fatalf("assets = %v", d["assets"])
		}
		hero := assets[0].(map[string]any)
		if hero["type"] != "image" || hero["state"] != "pending" || num(hero["source"]) != 10 || hero["name"] != "harbour-hero.jpg" ||
			!strings.HasPrefix(hero["text"].(string), "Fishing boats moored in Bergvik harbour at dawn") {
			t.Errorf("hero asset = %v", hero)
		}
		for _, a := range assets {
			id := num(a.(map[string]any)["assetId"])
			if fromURL, started := e.awf.imports[id]; !started || !fromURL {
				t.Errorf("import of asset %d not started from its URL: %v", id, e.awf.imports)
			}
		}
		if got := imageAssets[e.page.URL+"/images/harbour-hero.jpg"]; got != num(hero["assetId"]) {
			t.Errorf("hero block names asset %d, want %v (blocks %v)", got, hero["assetId"], imageAssets)
		}
		var stored []models.Asset
		if err := e.store.DB().Where("publisher_id = ?", pub).Order("id").Find(&stored).Error; err != nil {
			t.Fatal(err)
		}
		if len(stored) != 3 || stored[1].SourceURL != e.pageURL("blog.example.com", "/images/market-stalls.jpg") || stored[1].TypeID != models.AssetTypeIDImage {
			t.Errorf("stored assets = %+v", stored)
		}

		// minCharsPerSlide joins scraps to their neighbours.
		r = e.do(ann, "PUT", "/api/v2/urlContent?maxSentencesPerSlide=3&minCharsPerSlide=160", map[string]any{"url": e.pageURL("www.example.com", "/travel/bergvik")}, true)
		if r.Status != 200 || len(strings.Split(r.data()["text"].(string), "\n\n")) != 8 {
			t.Fatalf("with minCharsPerSlide = %d %v", r.Status, r.data()["text"])
		}

		for _, tc := range []struct {
			name   string
			query  string
			body   any
			status int
			code   string
			msg    string
		}{
			{"another domain", "", map[string]any{"url": "https://news.other.org/story"}, 400, "url_not_from_domain", "URL must be from example.com"},
			{"a look-alike domain", "", map[string]any{"url": "https://notexample.com/story"}, 400, "url_not_from_domain", "URL must be from example.com"},
			{"loopback is not the user's domain", "", map[string]any{"url": e.page.URL + "/travel/bergvik"}, 400, "url_not_from_domain", ""},
			{"not http", "", map[string]any{"url": "ftp://example.com/story"}, 400, "invalid_page_url", "invalid page URL"},
			{"not a URL", "", map[string]any{"url": "http://exa mple.com/"}, 400, "invalid_page_url", "invalid page URL"},
			{"no host", "", map[string]any{"url": "https:///story"}, 400, "invalid_page_url", "invalid page URL"},
			{"empty", "", map[string]any{"url": " "}, 400, "validation_failed", "Please enter a URL"},
			{"bad extraTime", "", `{"url":"https://example.com/x","extraTime":"soon"}`, 400, "malformed_json", ""},
			{"bad maxSentencesPerSlide", "?maxSentencesPerSlide=11", map[string]any{"url": "https://example.com/x"}, 400, "validation_failed", domain.MsgMaxSentencesPerSlide},
			{"bad minCharsPerSlide", "?minCharsPerSlide=-1", map[string]any{"url": "https://example.com/x"}, 400, "validation_failed", "Min characters per slide"},
			{"site answers 404", "", map[string]any{"url": e.pageURL("example.com", "/missing")}, 422, "page_not_found", "404 Not Found"},
			{"not a web page", "", map[string]any{"url": e.pageURL("example.com", "/photo.jpg")}, 422, "not_a_web_page", "image/jpeg"},
			{"no article", "", map[string]any{"url": e.pageURL("example.com", "/login")}, 422, "no_article_text", "could not find an article"},
			{"unknown host", "", map[string]any{"url": "https://nowhere.example.com/story"}, 400, "invalid_page_url", "could not find the host"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := e.do(ann, "PUT", "/api/v2/urlContent"+tc.query, tc.body, true)
				if r.Status != tc.status || r.code() != tc.code || !strings.Contains(r.message(), tc.msg) {
					t.Fatalf("= %d %v", r.Status, r.Body)
				}
			})
		}
		if n := e.count(&models.Asset{}); n != 6 {
			t.Errorf("%d assets after the refusals, want the 6 of the two pulls", n)
		}

		// CSRF and a session are required.
		if r := e.do(ann, "PUT", "/api/v2/urlContent", map[string]any{"url": "https://example.com/x"}, false); r.Status != 403 {
			t.Errorf("without CSRF = %d", r.Status)
		}
		if r := e.do(newBrowser(t), "PUT", "/api/v2/urlContent", map[string]any{"url": "https://example.com/x"}, true); r.Status != 401 {
			t.Errorf("signed out = %d", r.Status)
		}

		// An admin may pull any page; so may a user without a selected domain.
		if err := e.store.DB().Model(&models.PublisherUser{}).Where("publisher_id = ?", pub).Update("is_admin", true).Error; err != nil {
			t.Fatal(err)
		}
		if r := e.do(ann, "PUT", "/api/v2/urlContent", map[string]any{"url": e.pageURL("news.other.org", "/travel/bergvik")}, true); r.Status != 200 {
			t.Errorf("admin, other domain = %d %v", r.Status, r.Body)
		}
		bo, _ := e.signUpWithSite("bo@example.com", "")
		if r := e.do(bo, "PUT", "/api/v2/urlContent", map[string]any{"url": e.page.URL + "/travel/bergvik"}, true); r.Status != 200 {
			t.Errorf("no domain, loopback page = %d %v", r.Status, r.Body)
		}
	})
}

func TestURLContentRefusesLoopbackByDefault(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newContentEnv(t, db, false)
		c, _ := e.signUpWithSite("cy@example.com", "")
		for _, u := range []string{e.page.URL + "/travel/bergvik", e.pageURL("blog.example.com", "/travel/bergvik"), "http://10.0.0.8/story", "http://169.254.169.254/latest/meta-data/"} {
			r := e.do(c, "PUT", "/api/v2/urlContent", map[string]any{"url": u}, true)
			if r.Status != 400 || r.code() != "invalid_page_url" || !strings.Contains(r.message(), "Pages cannot be read from") {
				t.Errorf("%s = %d %v", u, r.Status, r.Body)
			}
		}
		if n := e.count(&models.Asset{}); n != 0 {
			t.Errorf("%d assets", n)
		}
	})
}

// failingPuller answers every pull with one error.
type failingPuller struct{ err error }

func (f failingPuller) Pull(context.Context, string) (article.Article, error) {
	return article.Article{}, f.err
}

func TestURLContentErrors(t *testing.T) {
	db := storetest.SQLite(t)
	for _, tc := range []struct {
		err    error
		status int
		code   string
	}{
		{&article.Error{Kind: article.KindTimeout, Message: "The page took too long to load. Please try again."}, 504, "page_timeout"},
		{&article.Error{Kind: article.KindUnreachable, Message: "We could not reach this page."}, 502, "page_unreachable"},
		{&article.Error{Kind: article.KindNotFound, Status: 403, Message: "The page could not be opened."}, 422, "page_not_found"},
		{errors.New("disk on fire"), 500, "internal"},
	} {
		e := newContentEnvWith(t, db, testConfig(t), failingPuller{tc.err})
		c, _ := e.signUpWithSite(strings.ReplaceAll(tc.code, "_", "")+"@example.com", "")
		r := e.do(c, "PUT", "/api/v2/urlContent", map[string]any{"url": "https://example.com/story"}, true)
		if r.Status != tc.status || r.code() != tc.code || strings.Contains(r.message(), "disk") {
			t.Errorf("%v = %d %v", tc.err, r.Status, r.Body)
		}
	}
}

func TestURLContentOffAnswers503(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t), nil)
	c, _ := e.signUp("dee@example.com")
	if r := e.do(c, "PUT", "/api/v2/urlContent", map[string]any{"url": "https://example.com/x"}, true); r.Status != 503 || r.code() != "content_unavailable" {
		t.Fatalf("= %d %v", r.Status, r.Body)
	}
}
