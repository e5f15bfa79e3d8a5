package stock

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
)

// PixabayDefaultBaseURL is the Pixabay API (images at /api/, videos at /api/videos/).
const PixabayDefaultBaseURL = "https://pixabay.com/api"

// PixabayConfig configures the Pixabay adapter.
type PixabayConfig struct {
	APIKey     string
	BaseURL    string // PixabayDefaultBaseURL when empty
	HTTPClient *http.Client
}

// Pixabay searches https://pixabay.com through its API: GET /api/ for images and GET
// /api/videos/ for videos, with the key as the `key` query parameter. Safe search is
// always on.
type Pixabay struct {
	c   client
	key string
}

// NewPixabay builds the adapter; the key is required.
func NewPixabay(cfg PixabayConfig) (*Pixabay, error) {
	if cfg.APIKey == "" {
		return nil, errors.New("pixabay: an API key is required")
	}
	c, err := newClient("pixabay", cfg.BaseURL, PixabayDefaultBaseURL, cfg.HTTPClient)
	if err != nil {
		return nil, err
	}
	return &Pixabay{c: c, key: cfg.APIKey}, nil
}

// Name is "pixabay".
func (p *Pixabay) Name() string { return "pixabay" }

type pixabayImages struct {
	Hits []struct {
		ID            int64  `json:"id"`
		PageURL       string `json:"pageURL"`
		Tags          string `json:"tags"`
		PreviewURL    string `json:"previewURL"`
		WebformatURL  string `json:"webformatURL"`
		LargeImageURL string `json:"largeImageURL"`
		ImageWidth    int    `json:"imageWidth"`
		ImageHeight   int    `json:"imageHeight"`
		User          string `json:"user"`
	} `json:"hits"`
}

type pixabayVideoFile struct {
	URL       string `json:"url"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	Size      int64  `json:"size"`
	Thumbnail string `json:"thumbnail"`
}

type pixabayVideos struct {
	Hits []struct {
		ID       int64   `json:"id"`
		PageURL  string  `json:"pageURL"`
		Tags     string  `json:"tags"`
		Duration float64 `json:"duration"`
		Videos   struct {
			Large  pixabayVideoFile `json:"large"`
			Medium pixabayVideoFile `json:"medium"`
			Small  pixabayVideoFile `json:"small"`
			Tiny   pixabayVideoFile `json:"tiny"`
		} `json:"videos"`
		User string `json:"user"`
	} `json:"hits"`
}

// Search finds images or videos. Pixabay's video search has no orientation filter,
// so videos are filtered here by their size.
func (p *Pixabay) Search(ctx context.Context, q Query) ([]Item, error) {
	q, err := q.normalise()
	if err != nil || q.Text == "" {
		return nil, err
	}
	params := url.Values{"key": {p.key}, "q": {q.Text}, "safesearch": {"true"},
		"per_page": {strconv.Itoa(max(q.PerPage, 3))}, "page": {"1"}}
	var out []Item
	if q.Kind == KindImage {
		params.Set("image_type", "photo")
		switch q.Orientation {
		case Landscape:
			params.Set("orientation", "horizontal")
		case Portrait:
			params.Set("orientation", "vertical")
		}
		var r pixabayImages
		if err := p.c.get(ctx, "/", params, nil, &r); err != nil {
			return nil, err
		}
		for _, h := range r.Hits {
			u := firstOf(h.LargeImageURL, h.WebformatURL)
			if u == "" || !fits(q.Orientation, h.ImageWidth, h.ImageHeight) {
				continue
			}
			out = append(out, Item{Provider: "pixabay", ID: strconv.FormatInt(h.ID, 10), Kind: KindImage, URL: u,
				PreviewURL: firstOf(h.WebformatURL, h.PreviewURL), PageURL: h.PageURL, Width: h.ImageWidth, Height: h.ImageHeight,
				Text: h.Tags, Attribution: "Image by " + h.User + " from Pixabay"})
		}
	} else {
		var r pixabayVideos
		if err := p.c.get(ctx, "/videos/", params, nil, &r); err != nil {
			return nil, err
		}
		for _, h := range r.Hits {
			f, ok := bestPixabayVideo(h.Videos.Large, h.Videos.Medium, h.Videos.Small, h.Videos.Tiny)
			if !ok || !fits(q.Orientation, f.Width, f.Height) {
				continue
			}
			out = append(out, Item{Provider: "pixabay", ID: strconv.FormatInt(h.ID, 10), Kind: KindVideo, URL: f.URL,
				PreviewURL: firstOf(h.Videos.Medium.Thumbnail, h.Videos.Small.Thumbnail, f.Thumbnail), PageURL: h.PageURL,
				Width: f.Width, Height: f.Height, DurationSec: h.Duration, Text: h.Tags,
				Attribution: "Video by " + h.User + " from Pixabay"})
		}
	}
	if len(out) > q.PerPage {
		out = out[:q.PerPage]
	}
	return out, nil
}

// bestPixabayVideo picks the largest rendition whose longer side is at most 1920 px
// (large is often 4K), else the smallest there is. Pixabay leaves absent renditions
// with an empty url.
func bestPixabayVideo(files ...pixabayVideoFile) (pixabayVideoFile, bool) {
	var fallback *pixabayVideoFile
	for i := range files {
		f := &files[i]
		if f.URL == "" {
			continue
		}
		if max(f.Width, f.Height) <= 1920 {
			return *f, true
		}
		fallback = f // renditions come largest first: keep the smallest
	}
	if fallback != nil {
		return *fallback, true
	}
	return pixabayVideoFile{}, false
}
