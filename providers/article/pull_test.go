package article

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"pagecast/providers/webfetch"
)

func TestPull(t *testing.T) {
	page, err := os.ReadFile("testdata/harbour.html")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/article", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write(page)
	})
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/article", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/untyped", func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Content-Type"] = nil // sniffed
		_, _ = w.Write(page)
	})
	mux.HandleFunc("/photo.png", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png")
		_, _ = w.Write([]byte("\x89PNG\r\n\x1a\n"))
	})
	mux.HandleFunc("/gone", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "gone", http.StatusGone) })
	mux.HandleFunc("/broken", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "oops", http.StatusBadGateway) })
	mux.HandleFunc("/login", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html><body><form><input name=email><button>Sign in</button></form></body></html>"))
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(5 * time.Second):
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()

	open := &Puller{Fetcher: webfetch.New(webfetch.Options{AllowLoopback: true})}
	for _, path := range []string{"/article", "/moved", "/untyped"} {
		a, err := open.Pull(t.Context(), srv.URL+path)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if a.Title != "How a small harbour town reinvented its fishing trade" || len(a.Images) != 3 {
			t.Fatalf("%s: article = %+v", path, a)
		}
		// Relative pictures resolve against the address that answered.
		if a.Images[1].URL != srv.URL+"/images/market-stalls.jpg" {
			t.Errorf("%s: image = %q", path, a.Images[1].URL)
		}
	}

	for _, tc := range []struct {
		name    string
		puller  *Puller
		url     string
		timeout time.Duration
		kind    ErrorKind
		message string
	}{
		{"not a web page", open, srv.URL + "/photo.png", 0, KindNotHTML, "not a web page (it is image/png)"},
		{"client error", open, srv.URL + "/gone", 0, KindNotFound, "410 Gone"},
		{"server error", open, srv.URL + "/broken", 0, KindUnreachable, "502 Bad Gateway"},
		{"no article", open, srv.URL + "/login", 0, KindNoArticle, "could not find an article"},
		{"timeout", open, srv.URL + "/slow", 200 * time.Millisecond, KindTimeout, "took too long"},
		{"loopback refused by default", &Puller{Fetcher: webfetch.New(webfetch.Options{})}, srv.URL + "/article", 0, KindRefused,
			"Pages cannot be read from 127.0.0.1"},
		{"nothing listening", open, "http://127.0.0.1:1/article", 0, KindUnreachable, "could not reach"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := t.Context()
			if tc.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.timeout)
				defer cancel()
			}
			_, err := tc.puller.Pull(ctx, tc.url)
			var e *Error
			if !errors.As(err, &e) || e.Kind != tc.kind || !strings.Contains(e.Message, tc.message) {
				t.Fatalf("err = %#v", err)
			}
		})
	}
}

func TestPullCutsLongPages(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<html><head><title>Long</title></head><body><article>" + strings.Repeat(para, 2000) + "</article></body></html>"))
	}))
	defer srv.Close()
	p := &Puller{Fetcher: webfetch.New(webfetch.Options{AllowLoopback: true}), MaxBytes: 64 << 10}
	a, err := p.Pull(t.Context(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(a.Body); n < 100 || n > 600 {
		t.Fatalf("%d blocks from the first 64 KiB", n)
	}
}
