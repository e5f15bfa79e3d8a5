// Package webfetch fetches untrusted URLs (media to import) without letting them
// reach the machine or network the worker runs in: loopback, private, link-local,
// cloud-metadata and other special addresses are refused in every spelling, after
// every redirect and after DNS resolution, at the moment of connecting (so a name
// that resolves to a public address when checked and a private one when dialled,
// DNS rebinding, gets nowhere). Bodies are capped in size and time.
package webfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Error is a refused URL, with a message fit for the user.
type Error struct {
	Message string
}

func (e *Error) Error() string { return e.Message }

// ErrTooLarge is returned (wrapped) when a body is longer than Options.MaxBytes.
var ErrTooLarge = errors.New("webfetch: body too large")

// StatusError is a non-2xx answer.
type StatusError struct {
	Code   int
	Status string
}

func (e *StatusError) Error() string { return "webfetch: server answered " + e.Status }

// Temporary reports whether asking again later may work (server errors, throttling).
func (e *StatusError) Temporary() bool {
	return e.Code >= 500 || e.Code == http.StatusRequestTimeout || e.Code == http.StatusTooManyRequests
}

// Options tunes a Fetcher.
type Options struct {
	// AllowLoopback lets URLs reach 127.0.0.0/8, ::1 and localhost. For tests only;
	// private, link-local and metadata addresses stay refused.
	AllowLoopback bool
	// MaxBytes caps a body; 0 means no cap.
	MaxBytes int64
	// Timeout bounds a whole fetch, body included; 0 means 10 minutes.
	Timeout time.Duration
	// MaxRedirects followed; 0 means 5.
	MaxRedirects int
	// Lookup resolves host names; nil uses the system resolver. Tests replace it.
	Lookup func(ctx context.Context, host string) ([]netip.Addr, error)
	// Dial connects to an address that passed the checks; nil uses a net.Dialer whose
	// Control hook checks the socket's address once more. Tests replace it.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
}

// Fetcher fetches untrusted URLs safely; it is safe for concurrent use.
type Fetcher struct {
	o      Options
	client *http.Client
}

// New returns a Fetcher.
func New(o Options) *Fetcher {
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Minute
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = 5
	}
	if o.Lookup == nil {
		o.Lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		}
	}
	f := &Fetcher{o: o}
	if f.o.Dial == nil {
		d := &net.Dialer{Timeout: 15 * time.Second, KeepAlive: 30 * time.Second, Control: f.control}
		f.o.Dial = d.DialContext
	}
	f.client = &http.Client{
		Timeout: o.Timeout,
		Transport: &http.Transport{
			Proxy:                 nil, // never hand the request to a proxy that could reach inside
			DialContext:           f.dialContext,
			ForceAttemptHTTP2:     true,
			TLSHandshakeTimeout:   15 * time.Second,
			ResponseHeaderTimeout: 30 * time.Second,
			MaxIdleConns:          16,
			IdleConnTimeout:       30 * time.Second,
		},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > f.o.MaxRedirects {
				return &Error{Message: fmt.Sprintf("The address redirected more than %d times.", f.o.MaxRedirects)}
			}
			_, err := f.checkSyntax(req.URL)
			return err
		},
	}
	return f
}

// CheckURL parses raw and refuses it unless it is an http(s) URL whose host is a
// public name or address and resolves only to public addresses. The fetch checks
// again when it connects; this early check gives users a clear answer at once.
func (f *Fetcher) CheckURL(ctx context.Context, raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, &Error{Message: "This is not a valid URL."}
	}
	host, err := f.checkSyntax(u)
	if err != nil {
		return nil, err
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return u, nil // a literal address, checked by checkSyntax
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := f.o.Lookup(ctx, host)
	if err != nil || len(addrs) == 0 {
		return nil, &Error{Message: fmt.Sprintf("We could not find the host %s. Please check the address.", host)}
	}
	for _, a := range addrs {
		if reason := f.refusal(a); reason != "" {
			return nil, &Error{Message: fmt.Sprintf("Media cannot be imported from %s: it resolves to %s, %s.", host, a.Unmap(), reason)}
		}
	}
	return u, nil
}

// checkSyntax checks the scheme and the host as written, and returns the host (an
// address in canonical form, or a lower-case name).
func (f *Fetcher) checkSyntax(u *url.URL) (string, error) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return "", &Error{Message: "Only http and https URLs can be imported."}
	}
	host := strings.TrimSuffix(strings.ToLower(u.Hostname()), ".")
	if host == "" {
		return "", &Error{Message: "The URL has no host."}
	}
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return "", &Error{Message: "The URL has an invalid port."}
		}
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if reason := f.refusal(a); reason != "" {
			return "", &Error{Message: fmt.Sprintf("Media cannot be imported from %s: it is %s.", a, reason)}
		}
		return a.String(), nil
	}
	if a, ok := parseLegacyIPv4(host); ok {
		// 2130706433, 0x7f.1, 0177.0.0.1 and friends: legal to old resolvers, used to
		// sneak past naive checks.
		if reason := f.refusal(a); reason != "" {
			return "", &Error{Message: fmt.Sprintf("Media cannot be imported from %s: it is %s (%s).", host, reason, a)}
		}
		return "", &Error{Message: fmt.Sprintf("Please write the address %s as four decimal numbers (%s).", host, a)}
	}
	if reason := f.nameRefusal(host); reason != "" {
		return "", &Error{Message: fmt.Sprintf("Media cannot be imported from %s: %s.", host, reason)}
	}
	return host, nil
}

// nameRefusal refuses names that only make sense inside a network.
func (f *Fetcher) nameRefusal(host string) string {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") || host == "localhost.localdomain" ||
		host == "ip6-localhost" || host == "ip6-loopback" {
		if f.o.AllowLoopback {
			return ""
		}
		return "it is this server (loopback), which is not allowed"
	}
	for _, name := range []string{"metadata.google.internal", "metadata", "instance-data"} {
		if host == name || strings.HasPrefix(host, name+".") {
			return "it is a cloud metadata service, which is not allowed"
		}
	}
	for _, suffix := range []string{".internal", ".local", ".localdomain", ".lan", ".home.arpa", ".intranet", ".corp"} {
		if strings.HasSuffix(host, suffix) {
			return "it is a private network name, which is not allowed"
		}
	}
	if !strings.Contains(host, ".") {
		return "a public host name has at least one dot"
	}
	for _, r := range host {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '.' || r == '_') {
			return "the host name has characters host names cannot have"
		}
	}
	last := host[strings.LastIndexByte(host, '.')+1:]
	if strings.Trim(last, "0123456789") == "" {
		return "it is not a valid address or host name"
	}
	return ""
}

// parseLegacyIPv4 parses the IPv4 forms inet_aton accepts besides a.b.c.d: one to
// four parts, each decimal, octal (leading 0) or hexadecimal (0x), the last filling
// the remaining bytes.
func parseLegacyIPv4(s string) (netip.Addr, bool) {
	parts := strings.Split(s, ".")
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	vals := make([]uint64, len(parts))
	for i, p := range parts {
		base := 10
		switch {
		case strings.HasPrefix(p, "0x"):
			p, base = p[2:], 16
		case len(p) > 1 && p[0] == '0':
			p, base = p[1:], 8
		}
		if p == "" {
			return netip.Addr{}, false
		}
		v, err := strconv.ParseUint(p, base, 32)
		if err != nil {
			return netip.Addr{}, false
		}
		vals[i] = v
	}
	n := len(vals)
	var ip uint64
	for i := 0; i < n-1; i++ {
		if vals[i] > 0xff {
			return netip.Addr{}, false
		}
		ip |= vals[i] << (24 - 8*i)
	}
	if vals[n-1] >= 1<<(8*(5-n)) {
		return netip.Addr{}, false
	}
	ip |= vals[n-1]
	return netip.AddrFrom4([4]byte{byte(ip >> 24), byte(ip >> 16), byte(ip >> 8), byte(ip)}), true
}

var (
	loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	private  = []netip.Prefix{
		netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("172.16.0.0/12"),
		netip.MustParsePrefix("192.168.0.0/16"), netip.MustParsePrefix("100.64.0.0/10"), // CGNAT; Alibaba's metadata too
		netip.MustParsePrefix("fc00::/7"), // unique local; AWS's IPv6 metadata too
	}
	linkLocal = []netip.Prefix{
		netip.MustParsePrefix("169.254.0.0/16"), // AWS, GCP and Azure metadata live here
		netip.MustParsePrefix("fe80::/10"), netip.MustParsePrefix("fec0::/10"),
	}
	reserved = []netip.Prefix{
		netip.MustParsePrefix("0.0.0.0/8"), netip.MustParsePrefix("192.0.0.0/24"),
		netip.MustParsePrefix("192.0.2.0/24"), netip.MustParsePrefix("198.18.0.0/15"),
		netip.MustParsePrefix("198.51.100.0/24"), netip.MustParsePrefix("203.0.113.0/24"),
		netip.MustParsePrefix("224.0.0.0/4"), netip.MustParsePrefix("240.0.0.0/4"),
		netip.MustParsePrefix("::/96"),         // unspecified and IPv4-compatible
		netip.MustParsePrefix("100::/64"),      // discard
		netip.MustParsePrefix("2001::/23"),     // IETF protocol assignments, Teredo
		netip.MustParsePrefix("2001:db8::/32"), // documentation
		netip.MustParsePrefix("64:ff9b:1::/48"),
		netip.MustParsePrefix("ff00::/8"),
	}
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// refusal returns why the address may not be fetched, or "".
func (f *Fetcher) refusal(a netip.Addr) string {
	a = a.Unmap().WithZone("")
	// IPv6 forms that carry an IPv4 address inside are judged by that address.
	if a.Is6() && nat64.Contains(a) {
		b := a.As16()
		return f.refusal(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}))
	}
	if a.Is6() && sixToFour.Contains(a) {
		b := a.As16()
		return f.refusal(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}))
	}
	in := func(ps []netip.Prefix) bool {
		for _, p := range ps {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	switch {
	case in(loopback):
		if f.o.AllowLoopback {
			return ""
		}
		return "this server (loopback), which is not allowed"
	case in(private):
		return "a private network address, which is not allowed"
	case in(linkLocal):
		return "a link-local or cloud metadata address, which is not allowed"
	case in(reserved) || !a.IsGlobalUnicast():
		return "a reserved address, which is not allowed"
	}
	return ""
}

// dialContext resolves the host, keeps only the addresses that may be fetched and
// connects to one of them. Connecting to the very address that was checked is what
// defeats DNS rebinding.
func (f *Fetcher) dialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		if addrs, err = f.o.Lookup(ctx, host); err != nil {
			return nil, fmt.Errorf("webfetch: resolve %s: %w", host, err)
		}
	}
	var refused string
	var lastErr error
	for _, a := range addrs {
		if reason := f.refusal(a); reason != "" {
			refused = fmt.Sprintf("Media cannot be imported from %s: it resolves to %s, %s.", host, a.Unmap(), reason)
			continue
		}
		conn, err := f.o.Dial(ctx, network, net.JoinHostPort(a.Unmap().String(), port))
		if err == nil {
			return conn, nil
		}
		lastErr = err
	}
	if lastErr != nil {
		return nil, lastErr
	}
	if refused != "" {
		return nil, &Error{Message: refused}
	}
	return nil, fmt.Errorf("webfetch: %s has no addresses", host)
}

// control is the dialer's last check, on the socket's own address.
func (f *Fetcher) control(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return err
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return &Error{Message: "Media cannot be imported from this address."}
	}
	if reason := f.refusal(a); reason != "" {
		return &Error{Message: fmt.Sprintf("Media cannot be imported from %s: it is %s.", a.Unmap(), reason)}
	}
	return nil
}

// Response is an open answer to a fetch; the caller closes Body.
type Response struct {
	Body io.ReadCloser
	// ContentLength is -1 when the server did not say.
	ContentLength int64
	ContentType   string
	// URL is the address that answered, after redirects.
	URL string
}

// Get fetches raw. Refused addresses give *Error; answers other than 2xx give
// *StatusError; a body longer than MaxBytes gives ErrTooLarge, before reading it
// when the server declares its length, else while reading.
func (f *Fetcher) Get(ctx context.Context, raw string) (*Response, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return nil, &Error{Message: "This is not a valid URL."}
	}
	if _, err := f.checkSyntax(u); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &Error{Message: "This is not a valid URL."}
	}
	req.Header.Set("User-Agent", "Pagecast-MediaImport/1.0")
	req.Header.Set("Accept", "video/*, image/*, audio/*;q=0.9, */*;q=0.5")
	resp, err := f.client.Do(req)
	if err != nil {
		var refused *Error
		if errors.As(err, &refused) {
			return nil, refused
		}
		return nil, fmt.Errorf("webfetch: get: %w", err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		resp.Body.Close()
		return nil, &StatusError{Code: resp.StatusCode, Status: resp.Status}
	}
	if f.o.MaxBytes > 0 && resp.ContentLength > f.o.MaxBytes {
		resp.Body.Close()
		return nil, fmt.Errorf("%w: %d bytes declared", ErrTooLarge, resp.ContentLength)
	}
	body := resp.Body
	if f.o.MaxBytes > 0 {
		body = &capped{rc: resp.Body, left: f.o.MaxBytes}
	}
	return &Response{Body: body, ContentLength: resp.ContentLength, ContentType: resp.Header.Get("Content-Type"),
		URL: resp.Request.URL.String()}, nil
}

// capped fails a read once more than its allowance has come through.
type capped struct {
	rc   io.ReadCloser
	left int64
}

func (c *capped) Read(p []byte) (int, error) {
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.rc.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return 0, ErrTooLarge
	}
	return n, err
}

func (c *capped) Close() error { return c.rc.Close() }
