package activities

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"go.temporal.io/sdk/activity"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/images"
	"pagecast/providers/stock"
	"pagecast/store"
)

// StockSearcher searches stock photo and video libraries (stock.Sources).
type StockSearcher interface {
	Configured() bool
	Search(ctx context.Context, q stock.Query) ([]stock.Item, error)
}

// Limits of one automatch run.
const (
	libraryCandidates = 300 // newest library assets considered
	stockPerScene     = 4   // stock items asked for per scene and kind
)

// AutomatchVideoInput names the video.
type AutomatchVideoInput struct {
	VideoID int64
	// Refill is an editor's request (the AutomatchVideo workflow) rather than the
	// build's step: only slides without media are matched (with Overwrite, also those
	// whose media automatch chose); media the user chose is never replaced.
	Refill    bool
	Overwrite bool
}

// AutomatchVideoResult lists the assets automatch created, which the workflow imports:
// stock media (and AI pictures given by URL) from their URLs, AI pictures whose bytes
// it stored as uploads.
type AutomatchVideoResult struct {
	ImportAssetIDs   []int64
	UploadedAssetIDs []int64
	Matched          int
	TextSlides       int
}

// AutomatchSettingsOf decodes a video's stored automatch settings; none stored means
// the defaults.
func AutomatchSettingsOf(v models.Video) domain.AutomatchSettings {
	s := domain.DefaultAutomatchSettings()
	if len(v.Automatch) > 0 && string(v.Automatch) != "null" {
		_ = json.Unmarshal(v.Automatch, &s)
	}
	return s
}

// AutomatchVideo puts media on the video's slides from the sources its settings allow:
// the article's images, the user's library, stock libraries; or a text slide. A retry
// after it stored its choices changes nothing. With in.Refill (the editor's
// AutomatchVideo workflow) it fills only the slides refillSlide picks.
func (a *VideoActivities) AutomatchVideo(ctx context.Context, in AutomatchVideoInput) (AutomatchVideoResult, error) {
	defer heartbeatEvery(ctx, buildHeartbeatEvery, nil)()
	v, err := a.videoFor(ctx, in.VideoID)
	if err != nil {
		return AutomatchVideoResult{}, err
	}
	settings := AutomatchSettingsOf(v)
	if in.Refill {
		// The user asked: the video's sources apply, its on/off switch does not.
		settings.Enabled, settings.ReplaceExistingMedia = true, false
	}
	if !settings.Enabled {
		return AutomatchVideoResult{}, nil
	}
	var layers []models.Layer
	var kept models.Video // Refill: the slides it leaves, whose imports may be pending
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			if in.Refill {
				if refillSlide(l, in.Overwrite) {
					layers = append(layers, l)
				} else {
					kept.Scenes = append(kept.Scenes, models.Scene{Layers: []models.Layer{l}})
				}
				continue
			}
			for _, it := range l.Assets {
				if it.Automatched {
					return a.pendingStock(v), nil // a retry: the choices are stored
				}
			}
			layers = append(layers, l)
		}
	}
	// A retried Refill finds its choices stored on the slides it leaves: their
	// imports still need starting (the workflow's start of a running one is harmless).
	res := a.pendingStock(kept)
	if len(layers) == 0 {
		return res, nil
	}
	cands, err := a.candidates(ctx, v, settings)
	if err != nil {
		return AutomatchVideoResult{}, err
	}
	slides := make([]domain.MatchSlide, len(layers))
	for i, l := range layers {
		slides[i] = domain.MatchSlide{Text: l.Text, Keywords: l.Keywords, Paragraph: l.Paragraph}
	}
	// Slides nothing fits (a text slide when text slides are allowed) may get an AI
	// picture; the pictures join the candidates, and matching runs with them.
	probe := domain.MatchMedia(slides, cands.list, settings, true)
	if err := a.generateImages(ctx, v, settings, layers, probe, &cands); err != nil {
		return AutomatchVideoResult{}, err
	}
	matches := domain.MatchMedia(slides, cands.list, settings, v.CanCreateTextSlides)
	media := make([]store.SlideMedia, 0, len(layers))
	created := map[string]*models.Asset{}
	var newAssets []*models.Asset
	reuse := fetchedMedia(layers) // Refill: stock already fetched for these slides
	for i, m := range matches {
		sm := store.SlideMedia{LayerID: layers[i].ID}
		switch {
		case m.Candidate != nil && m.Candidate.AssetID == 0 && m.Candidate.URL != "" && reuse[m.Candidate.URL] != 0:
			id := reuse[m.Candidate.URL]
			sm.AssetID = &id
			res.Matched++
		case m.Candidate != nil && m.Candidate.AssetID == 0: // stock or AI: becomes an asset with the choice
			a := created[m.Candidate.Key]
			if a == nil {
				na := cands.fresh[m.Candidate.Key]
				na.PublisherID = v.PublisherID
				a = &na
				created[m.Candidate.Key] = a
				newAssets = append(newAssets, a)
			}
			sm.NewAsset = a
			res.Matched++
		case m.Candidate != nil:
			id := m.Candidate.AssetID
			sm.AssetID = &id
			res.Matched++
		case m.TextSlide:
			sm.Text = domain.TextSlideText(layers[i].Text)
			res.TextSlides++
		}
		media = append(media, sm)
	}
	if err := a.Store.SetAutomatchedMedia(ctx, v.ID, media, settings.ReplaceExistingMedia, time.Now()); err != nil {
		return AutomatchVideoResult{}, err
	}
	for _, na := range newAssets {
		switch {
		case na.ID == 0: // the slide kept its user media: nothing was created
		case na.SourceURL != "":
			res.ImportAssetIDs = append(res.ImportAssetIDs, na.ID)
		default:
			res.UploadedAssetIDs = append(res.UploadedAssetIDs, na.ID)
		}
	}
	return res, nil
}

// refillSlide reports whether an editor's automatch matches slide l: one without
// media, or with overwrite one whose media automatch chose. A slide with any media
// the user chose is left alone.
func refillSlide(l models.Layer, overwrite bool) bool {
	for _, it := range l.Assets {
		if !it.Automatched || !overwrite {
			return false
		}
	}
	return true
}

// fetchedMedia maps the source URLs of the stock and AI media automatch put on the
// slides to their assets, so matching the slides again chooses those assets instead
// of fetching the same media twice.
func fetchedMedia(layers []models.Layer) map[string]int64 {
	out := map[string]int64{}
	for _, l := range layers {
		for _, it := range l.Assets {
			if as := it.Asset; it.Automatched && as != nil && as.SourceURL != "" && as.State != models.AssetStateError &&
				(as.Source == models.AssetSourceStock || as.Source == models.AssetSourceAIImage) {
				out[as.SourceURL] = as.ID
			}
		}
	}
	return out
}

// pendingStock lists the video's automatched stock and AI assets that still need
// importing (a retry after the choices were stored).
func (a *VideoActivities) pendingStock(v models.Video) AutomatchVideoResult {
	var res AutomatchVideoResult
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			for _, it := range l.Assets {
				as := it.Asset
				switch {
				case as == nil || as.State.Final() || as.Source != models.AssetSourceStock && as.Source != models.AssetSourceAIImage:
				case as.SourceURL != "":
					res.ImportAssetIDs = append(res.ImportAssetIDs, as.ID)
				default:
					res.UploadedAssetIDs = append(res.UploadedAssetIDs, as.ID)
				}
			}
		}
	}
	return res
}

type candidateSet struct {
	list []domain.MediaCandidate
	// fresh are the assets-to-be of stock and AI candidates, by key: created only if
	// chosen.
	fresh map[string]models.Asset
}

// candidates gathers what automatch may choose from.
func (a *VideoActivities) candidates(ctx context.Context, v models.Video, s domain.AutomatchSettings) (candidateSet, error) {
	set := candidateSet{fresh: map[string]models.Asset{}}
	article := map[int64]bool{}
	if s.IncludeArticleMedia && len(v.InitialAssets) > 0 {
		assets, err := a.Store.AssetsForVideo(ctx, v.PublisherID, v.InitialAssets)
		if err != nil {
			return set, err
		}
		paragraphs := maxParagraph(v) + 1
		for i, as := range assets {
			article[as.ID] = true
			c, ok := assetCandidate(as, domain.OriginArticle)
			if !ok {
				continue
			}
			// The article's images come in reading order: spread them over the script.
			c.Position = i * paragraphs / len(assets)
			set.list = append(set.list, c)
		}
	}
	if s.IncludeUserMedia {
		lib, err := a.Store.LibraryMedia(ctx, v.PublisherID, libraryCandidates)
		if err != nil {
			return set, err
		}
		for _, as := range lib {
			if article[as.ID] {
				continue
			}
			if c, ok := assetCandidate(as, domain.OriginLibrary); ok {
				set.list = append(set.list, c)
			}
		}
	}
	if a.Stock != nil && a.Stock.Configured() && (s.IncludeStockImages || s.IncludeStockVideos) {
		orientation := stock.Landscape
		if v.AspectRatio == models.AspectVertical {
			orientation = stock.Portrait
		}
		seen := map[string]bool{}
		for _, sc := range v.Scenes {
			query := sceneQuery(sc)
			if query == "" || seen[query] {
				continue
			}
			seen[query] = true
			for _, kind := range stockKinds(s) {
				items, err := a.Stock.Search(ctx, stock.Query{Text: query, Kind: kind, Orientation: orientation, PerPage: stockPerScene})
				if err != nil {
					return set, fmt.Errorf("stock search %q: %w", query, err)
				}
				for _, it := range items {
					if _, dup := set.fresh[it.Key()]; dup {
						continue
					}
					set.list = append(set.list, domain.MediaCandidate{Key: it.Key(), Origin: domain.OriginStock,
						Kind: string(it.Kind), URL: it.URL, Text: it.Text, Position: -1, Width: it.Width,
						Height: it.Height, DurationSec: it.DurationSec})
					typeID := models.AssetTypeIDImage
					if it.Kind == stock.KindVideo {
						typeID = models.AssetTypeIDVideo
					}
					now := time.Now().UTC()
					set.fresh[it.Key()] = models.Asset{Name: stockName(it), TypeID: typeID, Source: models.AssetSourceStock,
						State: models.AssetStatePending, SourceURL: it.URL, Text: it.Attribution, CreatedAt: now, UpdatedAt: now}
				}
			}
		}
	}
	return set, nil
}

func stockKinds(s domain.AutomatchSettings) []stock.Kind {
	var out []stock.Kind
	if s.IncludeStockImages {
		out = append(out, stock.KindImage)
	}
	if s.IncludeStockVideos {
		out = append(out, stock.KindVideo)
	}
	return out
}

// sceneQuery is the stock search for a scene: the first keywords of its slides.
func sceneQuery(sc models.Scene) string {
	var words []string
	seen := map[string]bool{}
	for _, l := range sc.Layers {
		for _, k := range l.Keywords {
			if !seen[k] && len(words) < 3 {
				seen[k] = true
				words = append(words, k)
			}
		}
	}
	return strings.Join(words, " ")
}

func stockName(it stock.Item) string {
	name := it.Provider + " " + string(it.Kind) + " " + it.ID
	if it.Text != "" {
		name = it.Text
	}
	if utf8.RuneCountInString(name) > 120 {
		name = string([]rune(name)[:120])
	}
	return name
}

func maxParagraph(v models.Video) int {
	m := 0
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			m = max(m, l.Paragraph)
		}
	}
	return m
}

// assetCandidate turns an image or video asset that is not failed into a candidate.
func assetCandidate(as models.Asset, origin domain.MediaOrigin) (domain.MediaCandidate, bool) {
	kind := ""
	switch as.TypeID {
	case models.AssetTypeIDImage:
		kind = domain.MediaKindImage
	case models.AssetTypeIDVideo:
		kind = domain.MediaKindVideo
	}
	if kind == "" || as.State == models.AssetStateError {
		return domain.MediaCandidate{}, false
	}
	return domain.MediaCandidate{Key: fmt.Sprintf("asset:%d", as.ID), Origin: origin, Kind: kind, AssetID: as.ID,
		Text: strings.TrimSpace(as.Name + " " + as.Text), Position: -1, Width: as.Width, Height: as.Height,
		DurationSec: as.Duration}, true
}

// maxAIImagesPerVideo bounds the pictures one video asks the image generator for.
const maxAIImagesPerVideo = 12

// generateImages asks the AI image generator, when one is configured and the settings
// allow it, for a picture for each slide nothing fits (a text slide in probe), and
// adds each picture to the candidates. The bytes are stored under a key of the video
// and slide (a retry overwrites them); the asset is created only if matching chooses
// it. A generator that fails or refuses leaves the slide as it was: AI pictures never
// fail a video.
func (a *VideoActivities) generateImages(ctx context.Context, v models.Video, s domain.AutomatchSettings,
	layers []models.Layer, probe []domain.MediaMatch, cands *candidateSet) error {
	if !s.IncludeAiImages || !images.Configured(a.Images) || a.Blob == nil {
		return nil
	}
	orientation := images.Landscape
	if v.AspectRatio == models.AspectVertical {
		orientation = images.Portrait
	}
	made := 0
	for i, m := range probe {
		if !m.TextSlide || made == maxAIImagesPerVideo {
			continue
		}
		caption := domain.TextSlideText(layers[i].Text)
		if caption == "" {
			continue
		}
		imgs, err := a.Images.Generate(ctx, images.Request{Prompt: caption, Style: s.AiImageStyle, Orientation: orientation})
		if err != nil || len(imgs) == 0 || len(imgs[0].Data) == 0 && imgs[0].URL == "" {
			if activity.IsActivity(ctx) {
				activity.GetLogger(ctx).Warn("AI image for slide", "layer_id", layers[i].ID, "err", err)
			}
			continue
		}
		made++
		img := imgs[0]
		now := time.Now().UTC()
		asset := models.Asset{Name: "AI image: " + truncateRunes(caption, 100),
			TypeID: models.AssetTypeIDImage, Source: models.AssetSourceAIImage, State: models.AssetStatePending,
			SourceURL: img.URL, Text: img.RevisedPrompt, CreatedAt: now, UpdatedAt: now}
		if len(img.Data) > 0 {
			key := models.AutomatchPictureKey(v.PublisherID, v.ID, layers[i].ID, imageExt(img.MIME))
			if err := a.Blob.Put(ctx, key, bytes.NewReader(img.Data), int64(len(img.Data)), img.MIME); err != nil {
				return fmt.Errorf("store AI image: %w", err)
			}
			asset.SourceURL, asset.ContentType, asset.OriginalKey = "", img.MIME, key
		}
		key := fmt.Sprintf("ai:%d", layers[i].ID)
		cands.fresh[key] = asset
		cands.list = append(cands.list, domain.MediaCandidate{Key: key, Origin: domain.OriginAI, Kind: domain.MediaKindImage,
			Text: caption + " " + img.RevisedPrompt, Position: layers[i].Paragraph})
	}
	return nil
}

func imageExt(mime string) string {
	switch mime {
	case "image/jpeg":
		return ".jpg"
	case "image/webp":
		return ".webp"
	}
	return ".png"
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}
