// Package stock searches stock photo and video libraries (Pexels, Pixabay) for media
// that fits a slide. Every provider sits behind one Searcher; Sources asks all the
// configured ones. A provider without an API key is simply not there: nothing is
// pretended locally. Configuration is passed in; nothing here reads the environment.
package stock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Errors a Searcher wraps, so callers can tell retryable failures from final ones.
var (
	// ErrUnavailable: the provider could not be reached or is overloaded (network
	// errors, 429, 5xx); try again later.
	ErrUnavailable = errors.New("stock provider unavailable")
	// ErrRejected: the provider refused the request (bad key, bad query); retrying
	// will not help.
	ErrRejected = errors.New("stock request rejected")
)

// Kind is what a search looks for.
type Kind string

// Kinds of media.
const (
	KindImage Kind = "image"
	KindVideo Kind = "video"
)

// Orientation narrows a search to wide or tall media; "" means any.
type Orientation string

// Orientations.
const (
	Landscape Orientation = "landscape"
	Portrait  Orientation = "portrait"
)

// Query is one search.
type Query struct {
	Text        string
	Kind        Kind
	Orientation Orientation
	// PerPage is how many items to ask for; 0 means DefaultPerPage.
	PerPage int
}

// Search limits.
const (
	DefaultPerPage = 15
	MaxPerPage     = 80  // Pexels' limit; Pixabay allows more
	maxQueryRunes  = 100 // Pixabay's limit
)

// Item is one stock photo or video.
type Item struct {
	Provider string // "pexels", "pixabay"
	ID       string // the provider's id
	Kind     Kind
	// URL downloads the media (a size fit for a 1080p video).
	URL string
	// PreviewURL is a small picture of it.
	PreviewURL string
	// PageURL is the item's page on the provider's site.
	PageURL string
	// Width and Height are the original's pixels.
	Width, Height int
	DurationSec   float64 // videos only
	// Text describes it: tags, alt text or the words of its page's address.
	Text string
	// Attribution credits the author, e.g. "Photo by Ann on Pexels".
	Attribution string
}

// Key names the item uniquely across providers, e.g. "pexels:image:123".
func (it Item) Key() string { return it.Provider + ":" + string(it.Kind) + ":" + it.ID }

// Searcher searches one stock library.
type Searcher interface {
	// Name is the provider's name, e.g. "pexels".
	Name() string
	// Search returns up to q.PerPage items, best first; an empty query finds nothing.
	Search(ctx context.Context, q Query) ([]Item, error)
}

// Sources asks several stock libraries at once. The zero value (no providers) finds
// nothing and reports Configured false.
type Sources struct {
	searchers []Searcher
}

// NewSources combines searchers; nil ones are skipped.
func NewSources(ss ...Searcher) *Sources {
	out := &Sources{}
	for _, s := range ss {
		if s != nil {
			out.searchers = append(out.searchers, s)
		}
	}
	return out
}

// Configured reports whether any stock library is set up.
func (s *Sources) Configured() bool { return s != nil && len(s.searchers) > 0 }

// Names lists the configured providers.
func (s *Sources) Names() []string {
	if s == nil {
		return nil
	}
	var out []string
	for _, x := range s.searchers {
		out = append(out, x.Name())
	}
	return out
}

// Search asks every provider in turn and interleaves their answers (first of each,
// then second of each, ...), up to q.PerPage items. A provider that fails is left
// out; the error is returned only when every provider failed.
func (s *Sources) Search(ctx context.Context, q Query) ([]Item, error) {
	if !s.Configured() {
		return nil, nil
	}
	perPage := q.PerPage
	if perPage <= 0 {
		perPage = DefaultPerPage
	}
	var lists [][]Item
	var errs []error
	for _, x := range s.searchers {
		items, err := x.Search(ctx, q)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		lists = append(lists, items)
	}
	if len(lists) == 0 {
		return nil, errors.Join(errs...)
	}
	var out []Item
	for i := 0; len(out) < perPage; i++ {
		added := false
		for _, l := range lists {
			if i < len(l) && len(out) < perPage {
				out = append(out, l[i])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out, nil
}

// normalise trims the query text to what providers accept and fills defaults.
func (q Query) normalise() (Query, error) {
	q.Text = strings.Join(strings.Fields(q.Text), " ")
	if utf8.RuneCountInString(q.Text) > maxQueryRunes {
		r := []rune(q.Text)[:maxQueryRunes]
		q.Text = strings.TrimSpace(string(r))
	}
	if q.Kind != KindImage && q.Kind != KindVideo {
		return q, fmt.Errorf("stock: %w: kind %q", ErrRejected, q.Kind)
	}
	if q.Orientation != "" && q.Orientation != Landscape && q.Orientation != Portrait {
		return q, fmt.Errorf("stock: %w: orientation %q", ErrRejected, q.Orientation)
	}
	if q.PerPage <= 0 {
		q.PerPage = DefaultPerPage
	}
	q.PerPage = min(q.PerPage, MaxPerPage)
	return q, nil
}

// fits reports whether w x h has the asked orientation.
func fits(o Orientation, w, h int) bool {
	switch o {
	case Landscape:
		return w >= h
	case Portrait:
		return h >= w
	}
	return true
}

// client is what both adapters share: a base URL and an HTTP client.
type client struct {
	provider string
	base     *url.URL
	http     *http.Client
}

func newClient(provider, baseURL, defaultBase string, hc *http.Client) (client, error) {
	if baseURL == "" {
		baseURL = defaultBase
	}
	u, err := url.Parse(strings.TrimSuffix(baseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return client{}, fmt.Errorf("%s: base URL %q is not an http(s) URL", provider, baseURL)
	}
	if hc == nil {
		hc = &http.Client{Timeout: 20 * time.Second}
	}
	return client{provider: provider, base: u, http: hc}, nil
}

// get asks path with params and decodes the JSON answer into out.
func (c client) get(ctx context.Context, path string, params url.Values, header http.Header, out any) error {
	u := *c.base
	u.Path += path
	u.RawQuery = params.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return fmt.Errorf("%s: %w", c.provider, err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s: %w: %v", c.provider, ErrUnavailable, redact(err, params))
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		kind := ErrRejected
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			kind = ErrUnavailable
		}
		msg := strings.TrimSpace(string(body))
		if !utf8.ValidString(msg) || len(msg) > 200 {
			msg = ""
		}
		return fmt.Errorf("%s: %w: status %d %s", c.provider, kind, resp.StatusCode, msg)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 8<<20)).Decode(out); err != nil {
		return fmt.Errorf("%s: %w: bad answer: %v", c.provider, ErrUnavailable, err)
	}
	return nil
}

// redact keeps a key sent in the query string out of error messages.
func redact(err error, params url.Values) string {
	s := err.Error()
	if k := params.Get("key"); k != "" {
		s = strings.ReplaceAll(s, url.QueryEscape(k), "***")
		s = strings.ReplaceAll(s, k, "***")
	}
	return s
}

// slugWords turns the last path segment of a page address into words
// ("/video/aerial-view-of-a-beach-2169880/" -> "aerial view of a beach").
func slugWords(page string) string {
	u, err := url.Parse(page)
	if err != nil {
		return ""
	}
	segs := strings.Split(strings.Trim(u.Path, "/"), "/")
	slug := segs[len(segs)-1]
	var words []string
	for _, w := range strings.Split(slug, "-") {
		if w == "" || strings.Trim(w, "0123456789") == "" {
			continue
		}
		words = append(words, w)
	}
	return strings.Join(words, " ")
}
