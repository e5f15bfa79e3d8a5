package stock

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// PexelsDefaultBaseURL is the Pexels API (photos under /v1, videos under /videos).
const PexelsDefaultBaseURL = "https://api.pexels.com"

// PexelsConfig configures the Pexels adapter.
type PexelsConfig struct {
	APIKey     string
	BaseURL    string // PexelsDefaultBaseURL when empty
	HTTPClient *http.Client
}

// Pexels searches https://www.pexels.com through its API: GET /v1/search for photos
// and GET /videos/search for videos, with the key in the Authorization header.
type Pexels struct {
	c   client
	key string
}

// NewPexels builds the adapter; the key is required.
func NewPexels(cfg PexelsConfig) (*Pexels, error) {
	if cfg.APIKey == "" {
		return nil, errors.New("pexels: an API key is required")
	}
	c, err := newClient("pexels", cfg.BaseURL, PexelsDefaultBaseURL, cfg.HTTPClient)
	if err != nil {
		return nil, err
	}
	return &Pexels{c: c, key: cfg.APIKey}, nil
}

// Name is "pexels".
func (p *Pexels) Name() string { return "pexels" }

type pexelsPhotos struct {
	Photos []struct {
		ID              int64  `json:"id"`
		Width           int    `json:"width"`
		Height          int    `json:"height"`
		URL             string `json:"url"`
		Photographer    string `json:"photographer"`
		PhotographerURL string `json:"photographer_url"`
		Alt             string `json:"alt"`
		Src             struct {
			Original  string `json:"original"`
			Large2x   string `json:"large2x"`
			Large     string `json:"large"`
			Medium    string `json:"medium"`
			Small     string `json:"small"`
			Portrait  string `json:"portrait"`
			Landscape string `json:"landscape"`
			Tiny      string `json:"tiny"`
		} `json:"src"`
	} `json:"photos"`
}

type pexelsVideoFile struct {
	ID       int64   `json:"id"`
	Quality  string  `json:"quality"`
	FileType string  `json:"file_type"`
	Width    int     `json:"width"`
	Height   int     `json:"height"`
	FPS      float64 `json:"fps"`
	Link     string  `json:"link"`
}

type pexelsVideos struct {
	Videos []struct {
		ID       int64   `json:"id"`
		Width    int     `json:"width"`
		Height   int     `json:"height"`
		URL      string  `json:"url"`
		Image    string  `json:"image"`
		Duration float64 `json:"duration"`
		User     struct {
			Name string `json:"name"`
			URL  string `json:"url"`
		} `json:"user"`
		Tags       []string          `json:"tags"`
		VideoFiles []pexelsVideoFile `json:"video_files"`
	} `json:"videos"`
}

// Search finds photos or videos.
func (p *Pexels) Search(ctx context.Context, q Query) ([]Item, error) {
	q, err := q.normalise()
	if err != nil || q.Text == "" {
		return nil, err
	}
	params := url.Values{"query": {q.Text}, "per_page": {strconv.Itoa(q.PerPage)}, "page": {"1"}}
	if q.Orientation != "" {
		params.Set("orientation", string(q.Orientation))
	}
	header := http.Header{"Authorization": {p.key}}
	var out []Item
	if q.Kind == KindImage {
		var r pexelsPhotos
		if err := p.c.get(ctx, "/v1/search", params, header, &r); err != nil {
			return nil, err
		}
		for _, ph := range r.Photos {
			u := ph.Src.Large2x
			if u == "" {
				u = ph.Src.Original
			}
			if u == "" || !fits(q.Orientation, ph.Width, ph.Height) {
				continue
			}
			text := ph.Alt
			if text == "" {
				text = slugWords(ph.URL)
			}
			out = append(out, Item{Provider: "pexels", ID: strconv.FormatInt(ph.ID, 10), Kind: KindImage, URL: u,
				PreviewURL: firstOf(ph.Src.Medium, ph.Src.Small, ph.Src.Tiny), PageURL: ph.URL, Width: ph.Width, Height: ph.Height,
				Text: text, Attribution: "Photo by " + ph.Photographer + " on Pexels"})
		}
		return out, nil
	}
	var r pexelsVideos
	if err := p.c.get(ctx, "/videos/search", params, header, &r); err != nil {
		return nil, err
	}
	for _, v := range r.Videos {
		f, ok := bestVideoFile(v.VideoFiles)
		if !ok || !fits(q.Orientation, v.Width, v.Height) {
			continue
		}
		text := strings.Join(v.Tags, ", ")
		if text == "" {
			text = slugWords(v.URL)
		}
		out = append(out, Item{Provider: "pexels", ID: strconv.FormatInt(v.ID, 10), Kind: KindVideo, URL: f.Link,
			PreviewURL: v.Image, PageURL: v.URL, Width: v.Width, Height: v.Height, DurationSec: v.Duration,
			Text: text, Attribution: "Video by " + v.User.Name + " on Pexels"})
	}
	return out, nil
}

// bestVideoFile picks the MP4 whose longer side is the largest up to 1920 px (a
// 1080p video needs no more), else the smallest larger one.
func bestVideoFile(files []pexelsVideoFile) (pexelsVideoFile, bool) {
	var best, over pexelsVideoFile
	var haveBest, haveOver bool
	for _, f := range files {
		if f.Link == "" || (f.FileType != "" && f.FileType != "video/mp4") || f.Quality == "hls" || strings.Contains(f.Link, ".m3u8") {
			continue
		}
		side := max(f.Width, f.Height)
		if side <= 1920 {
			if !haveBest || side > max(best.Width, best.Height) {
				best, haveBest = f, true
			}
		} else if !haveOver || side < max(over.Width, over.Height) {
			over, haveOver = f, true
		}
	}
	if haveBest {
		return best, true
	}
	return over, haveOver
}

func firstOf(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
