// Package article pulls the readable article out of a web page: its title,
// description, keywords, body as ordered blocks (titles, headers, paragraphs, list
// items, images) and its pictures, with navigation, ads and footers left out
// (github.com/go-shiori/go-readability finds the article). Pull fetches the page
// through the guarded fetcher of URL imports, so a page can never reach the server's
// own network.
package article

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	readability "github.com/go-shiori/go-readability"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"

	"pagecast/domain"
)

// Block types of an article body (the spec's script tags, spec 001 section 3).
const (
	BlockTitle     = "title"
	BlockHeader    = "header"
	BlockParagraph = "paragraph"
	BlockListItem  = "listItem"
	BlockImage     = "image"
)

// Block is one piece of an article body, in reading order.
type Block struct {
	Type string `json:"type"`
	Text string `json:"text"`
	Src  string `json:"src,omitempty"`
	Alt  string `json:"alt,omitempty"`
}

// Image is a picture of the article.
type Image struct {
	URL     string
	Alt     string
	Caption string // the figure's caption, when it has one
	// Position is the index of the script paragraph (a block of Script's text) the
	// image follows; -1 when it comes before any text or only from the page's metadata.
	Position      int
	Width, Height int // from the tag's attributes; 0 when not given
}

// Article is what a page says.
type Article struct {
	Title       string
	Description string
	Keywords    []string
	Body        []Block
	// Images are absolute http(s) URLs, de-duplicated, the page's og:image first.
	Images []Image
	// Language is the page's declared language, when it has one.
	Language string
}

// ErrNoArticle means the page has no article text to read.
var ErrNoArticle = errors.New("article: no article text on the page")

// Limits of extraction.
const (
	// MaxKeywords is how many keywords an article keeps.
	MaxKeywords = 10
	// MaxImages is how many pictures an article keeps.
	MaxImages = 30
	// minImageSide is the smallest declared width or height of a picture worth
	// keeping; smaller ones are icons, spacers and tracking pixels.
	minImageSide = 100
	// maxElements refuses pathological pages before readability walks them.
	maxElements = 50000
)

// Extract reads an HTML page fetched from pageURL. contentType is the answer's
// Content-Type header, used for the character set (UTF-8, or what the page declares,
// when it says nothing).
func Extract(r io.Reader, pageURL *url.URL, contentType string) (Article, error) {
	body, err := charset.NewReader(r, contentType)
	if err != nil {
		return Article{}, fmt.Errorf("article: character set: %w", err)
	}
	doc, err := html.Parse(body)
	if err != nil {
		return Article{}, fmt.Errorf("article: parse: %w", err)
	}
	meta := readMeta(doc)
	p := readability.NewParser()
	p.MaxElemsToParse = maxElements
	parsed, err := p.ParseDocument(doc, pageURL)
	if err != nil {
		return Article{}, fmt.Errorf("%w: %v", ErrNoArticle, err)
	}
	a := Article{Title: clean(parsed.Title), Language: meta.lang}
	if a.Title == "" {
		a.Title = meta.ogTitle
	}
	a.Description = firstNonEmpty(meta.description, meta.ogDescription, clean(parsed.Excerpt))

	content, err := html.Parse(strings.NewReader(parsed.Content))
	if err != nil {
		return Article{}, fmt.Errorf("article: parse content: %w", err)
	}
	var w walker
	w.base = pageURL
	w.walk(content)
	w.flushText()
	blocks := w.blocks
	// Readability keeps the headline in the content at times; the title says it once.
	for len(blocks) > 0 && (blocks[0].Type == BlockTitle || blocks[0].Type == BlockHeader) && sameText(blocks[0].Text, a.Title) {
		blocks = blocks[1:]
	}
	textBlocks := 0
	for _, b := range blocks {
		if b.Type != BlockImage && b.Type != BlockTitle && b.Type != BlockHeader {
			textBlocks++
		}
	}
	if textBlocks == 0 {
		return Article{}, ErrNoArticle
	}
	if a.Title != "" {
		blocks = append([]Block{{Type: BlockTitle, Text: a.Title}}, blocks...)
	}
	a.Body = blocks
	a.Images = images(blocks, meta, pageURL, w.sizes)

	if len(meta.keywords) > 0 {
		a.Keywords = meta.keywords
	} else {
		var sb strings.Builder
		for _, b := range blocks {
			if b.Type != BlockImage {
				sb.WriteString(b.Text)
				sb.WriteString("\n")
			}
		}
		a.Keywords = domain.SlideKeywords(sb.String(), MaxKeywords)
	}
	if len(a.Keywords) > MaxKeywords {
		a.Keywords = a.Keywords[:MaxKeywords]
	}
	if a.Keywords == nil {
		a.Keywords = []string{}
	}
	return a, nil
}

// Script returns the body as a plain script ready for a video: every title, header
// and paragraph is its own paragraph (separated by a blank line) and a run of list
// items is one paragraph with an item per line. A paragraph or list with fewer than
// minChars letters and digits is joined to the next one (or the one before, at the
// end), so no slide is built from a scrap; titles and headers are never joined.
// positions[i] is the index of the script paragraph Images[i] follows, or -1.
func (a Article) Script(minChars int) (text string, positions []int) {
	type para struct {
		text    string
		heading bool
	}
	var paras []para
	imageAfter := map[string]int{} // image URL -> paragraph index it follows
	inList := false
	for _, b := range a.Body {
		switch b.Type {
		case BlockImage:
			if _, seen := imageAfter[b.Src]; !seen {
				imageAfter[b.Src] = len(paras) - 1
			}
			continue
		case BlockListItem:
			if inList && len(paras) > 0 {
				paras[len(paras)-1].text += "\n" + b.Text
				continue
			}
			inList = true
			paras = append(paras, para{text: b.Text})
			continue
		case BlockTitle, BlockHeader:
			paras = append(paras, para{text: b.Text, heading: true})
		default:
			paras = append(paras, para{text: b.Text})
		}
		inList = false
	}
	// Join scraps to the paragraph after them (or before them, when a heading or the
	// end follows); follow[i] says paragraph i went into the one after it.
	index := make([]int, len(paras))
	follow := make([]bool, len(paras))
	var out []para
	for i := range paras {
		p := paras[i]
		if !p.heading && minChars > 0 && letters(p.text) < minChars {
			if i+1 < len(paras) && !paras[i+1].heading {
				paras[i+1].text = p.text + "\n" + paras[i+1].text
				follow[i] = true
				continue
			}
			if n := len(out); n > 0 && !out[n-1].heading {
				out[n-1].text += "\n" + p.text
				index[i] = n - 1
				continue
			}
		}
		index[i] = len(out)
		out = append(out, p)
	}
	for i := len(paras) - 2; i >= 0; i-- {
		if follow[i] {
			index[i] = index[i+1]
		}
	}
	texts := make([]string, len(out))
	for i, p := range out {
		texts[i] = p.text
	}
	positions = make([]int, len(a.Images))
	for i, img := range a.Images {
		positions[i] = -1
		if at, ok := imageAfter[img.URL]; ok && at >= 0 {
			positions[i] = index[at]
		}
	}
	return strings.Join(texts, "\n\n"), positions
}

// letters counts letters and digits.
func letters(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// pageMeta is what the page's head says about itself.
type pageMeta struct {
	description, ogDescription, ogTitle, lang string
	keywords                                  []string
	ogImages                                  []string
}

func readMeta(doc *html.Node) pageMeta {
	var m pageMeta
	var visit func(n *html.Node)
	visit = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Html:
				m.lang = strings.TrimSpace(attr(n, "lang"))
			case atom.Meta:
				name := strings.ToLower(strings.TrimSpace(attr(n, "name") + attr(n, "property")))
				content := clean(attr(n, "content"))
				switch name {
				case "description":
					if m.description == "" {
						m.description = content
					}
				case "og:description", "twitter:description":
					if m.ogDescription == "" {
						m.ogDescription = content
					}
				case "og:title":
					if m.ogTitle == "" {
						m.ogTitle = content
					}
				case "keywords", "news_keywords":
					if len(m.keywords) == 0 {
						m.keywords = splitKeywords(content)
					}
				case "og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src":
					if content != "" {
						m.ogImages = append(m.ogImages, content)
					}
				}
			case atom.Body:
				return // the head is all we need
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(doc)
	return m
}

// splitKeywords splits a keywords meta tag at commas (or semicolons), trimmed,
// lower-cased and without repeats.
func splitKeywords(s string) []string {
	seen := map[string]bool{}
	var out []string
	for _, k := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		k = strings.ToLower(clean(k))
		if k == "" || seen[k] || utf8.RuneCountInString(k) > 60 {
			continue
		}
		seen[k] = true
		out = append(out, k)
	}
	return out
}

// walker turns readability's content into blocks.
type walker struct {
	base   *url.URL
	blocks []Block
	text   strings.Builder   // loose text outside any block element
	sizes  map[string][2]int // image URL -> declared width and height
}

func (w *walker) add(typ string, n *html.Node) {
	w.flushText()
	if t := clean(textOf(n)); t != "" {
		w.blocks = append(w.blocks, Block{Type: typ, Text: t})
	}
}

func (w *walker) flushText() {
	if t := clean(w.text.String()); t != "" && letters(t) > 0 {
		w.blocks = append(w.blocks, Block{Type: BlockParagraph, Text: t})
	}
	w.text.Reset()
}

func (w *walker) walk(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		w.text.WriteString(n.Data)
		return
	case html.ElementNode:
	default:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			w.walk(c)
		}
		return
	}
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg, atom.Form, atom.Button, atom.Iframe, atom.Nav:
		return
	case atom.H1:
		w.add(BlockTitle, n)
		return
	case atom.H2, atom.H3, atom.H4, atom.H5, atom.H6:
		w.add(BlockHeader, n)
		return
	case atom.Figcaption:
		// A caption describes the picture before it; it is not narration.
		w.flushText()
		if last := len(w.blocks) - 1; last >= 0 && w.blocks[last].Type == BlockImage {
			if t := clean(textOf(n)); t != "" {
				w.blocks[last].Text = t
			}
		}
		return
	case atom.P, atom.Blockquote, atom.Pre, atom.Dd, atom.Dt, atom.Td, atom.Th:
		if hasBlockChild(n) {
			break
		}
		w.add(BlockParagraph, n)
		w.imagesIn(n)
		return
	case atom.Li:
		if hasBlockChild(n) {
			break
		}
		w.add(BlockListItem, n)
		w.imagesIn(n)
		return
	case atom.Img:
		w.flushText()
		w.image(n)
		return
	case atom.Br:
		w.text.WriteString("\n")
		return
	case atom.Div, atom.Section, atom.Article, atom.Main, atom.Figure, atom.Ul, atom.Ol, atom.Table, atom.Tbody,
		atom.Thead, atom.Tr, atom.Dl, atom.Header, atom.Footer, atom.Aside, atom.Picture, atom.Hr:
		w.flushText()
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.walk(c)
	}
	if isBlockElement(n) {
		w.flushText()
	}
}

// imagesIn adds the pictures inside a text block after its text.
func (w *walker) imagesIn(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.Img {
			w.image(c)
		} else if c.Type == html.ElementNode {
			w.imagesIn(c)
		}
	}
}

func (w *walker) image(n *html.Node) {
	src := imageSource(n)
	u, ok := absolute(w.base, src)
	if !ok || tiny(n) || tracking(u) {
		return
	}
	alt := clean(attr(n, "alt"))
	if alt == "" {
		alt = clean(attr(n, "title"))
	}
	w.blocks = append(w.blocks, Block{Type: BlockImage, Text: alt, Src: u, Alt: alt})
	if w.sizes == nil {
		w.sizes = map[string][2]int{}
	}
	if _, ok := w.sizes[u]; !ok {
		w.sizes[u] = [2]int{dimension(attr(n, "width")), dimension(attr(n, "height"))}
	}
}

// dimension reads a width or height attribute in pixels; 0 when absent or not a number.
func dimension(s string) int {
	v, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(s), "px"))
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// imageSource is the picture's address: src, else the largest srcset entry, else a
// lazy-loading attribute.
func imageSource(n *html.Node) string {
	if s := strings.TrimSpace(attr(n, "src")); s != "" && !strings.HasPrefix(s, "data:") {
		return s
	}
	if s := largestSrcset(attr(n, "srcset")); s != "" {
		return s
	}
	for _, a := range []string{"data-src", "data-original", "data-lazy-src", "data-url"} {
		if s := strings.TrimSpace(attr(n, a)); s != "" {
			return s
		}
	}
	return strings.TrimSpace(attr(n, "src"))
}

// largestSrcset picks the widest candidate of a srcset ("a.jpg 480w, b.jpg 1080w").
func largestSrcset(s string) string {
	best, bestW := "", -1
	for _, c := range strings.Split(s, ",") {
		f := strings.Fields(c)
		if len(f) == 0 {
			continue
		}
		w := 0
		if len(f) > 1 {
			d := strings.TrimRight(f[1], "wx")
			if v, err := strconv.ParseFloat(d, 64); err == nil {
				w = int(v)
			}
		}
		if w > bestW {
			best, bestW = f[0], w
		}
	}
	return best
}

// absolute resolves ref against base; only http(s) URLs are kept.
func absolute(base *url.URL, ref string) (string, bool) {
	ref = strings.TrimSpace(ref)
	if ref == "" || strings.HasPrefix(strings.ToLower(ref), "data:") {
		return "", false
	}
	u, err := url.Parse(ref)
	if err != nil {
		return "", false
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	u.Fragment = ""
	return u.String(), true
}

// tiny reports a picture whose declared size is an icon's or a pixel's.
func tiny(n *html.Node) bool {
	for _, a := range []string{"width", "height"} {
		if v, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(attr(n, a)), "px")); err == nil && v >= 0 && v < minImageSide {
			return true
		}
	}
	return false
}

// tracking reports pictures that are counters, pixels, spacers or vector icons, which
// cannot illustrate a slide (SVG is not importable media).
func tracking(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return true
	}
	p := strings.ToLower(u.Path)
	switch path.Ext(p) {
	case ".svg", ".ico", ".cur":
		return true
	}
	base := path.Base(p)
	for _, s := range []string{"pixel", "spacer", "blank.gif", "1x1", "tracking", "beacon", "transparent.gif", "clear.gif"} {
		if strings.Contains(base, s) {
			return true
		}
	}
	host := strings.ToLower(u.Hostname())
	for _, h := range []string{"doubleclick.net", "google-analytics.com", "googletagmanager.com", "facebook.com", "scorecardresearch.com", "quantserve.com"} {
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}

// images lists the article's pictures: og:image first, then those in the body, each
// once, at most MaxImages.
func images(blocks []Block, meta pageMeta, base *url.URL, sizes map[string][2]int) []Image {
	var out []Image
	seen := map[string]bool{}
	add := func(img Image) {
		if seen[img.URL] || len(out) >= MaxImages {
			return
		}
		seen[img.URL] = true
		out = append(out, img)
	}
	for _, raw := range meta.ogImages {
		if u, ok := absolute(base, raw); ok && !tracking(u) {
			add(Image{URL: u, Position: -1})
		}
	}
	for _, b := range blocks {
		if b.Type != BlockImage {
			continue
		}
		if seen[b.Src] {
			// The og:image is also in the body: keep its place in the text and its alt.
			for i := range out {
				if out[i].URL == b.Src && out[i].Alt == "" && out[i].Caption == "" {
					out[i].Alt = b.Alt
					if b.Text != b.Alt {
						out[i].Caption = b.Text
					}
				}
			}
			continue
		}
		img := Image{URL: b.Src, Alt: b.Alt, Position: -1}
		if b.Text != b.Alt {
			img.Caption = b.Text
		}
		add(img)
	}
	// Positions come from the script the body makes.
	a := Article{Body: blocks, Images: out}
	_, pos := a.Script(0)
	for i := range out {
		out[i].Position = pos[i]
		if wh, ok := sizes[out[i].URL]; ok {
			out[i].Width, out[i].Height = wh[0], wh[1]
		}
	}
	return out
}

// hasBlockChild reports whether n holds block elements (then its children are
// walked one by one).
func hasBlockChild(n *html.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && (isBlockElement(c) || hasBlockChild(c)) {
			return true
		}
	}
	return false
}

func isBlockElement(n *html.Node) bool {
	switch n.DataAtom {
	case atom.P, atom.Div, atom.Section, atom.Article, atom.Main, atom.Figure, atom.Ul, atom.Ol, atom.Li, atom.Table,
		atom.Blockquote, atom.Pre, atom.H1, atom.H2, atom.H3, atom.H4, atom.H5, atom.H6, atom.Dl, atom.Header,
		atom.Footer, atom.Aside, atom.Figcaption:
		return true
	}
	return false
}

// textOf is the text under n, with <br> as a space and scripts left out.
func textOf(n *html.Node) string {
	var b bytes.Buffer
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		case n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style || n.DataAtom == atom.Noscript):
			return
		case n.Type == html.ElementNode && n.DataAtom == atom.Br:
			b.WriteByte(' ')
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(n)
	return b.String()
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Namespace == "" && strings.EqualFold(a.Key, key) {
			return a.Val
		}
	}
	return ""
}

// clean collapses white space and drops control characters and invalid UTF-8.
func clean(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if r == '\u00a0' || r == '\u200b' {
			return ' '
		}
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func sameText(a, b string) bool {
	return a != "" && strings.EqualFold(clean(a), clean(b))
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
