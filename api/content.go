package api

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/article"
)

// ArticlePuller fetches a page through the URL guard and extracts its article;
// *article.Puller is one. Failures are *article.Error.
type ArticlePuller interface {
	Pull(ctx context.Context, rawURL string) (article.Article, error)
}

// ContentDeps is what pulling content from a page needs.
type ContentDeps struct {
	Articles ArticlePuller
}

func (d *ContentDeps) check() error {
	if d.Articles == nil {
		return errors.New("api: content article puller is required")
	}
	return nil
}

var errContentUnavailable = &Error{Status: http.StatusServiceUnavailable, Code: "content_unavailable",
	Message: "Pulling content from pages is not available on this server."}

// requireContent answers 503 when the server runs without content pulling.
func (s *Server) requireContent() gin.HandlerFunc {
	return func(c *gin.Context) {
		if s.content == nil {
			_ = c.Error(errContentUnavailable)
			c.Abort()
			return
		}
		c.Next()
	}
}

// Limits of pulling content (docs/decisions.md, "Content and automatch").
const (
	// pageTimeout bounds fetching and reading one page.
	pageTimeout = 15 * time.Second
	// extraTimeTrue is what extraTime: true adds; a number adds that many seconds, up
	// to maxExtraTime.
	extraTimeTrue = 15 * time.Second
	maxExtraTime  = 30 * time.Second
	// maxPulledAssets is how many of a page's pictures become library assets.
	maxPulledAssets = 10
	maxPageURLLen   = 2048
	maxMinChars     = 1000
)

// extraTime is the request's extraTime: true (more time), false, null or a number of
// seconds.
type extraTime time.Duration

func (e *extraTime) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch x := v.(type) {
	case nil:
		*e = 0
	case bool:
		*e = 0
		if x {
			*e = extraTime(extraTimeTrue)
		}
	case float64:
		if x < 0 {
			x = 0
		}
		*e = extraTime(min(time.Duration(x*float64(time.Second)), maxExtraTime))
	default:
		return errors.New("extraTime must be a boolean or a number of seconds")
	}
	return nil
}

type urlContentRequest struct {
	URL       string    `json:"url"`
	ExtraTime extraTime `json:"extraTime"`
}

// contentBlock is one block of a pulled page; image blocks carry the asset made
// from the picture, when one was.
type contentBlock struct {
	Type    string `json:"type"`
	Text    string `json:"text"`
	Src     string `json:"src,omitempty"`
	Alt     string `json:"alt,omitempty"`
	AssetID int64  `json:"assetId,omitempty"`
}

type urlContentResponse struct {
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Keywords    []string        `json:"keywords"`
	Body        []contentBlock  `json:"body"`
	Text        string          `json:"text"`
	Assets      []assetResponse `json:"assets"`
}

// errInvalidPageURL is the spec's message for a content URL that is not a web address.
func errInvalidPageURL() *Error {
	return &Error{Status: http.StatusBadRequest, Code: "invalid_page_url", Message: "invalid page URL",
		Fields: []domain.FieldError{{Field: "url", Message: "invalid page URL"}}}
}

// urlContent pulls a page's article (spec 001 section 7, PUT /v2/urlContent): title,
// description, keywords, body blocks, the body as a script, and the page's pictures
// imported into the library. The page is fetched through the URL guard of media
// imports.
func (s *Server) urlContent(c *gin.Context) error {
	var req urlContentRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	var fields []domain.FieldError
	if v := c.Query("maxSentencesPerSlide"); v != "" {
		// Checked here so a bad setting is caught early; the video's own setting splits
		// its slides when it is created.
		if n, err := strconv.Atoi(v); err != nil || domain.ValidateMaxSentencesPerSlide(n) != "" {
			fields = append(fields, domain.FieldError{Field: "maxSentencesPerSlide", Message: domain.MsgMaxSentencesPerSlide})
		}
	}
	minChars := 0
	if v := c.Query("minCharsPerSlide"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > maxMinChars {
			fields = append(fields, domain.FieldError{Field: "minCharsPerSlide", Message: fmt.Sprintf("Min characters per slide must be between 0 and %d", maxMinChars)})
		}
		minChars = n
	}
	if len(fields) > 0 {
		return validation(fields...)
	}
	ctx := c.Request.Context()
	pageURL, err := s.checkPageURL(ctx, session(c), req.URL)
	if err != nil {
		return err
	}

	pullCtx, cancel := context.WithTimeout(ctx, pageTimeout+time.Duration(req.ExtraTime))
	defer cancel()
	a, err := s.content.Articles.Pull(pullCtx, pageURL)
	if err != nil {
		return pullError(err)
	}

	resp := urlContentResponse{Title: a.Title, Description: a.Description, Keywords: a.Keywords, Assets: []assetResponse{}}
	if resp.Keywords == nil {
		resp.Keywords = []string{}
	}
	resp.Text, _ = a.Script(minChars)
	imported := map[string]int64{}
	if s.assets != nil {
		pulled, err := s.importArticleImages(ctx, session(c).PublisherID, a.Images)
		if err != nil {
			return err
		}
		for _, p := range pulled {
			imported[p.src] = p.asset.ID
			r, err := s.assetJSON(ctx, p.asset)
			if err != nil {
				return err
			}
			resp.Assets = append(resp.Assets, r)
		}
	}
	resp.Body = make([]contentBlock, 0, len(a.Body))
	for _, b := range a.Body {
		resp.Body = append(resp.Body, contentBlock{Type: b.Type, Text: b.Text, Src: b.Src, Alt: b.Alt, AssetID: imported[b.Src]})
	}
	return ok(c, http.StatusOK, resp)
}

// checkPageURL returns the page address to fetch: an http(s) URL with a host (a bare
// host and path get https://) that, for a user who is not an admin, belongs to the
// selected domain or a subdomain of it. A user without a selected domain may use any
// page.
func (s *Server) checkPageURL(ctx context.Context, sess models.Session, raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", validation(domain.FieldError{Field: "url", Message: "Please enter a URL"})
	}
	if len(raw) > maxPageURLLen || strings.ContainsAny(raw, " \t\r\n") {
		return "", errInvalidPageURL()
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" || u.User != nil {
		return "", errInvalidPageURL()
	}
	u.Fragment = ""
	user, err := s.store.UserByID(ctx, sess.PublisherUserID)
	if err != nil {
		return "", err
	}
	if user.IsAdmin || user.SelectedDomainID == nil {
		return u.String(), nil
	}
	d, err := s.store.DomainByID(ctx, sess.PublisherID, *user.SelectedDomainID)
	if errors.Is(err, models.ErrNotFound) {
		return u.String(), nil // the selected domain is gone: treated as none
	}
	if err != nil {
		return "", err
	}
	if !onDomain(u.Hostname(), d.DomainName) {
		msg := "URL must be from " + d.DomainName
		return "", &Error{Status: http.StatusBadRequest, Code: "url_not_from_domain", Message: msg,
			Fields: []domain.FieldError{{Field: "url", Message: msg}}}
	}
	return u.String(), nil
}

// onDomain reports whether host is domain or one of its subdomains (www. and a
// trailing dot do not matter).
func onDomain(host, dom string) bool {
	host = strings.TrimPrefix(strings.TrimSuffix(strings.ToLower(host), "."), "www.")
	dom = strings.TrimPrefix(strings.TrimSuffix(strings.ToLower(dom), "."), "www.")
	return dom != "" && (host == dom || strings.HasSuffix(host, "."+dom))
}

// pullError maps a failed pull to its answer.
func pullError(err error) error {
	var e *article.Error
	if !errors.As(err, &e) {
		return err
	}
	status, code := http.StatusBadGateway, "page_unreachable"
	switch e.Kind {
	case article.KindRefused:
		return &Error{Status: http.StatusBadRequest, Code: "invalid_page_url", Message: e.Message,
			Fields: []domain.FieldError{{Field: "url", Message: e.Message}}}
	case article.KindNotFound:
		status, code = http.StatusUnprocessableEntity, "page_not_found"
	case article.KindTimeout:
		status, code = http.StatusGatewayTimeout, "page_timeout"
	case article.KindNotHTML:
		status, code = http.StatusUnprocessableEntity, "not_a_web_page"
	case article.KindNoArticle:
		status, code = http.StatusUnprocessableEntity, "no_article_text"
	}
	return &Error{Status: status, Code: code, Message: e.Message}
}

// pulledAsset is an asset made from a page's picture at src.
type pulledAsset struct {
	src   string
	asset models.Asset
}

// importArticleImages makes library assets of the article's first pictures by the
// path of URL imports (a pending asset and its ImportAsset workflow each). Pictures
// whose address the guard refuses are skipped; so is one whose import cannot start
// (its asset shows the error in the library).
func (s *Server) importArticleImages(ctx context.Context, publisherID int64, imgs []article.Image) ([]pulledAsset, error) {
	if len(imgs) > maxPulledAssets {
		imgs = imgs[:maxPulledAssets]
	}
	// The guard resolves each host; ask in parallel, keep the page's order.
	checked := make([]*url.URL, len(imgs))
	var wg sync.WaitGroup
	for i, img := range imgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if u, err := s.assets.URLs.CheckURL(ctx, img.URL); err == nil {
				checked[i] = u
			}
		}()
	}
	wg.Wait()
	var out []pulledAsset
	for i, img := range imgs {
		u := checked[i]
		if u == nil {
			continue
		}
		a := models.NewPictureImport(publisherID, u, img.Alt, img.Caption, time.Now())
		if err := s.store.CreateAsset(ctx, &a); err != nil {
			return nil, err
		}
		if err := s.startImport(ctx, a.ID, true); err != nil {
			s.log.WarnContext(ctx, "start article image import", "asset_id", a.ID, "err", err)
			continue
		}
		out = append(out, pulledAsset{src: img.URL, asset: a})
	}
	return out, nil
}
