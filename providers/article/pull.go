package article

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"

	"pagecast/providers/webfetch"
)

// Fetcher fetches untrusted URLs through the address guard; *webfetch.Fetcher is one.
type Fetcher interface {
	// CheckURL refuses addresses that may not be fetched, and names that do not
	// resolve, with a message for the user.
	CheckURL(ctx context.Context, raw string) (*url.URL, error)
	Get(ctx context.Context, raw string) (*webfetch.Response, error)
}

// ErrorKind says why a page could not be pulled.
type ErrorKind string

// Error kinds of Pull.
const (
	// KindRefused: the address may not be fetched (private, loopback, ...).
	KindRefused ErrorKind = "refused"
	// KindNotFound: the site answered with a client error (404, 403, 410, ...).
	KindNotFound ErrorKind = "not_found"
	// KindUnreachable: no answer, a network fault or a server error.
	KindUnreachable ErrorKind = "unreachable"
	// KindTimeout: the page took longer than the caller allowed.
	KindTimeout ErrorKind = "timeout"
	// KindNotHTML: the address is not a web page (an image, a PDF, ...).
	KindNotHTML ErrorKind = "not_html"
	// KindNoArticle: a web page without article text.
	KindNoArticle ErrorKind = "no_article"
)

// Error is a page that could not be pulled, with a message fit for the user.
type Error struct {
	Kind    ErrorKind
	Message string
	// Status is the site's HTTP status for KindNotFound and server errors.
	Status int
	Err    error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return "article: " + string(e.Kind) + ": " + e.Err.Error()
	}
	return "article: " + string(e.Kind) + ": " + e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// DefaultMaxPageBytes is how much of a page Pull reads; longer pages are cut there
// (the article is near the top; the rest is usually comments and scripts).
const DefaultMaxPageBytes = 5 << 20

// Puller fetches pages and extracts their articles.
type Puller struct {
	Fetcher Fetcher
	// MaxBytes is how much of a page is read; 0 means DefaultMaxPageBytes.
	MaxBytes int64
}

// Pull fetches raw and extracts its article. The caller bounds the time with ctx.
// Failures are *Error.
func (p *Puller) Pull(ctx context.Context, raw string) (Article, error) {
	// The early check gives clear answers (unknown host, private address); the fetch
	// checks again when it connects and after every redirect.
	if _, err := p.Fetcher.CheckURL(ctx, raw); err != nil {
		return Article{}, fetchError(ctx, err)
	}
	resp, err := p.Fetcher.Get(ctx, raw)
	if err != nil {
		return Article{}, fetchError(ctx, err)
	}
	defer resp.Body.Close()
	limit := p.MaxBytes
	if limit <= 0 {
		limit = DefaultMaxPageBytes
	}
	page, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil && !errors.Is(err, webfetch.ErrTooLarge) {
		return Article{}, fetchError(ctx, err)
	}
	contentType := resp.ContentType
	if contentType == "" {
		contentType = http.DetectContentType(page)
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	if mt != "text/html" && mt != "application/xhtml+xml" {
		if mt == "" {
			mt = "unknown"
		}
		return Article{}, &Error{Kind: KindNotHTML, Message: fmt.Sprintf("This address is not a web page (it is %s).", mt)}
	}
	final, err := url.Parse(resp.URL)
	if err != nil || resp.URL == "" {
		final, _ = url.Parse(raw)
	}
	a, err := Extract(bytes.NewReader(page), final, resp.ContentType)
	if err != nil {
		return Article{}, &Error{Kind: KindNoArticle, Message: "We could not find an article on this page.", Err: err}
	}
	return a, nil
}

// fetchError turns a fetch failure into an *Error.
func fetchError(ctx context.Context, err error) error {
	var refused *webfetch.Error
	var status *webfetch.StatusError
	var netErr net.Error
	switch {
	case errors.As(err, &refused):
		// The guard speaks of media imports; here the user gave a page.
		msg := strings.Replace(refused.Message, "Media cannot be imported from", "Pages cannot be read from", 1)
		msg = strings.Replace(msg, "can be imported", "can be read", 1)
		return &Error{Kind: KindRefused, Message: msg, Err: err}
	case errors.As(err, &status) && !status.Temporary():
		return &Error{Kind: KindNotFound, Status: status.Code, Err: err,
			Message: fmt.Sprintf("The page could not be opened: the site answered %s.", status.Status)}
	case errors.As(err, &status):
		return &Error{Kind: KindUnreachable, Status: status.Code, Err: err,
			Message: fmt.Sprintf("The site could not give us the page (it answered %s). Please try again later.", status.Status)}
	case errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil || errors.As(err, &netErr) && netErr.Timeout():
		return &Error{Kind: KindTimeout, Err: err, Message: "The page took too long to load. Please try again."}
	default:
		return &Error{Kind: KindUnreachable, Err: err, Message: "We could not reach this page. Please check the address and try again."}
	}
}
