package webfetch_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"pagecast/providers/webfetch"
)

// fakeDNS answers from a table; unknown names do not exist.
func fakeDNS(table map[string][]string) func(context.Context, string) ([]netip.Addr, error) {
	return func(_ context.Context, host string) ([]netip.Addr, error) {
		var out []netip.Addr
		for _, s := range table[host] {
			out = append(out, netip.MustParseAddr(s))
		}
		if len(out) == 0 {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return out, nil
	}
}

func TestCheckURLRefusesInternalAddresses(t *testing.T) {
	f := webfetch.New(webfetch.Options{Lookup: fakeDNS(map[string][]string{
		"media.example.com":  {"93.184.216.34"},
		"rebind.example.com": {"93.184.216.34", "127.0.0.1"},
		"inside.example.com": {"10.1.2.3"},
		"v6.example.com":     {"2606:4700::1111"},
	})})
	refused := []string{
		"http://127.0.0.1/a.mp4",
		"http://127.1.2.3:8080/a.mp4",
		"http://localhost/a.mp4",
		"http://LOCALHOST./a.mp4",
		"http://app.localhost/a.mp4",
		"http://169.254.169.254/latest/meta-data/",
		"http://metadata.google.internal/computeMetadata/v1/",
		"http://100.100.100.200/latest/meta-data/",
		"http://[fd00:ec2::254]/latest/meta-data/",
		"http://2130706433/",
		"http://0x7f000001/",
		"http://0x7f.1/",
		"http://0177.0.0.1/",
		"http://127.1/",
		"http://017700000001/",
		"http://[::1]/",
		"http://[::ffff:127.0.0.1]/",
		"http://[::ffff:7f00:1]/",
		"http://[::127.0.0.1]/",
		"http://[64:ff9b::127.0.0.1]/",
		"http://[2002:7f00:1::]/",
		"http://[fe80::1%25eth0]/",
		"http://0.0.0.0/",
		"http://[::]/",
		"http://10.0.0.1/",
		"http://172.16.5.4/",
		"http://192.168.1.1/",
		"http://224.0.0.1/",
		"http://255.255.255.255/",
		"http://intranet/",
		"http://printer.local/",
		"http://inside.example.com/",
		"http://rebind.example.com/",
		"http://nxdomain.example.com/",
		"ftp://media.example.com/a.mp4",
		"file:///etc/passwd",
		"gopher://media.example.com/",
		"http:///a.mp4",
		"http://1.2.3.999/",
		"not a url at all",
	}
	for _, raw := range refused {
		_, err := f.CheckURL(context.Background(), raw)
		var e *webfetch.Error
		if !errors.As(err, &e) || e.Message == "" {
			t.Errorf("CheckURL(%q) = %v, want a refusal with a message", raw, err)
		}
	}
	for _, raw := range []string{"https://media.example.com/clip.mp4", "http://93.184.216.34/a.jpg", "http://v6.example.com:8080/a.mp3", "http://[2606:4700::1111]/a.png"} {
		if _, err := f.CheckURL(context.Background(), raw); err != nil {
			t.Errorf("CheckURL(%q) = %v, want ok", raw, err)
		}
	}
	// The messages say what is wrong.
	_, err := f.CheckURL(context.Background(), "http://2130706433/")
	if !strings.Contains(err.Error(), "loopback") {
		t.Errorf("decimal loopback message = %q", err)
	}
	_, err = f.CheckURL(context.Background(), "http://169.254.169.254/")
	if !strings.Contains(err.Error(), "metadata") {
		t.Errorf("metadata message = %q", err)
	}
}

func TestAllowLoopbackIsNarrow(t *testing.T) {
	f := webfetch.New(webfetch.Options{AllowLoopback: true, Lookup: fakeDNS(nil)})
	if _, err := f.CheckURL(context.Background(), "http://127.0.0.1:9/a.mp4"); err != nil {
		t.Fatalf("loopback with AllowLoopback: %v", err)
	}
	for _, raw := range []string{"http://169.254.169.254/", "http://10.0.0.1/", "http://[fe80::1]/"} {
		if _, err := f.CheckURL(context.Background(), raw); err == nil {
			t.Errorf("%s allowed with AllowLoopback", raw)
		}
	}
}

func TestGetStreamsWithinCap(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/small":
			_, _ = io.WriteString(w, strings.Repeat("a", 1000))
		case "/big":
			w.Header().Set("Content-Length", "5000")
			_, _ = io.WriteString(w, strings.Repeat("b", 5000))
		case "/chunked":
			w.(http.Flusher).Flush() // no Content-Length
			for i := 0; i < 5; i++ {
				_, _ = io.WriteString(w, strings.Repeat("c", 1000))
				w.(http.Flusher).Flush()
			}
		case "/slow":
			time.Sleep(time.Second)
		case "/missing":
			http.NotFound(w, r)
		case "/broken":
			w.WriteHeader(http.StatusBadGateway)
		}
	}))
	defer srv.Close()
	f := webfetch.New(webfetch.Options{AllowLoopback: true, MaxBytes: 2000, Timeout: 300 * time.Millisecond})
	ctx := context.Background()

	resp, err := f.Get(ctx, srv.URL+"/small")
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || len(b) != 1000 {
		t.Fatalf("small: %d bytes, %v", len(b), err)
	}
	if _, err := f.Get(ctx, srv.URL+"/big"); !errors.Is(err, webfetch.ErrTooLarge) {
		t.Fatalf("big declared: %v", err)
	}
	resp, err = f.Get(ctx, srv.URL+"/chunked")
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.ReadAll(resp.Body)
	resp.Body.Close()
	if !errors.Is(err, webfetch.ErrTooLarge) {
		t.Fatalf("big chunked: %v", err)
	}
	var se *webfetch.StatusError
	if _, err := f.Get(ctx, srv.URL+"/missing"); !errors.As(err, &se) || se.Code != 404 || se.Temporary() {
		t.Fatalf("missing: %v", err)
	}
	if _, err := f.Get(ctx, srv.URL+"/broken"); !errors.As(err, &se) || !se.Temporary() {
		t.Fatalf("broken: %v", err)
	}
	start := time.Now()
	if _, err := f.Get(ctx, srv.URL+"/slow"); err == nil || time.Since(start) > 900*time.Millisecond {
		t.Fatalf("slow: %v after %s", err, time.Since(start))
	}
	// Without AllowLoopback the same server is refused.
	strict := webfetch.New(webfetch.Options{})
	var e *webfetch.Error
	if _, err := strict.Get(ctx, srv.URL+"/small"); !errors.As(err, &e) {
		t.Fatalf("strict get of loopback: %v", err)
	}
}

// TestRedirectsAndRebindingAreChecked serves a "public" host from a loopback test
// server: the fake DNS says media.example.com is 93.184.216.34 and the dial hook
// carries that address to the test server. Whatever it redirects to, and whatever
// rebind.example.com resolves to at dial time, is checked like the first address.
func TestRedirectsAndRebindingAreChecked(t *testing.T) {
	var target string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/to-loopback":
			http.Redirect(w, r, target, http.StatusFound)
		case "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case "/to-decimal":
			http.Redirect(w, r, "http://2130706433/", http.StatusMovedPermanently)
		case "/to-rebind":
			http.Redirect(w, r, "http://rebind.example.com/ok", http.StatusFound)
		case "/to-file":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		case "/ok":
			_, _ = io.WriteString(w, "media")
		}
	}))
	defer srv.Close()
	target = srv.URL + "/ok"
	testAddr := srv.Listener.Addr().String()
	dialed := []string{}
	f := webfetch.New(webfetch.Options{
		Lookup: fakeDNS(map[string][]string{"media.example.com": {"93.184.216.34"}, "rebind.example.com": {"127.0.0.1"}}),
		Dial: func(ctx context.Context, network, addr string) (net.Conn, error) {
			dialed = append(dialed, addr)
			if strings.HasPrefix(addr, "93.184.216.34:") {
				var d net.Dialer
				return d.DialContext(ctx, network, testAddr)
			}
			return nil, errors.New("test dialer: unexpected address " + addr)
		},
	})
	ctx := context.Background()
	u, _ := url.Parse(srv.URL)
	public := "http://media.example.com:" + u.Port()

	resp, err := f.Get(ctx, public+"/ok")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	for _, path := range []string{"/to-loopback", "/to-metadata", "/to-decimal", "/to-rebind", "/to-file"} {
		_, err := f.Get(ctx, public+path)
		var e *webfetch.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want a refusal", path, err)
		}
	}
	for _, a := range dialed {
		if !strings.HasPrefix(a, "93.184.216.34:") {
			t.Errorf("dialed %s", a)
		}
	}
}

// TestRebindingIsCheckedAtDial resolves a name to a public address when the URL is
// checked and to loopback when the fetch connects: the fetch is refused.
func TestRebindingIsCheckedAtDial(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	// A name that resolves to loopback only when dialled (DNS rebinding).
	calls := 0
	f := webfetch.New(webfetch.Options{Lookup: func(context.Context, string) ([]netip.Addr, error) {
		calls++
		if calls == 1 {
			return []netip.Addr{netip.MustParseAddr("93.184.216.34")}, nil
		}
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}})
	if _, err := f.CheckURL(context.Background(), "http://flip.example.com:"+u.Port()+"/"); err != nil {
		t.Fatalf("first answer is public: %v", err)
	}
	_, err := f.Get(context.Background(), "http://flip.example.com:"+u.Port()+"/")
	var e *webfetch.Error
	if !errors.As(err, &e) || !strings.Contains(e.Message, "loopback") {
		t.Fatalf("rebound fetch = %v, want a loopback refusal", err)
	}
}
