package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gin-gonic/gin"

	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/stock"
	"pagecast/store"
)

// StockSearcher searches stock photo and video libraries for the editor's media
// suggestions (stock.Sources).
type StockSearcher interface {
	Configured() bool
	Search(ctx context.Context, q stock.Query) ([]stock.Item, error)
}

// Messages and bounds of the editor's media help, narration and import calls.
const (
	MsgNoSoundtrack    = "No soundtrack found. Upload music to your media library first."
	MsgVideoIDMissing  = "No video id provided"
	MsgVoiceIDMissing  = "No voice id provided"
	MsgVoiceNotUsed    = "No slide of this video is narrated by this voice."
	MsgVoiceoverVoice  = "A voiceover video is narrated by its upload: it has no generated narration to delete."
	MsgMediaHelpLimit  = "limit must be a whole number from 1 to 50."
	MsgSuggestionQuery = "A search has at most 100 characters."

	defaultMediaHelpLimit = 12
	maxMediaHelpLimit     = 50
	maxSuggestionQuery    = 100
	// mediaHelpLibrary is how many of the newest library assets the media help ranks
	// (automatch looks at as many).
	mediaHelpLibrary = 300
	// maxSoundtracks bounds the soundtrack recommendations.
	maxSoundtracks = 50
	// avatarsConsidered is how many most-used avatars the suggestion looks at.
	avatarsConsidered = 10
)

var (
	errNoSoundtrack    = &Error{Status: http.StatusUnprocessableEntity, Code: "no_soundtrack", Message: MsgNoSoundtrack}
	errVideoIDMissing  = &Error{Status: http.StatusBadRequest, Code: "video_id_missing", Message: MsgVideoIDMissing}
	errVoiceIDMissing  = &Error{Status: http.StatusBadRequest, Code: "voice_id_missing", Message: MsgVoiceIDMissing}
	errVoiceNotUsed    = &Error{Status: http.StatusUnprocessableEntity, Code: "voice_not_used", Message: MsgVoiceNotUsed}
	errVoiceoverVoice  = &Error{Status: http.StatusUnprocessableEntity, Code: "voiceover_video", Message: MsgVoiceoverVoice}
	errVideoBuilding   = &Error{Status: http.StatusConflict, Code: "video_building", Message: domain.MsgRenderLoading}
	errMediaHelpLimit  = validation(domain.FieldError{Field: "limit", Message: MsgMediaHelpLimit})
	errSuggestionQuery = validation(domain.FieldError{Field: "query", Message: MsgSuggestionQuery})
)

// mediaHelpLimit reads ?limit= (default 12, 1 to 50).
func mediaHelpLimit(c *gin.Context) (int, error) {
	raw := c.Query("limit")
	if raw == "" {
		return defaultMediaHelpLimit, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > maxMediaHelpLimit {
		return 0, errMediaHelpLimit
	}
	return n, nil
}

// mediaCandidate turns a picture or video of the library that did not fail into a
// matcher candidate (as automatch does).
func mediaCandidate(a models.Asset, origin domain.MediaOrigin) (domain.MediaCandidate, bool) {
	kind := ""
	switch a.TypeID {
	case models.AssetTypeIDImage:
		kind = domain.MediaKindImage
	case models.AssetTypeIDVideo:
		kind = domain.MediaKindVideo
	case models.AssetTypeIDAudio:
		kind = domain.MediaKindAudio
	}
	if kind == "" || a.State == models.AssetStateError {
		return domain.MediaCandidate{}, false
	}
	return domain.MediaCandidate{Key: "asset:" + strconv.FormatInt(a.ID, 10), Origin: origin, Kind: kind, AssetID: a.ID,
		Text: strings.TrimSpace(a.Name + " " + a.Text), Position: -1, Width: a.Width, Height: a.Height, DurationSec: a.Duration}, true
}

// rankAssets ranks assets for slide with the Create issue's matcher, keeping those
// that match (score above zero), at most limit.
func rankAssets(slide domain.MatchSlide, assets []models.Asset, origins map[int64]domain.MediaOrigin, limit int) ([]models.Asset, []int) {
	byID := map[int64]models.Asset{}
	var cands []domain.MediaCandidate
	for _, a := range assets {
		origin, found := origins[a.ID]
		if !found {
			origin = domain.OriginLibrary
		}
		if c, ok := mediaCandidate(a, origin); ok {
			byID[a.ID] = a
			cands = append(cands, c)
		}
	}
	var out []models.Asset
	var scores []int
	for _, r := range domain.RankMedia(slide, cands, 0) {
		if r.Score > 0 && len(out) < limit {
			out = append(out, byID[r.Candidate.AssetID])
			scores = append(scores, r.Score)
		}
	}
	return out, scores
}

// recommendedAsset is a library asset with how well it fits the slide.
type recommendedAsset struct {
	assetResponse
	Score int `json:"score"`
}

// recommendedAssets answers GET /layer/:layerId/recommendedAssets?limit=12: the
// video's initial assets and the account's library ranked for the slide's keywords
// by automatch's matcher, initial assets first; an empty list when nothing matches.
func (s *Server) recommendedAssets(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	limit, err := mediaHelpLimit(c)
	if err != nil {
		return err
	}
	ctx, pub := c.Request.Context(), session(c).PublisherID
	l, v, err := s.store.LayerWithVideo(ctx, pub, layerID)
	if err != nil {
		return notFoundAs(err, errSlideNotFound)
	}
	initial, err := s.store.AssetsForVideo(ctx, pub, v.InitialAssets)
	if err != nil {
		return err
	}
	lib, err := s.store.LibraryMedia(ctx, pub, mediaHelpLibrary)
	if err != nil {
		return err
	}
	origins := map[int64]domain.MediaOrigin{}
	var all []models.Asset
	for _, a := range initial {
		if a.VideoID == nil && a.TypeID != models.AssetTypeIDAudio {
			origins[a.ID] = domain.OriginArticle
			all = append(all, a)
		}
	}
	for _, a := range lib {
		if _, dup := origins[a.ID]; !dup {
			all = append(all, a)
		}
	}
	ranked, scores := rankAssets(domain.MatchSlide{Text: l.Text, Keywords: l.Keywords, Paragraph: -1}, all, origins, limit)
	out := make([]recommendedAsset, 0, len(ranked))
	for i, a := range ranked {
		r, err := s.assetJSON(ctx, a)
		if err != nil {
			return err
		}
		out = append(out, recommendedAsset{assetResponse: r, Score: scores[i]})
	}
	return ok(c, http.StatusOK, out)
}

// suggestedAsset is one search result for a slide: an asset of the library, or a
// stock item to import from its URL.
type suggestedAsset struct {
	Source       string `json:"source"`
	AssetID      *int64 `json:"assetId,omitempty"`
	URL          string `json:"url,omitempty"`
	ThumbnailURL string `json:"thumbnailUrl,omitempty"`
	Name         string `json:"name"`
	Type         string `json:"type"`
}

// slideSearch is what a slide's media search looks for: the query, else the slide's
// keywords.
func slideSearch(query string, l models.Layer) string {
	if query != "" {
		return query
	}
	kws := []string(l.Keywords)
	if len(kws) == 0 {
		kws = domain.SlideKeywords(l.Text, 3)
	}
	if len(kws) > 3 {
		kws = kws[:3]
	}
	return strings.Join(kws, " ")
}

// suggestedAssets answers GET /layer/:layerId/suggestedAssets?query=&limit=12: the
// account's pictures and videos that match the query (or, without one, the slide's
// keywords), then, when stock libraries are configured, theirs, up to limit.
func (s *Server) suggestedAssets(c *gin.Context) error {
	layerID, err := pathID(c, "layerId", errSlideNotFound)
	if err != nil {
		return err
	}
	limit, err := mediaHelpLimit(c)
	if err != nil {
		return err
	}
	query := strings.Join(strings.Fields(c.Query("query")), " ")
	if utf8.RuneCountInString(query) > maxSuggestionQuery {
		return errSuggestionQuery
	}
	ctx, pub := c.Request.Context(), session(c).PublisherID
	l, v, err := s.store.LayerWithVideo(ctx, pub, layerID)
	if err != nil {
		return notFoundAs(err, errSlideNotFound)
	}
	out := []suggestedAsset{}
	search := slideSearch(query, l)
	if search == "" {
		return ok(c, http.StatusOK, out)
	}
	lib, err := s.store.LibraryMedia(ctx, pub, mediaHelpLibrary)
	if err != nil {
		return err
	}
	ranked, _ := rankAssets(domain.MatchSlide{Text: search, Paragraph: -1}, lib, nil, limit)
	for _, a := range ranked {
		r, err := s.assetJSON(ctx, a)
		if err != nil {
			return err
		}
		id := a.ID
		out = append(out, suggestedAsset{Source: "library", AssetID: &id, URL: r.URL, ThumbnailURL: r.ThumbnailURL,
			Name: a.Name, Type: string(a.Type())})
	}
	if len(out) < limit && s.stock != nil && s.stock.Configured() {
		out = append(out, s.stockSuggestions(ctx, search, v.AspectRatio, limit-len(out))...)
	}
	return ok(c, http.StatusOK, out)
}

// stockSuggestions asks the stock libraries for pictures, then videos, of search. A
// library that fails leaves its suggestions out: the library's results still help.
func (s *Server) stockSuggestions(ctx context.Context, search string, aspect models.AspectRatio, limit int) []suggestedAsset {
	orientation := stock.Landscape
	if aspect == models.AspectVertical {
		orientation = stock.Portrait
	}
	var out []suggestedAsset
	for _, kind := range []stock.Kind{stock.KindImage, stock.KindVideo} {
		if len(out) >= limit {
			break
		}
		items, err := s.stock.Search(ctx, stock.Query{Text: search, Kind: kind, Orientation: orientation, PerPage: limit - len(out)})
		if err != nil {
			s.log.WarnContext(ctx, "stock suggestions", "kind", kind, "err", err)
			continue
		}
		for _, it := range items {
			if len(out) == limit {
				break
			}
			name := it.Text
			if name == "" {
				name = it.Provider + " " + string(it.Kind) + " " + it.ID
			}
			out = append(out, suggestedAsset{Source: it.Provider, URL: it.URL, ThumbnailURL: it.PreviewURL, Name: name, Type: string(it.Kind)})
		}
	}
	return out
}

// automatchRequest asks the editor's automatch to also re-match automatched media.
type automatchRequest struct {
	Overwrite bool `json:"overwrite"`
}

// automatchVideo answers POST /video/:id/automatch {overwrite?}: it starts the
// AutomatchVideo workflow, which fills slides without media (with overwrite, also
// re-matches automatched media; the user's picks stay) -> 202 {workflowId}.
func (s *Server) automatchVideo(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	var req automatchRequest
	if c.Request.ContentLength != 0 {
		if err := bindJSON(c, &req); err != nil {
			return err
		}
	}
	ctx, pub := c.Request.Context(), session(c).PublisherID
	run, err := s.store.StartVideoAutomatch(ctx, pub, id, time.Now())
	if errors.Is(err, store.ErrVideoBuilding) {
		return errVideoBuilding
	}
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	wfID, err := s.workflows.AutomatchVideo(ctx, pub, id, run, req.Overwrite)
	if err != nil {
		return err
	}
	return ok(c, http.StatusAccepted, gin.H{"workflowId": wfID})
}

// soundtracks ranks the account's imported music not yet under the video for the
// video's keywords (name, script): matches first, then the newest.
func (s *Server) soundtracks(ctx context.Context, pub, videoID int64) ([]models.Asset, error) {
	v, err := s.store.VideoRow(ctx, pub, videoID)
	if err != nil {
		return nil, notFoundAs(err, errVideoNotFound)
	}
	list, err := s.store.SoundtrackCandidates(ctx, pub, videoID, maxSoundtracks)
	if err != nil {
		return nil, notFoundAs(err, errVideoNotFound)
	}
	byID := map[int64]models.Asset{}
	cands := make([]domain.MediaCandidate, 0, len(list))
	for _, a := range list {
		if c, ok := mediaCandidate(a, domain.OriginLibrary); ok {
			byID[a.ID] = a
			cands = append(cands, c)
		}
	}
	slide := domain.MatchSlide{Text: v.Name + "\n" + v.Text, Keywords: v.Keywords, Paragraph: -1}
	out := make([]models.Asset, 0, len(cands))
	for _, r := range domain.RankMedia(slide, cands, 0) {
		out = append(out, byID[r.Candidate.AssetID])
	}
	return out, nil
}

// soundtrackRecommendations answers GET /video/:id/soundtrackRecommendations: the
// audio of the library that could go under the video, best first (always a list).
func (s *Server) soundtrackRecommendations(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	list, err := s.soundtracks(c.Request.Context(), session(c).PublisherID, id)
	if err != nil {
		return err
	}
	out, err := s.assetsJSON(c.Request.Context(), list)
	if err != nil {
		return err
	}
	return ok(c, http.StatusOK, out)
}

// automatchSoundtrack answers POST /video/:id/automatchSoundtrack: the best
// recommendation becomes background audio at the default volume; the answer is the
// video's background audio, like GET /video/:id/backgroundAudio.
func (s *Server) automatchSoundtrack(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	ctx, pub := c.Request.Context(), session(c).PublisherID
	list, err := s.soundtracks(ctx, pub, id)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return errNoSoundtrack
	}
	if _, err := s.store.AddBackgroundAudio(ctx, pub, id, list[0].ID, models.DefaultBackgroundAudioVolume, time.Now()); err != nil {
		return notFoundAs(backgroundAudioError(err), errVideoNotFound)
	}
	return s.backgroundAudioList(c, id)
}

// queryID reads a positive id from the query parameter name; anything else is missing.
func queryID(c *gin.Context, name string, missing *Error) (int64, error) {
	return positiveID(c.Query(name), missing)
}

// deleteVoiceNarration answers DELETE /video/narration?videoID=&voiceID=: the
// narration of the video's slides that voice speaks is deleted and made again.
func (s *Server) deleteVoiceNarration(c *gin.Context) error {
	id, err := queryID(c, "videoID", errVideoIDMissing)
	if err != nil {
		return err
	}
	voiceID, err := queryID(c, "voiceID", errVoiceIDMissing)
	if err != nil {
		return err
	}
	ctx, pub := c.Request.Context(), session(c).PublisherID
	res, err := s.store.DeleteVoiceNarration(ctx, pub, id, voiceID, time.Now())
	switch {
	case errors.Is(err, store.ErrVoiceNotUsed):
		return errVoiceNotUsed
	case errors.Is(err, models.ErrInvalidState):
		return errVoiceoverVoice
	case err != nil:
		return notFoundAs(err, errVideoNotFound)
	}
	if err := s.narrate(ctx, pub, res); err != nil {
		return err
	}
	return s.answerVideo(c, id)
}

// pendingAsset is one of the video's media whose import is not final.
type pendingAsset struct {
	AssetID int64 `json:"assetId"`
	// LayerID is the slide showing it; null for inserts, background audio and the
	// voiceover.
	LayerID      *int64              `json:"layerId"`
	Status       models.AssetState   `json:"status"`
	ImportStatus models.ImportStatus `json:"importStatus"`
}

// pendingAssetStatus answers GET /video/:id/pendingAssetStatus: the media of the
// video's slides, inserts, background audio and voiceover still importing.
func (s *Server) pendingAssetStatus(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	ctx, pub := c.Request.Context(), session(c).PublisherID
	v, err := s.store.Video(ctx, pub, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	out := []pendingAsset{}
	seen := map[string]bool{}
	add := func(a *models.Asset, layerID *int64) {
		if a == nil || a.State.Final() {
			return
		}
		key := fmt.Sprint(a.ID, "/", ptrValue(layerID))
		if seen[key] {
			return
		}
		seen[key] = true
		out = append(out, pendingAsset{AssetID: a.ID, LayerID: layerID, Status: a.State, ImportStatus: a.State.Status()})
	}
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			for _, it := range l.Assets {
				layerID := l.ID
				add(it.Asset, &layerID)
			}
		}
	}
	if v.VoiceoverAssetID != nil {
		a, err := s.store.Asset(ctx, pub, *v.VoiceoverAssetID)
		if err == nil {
			add(&a, nil)
		} else if !errors.Is(err, models.ErrNotFound) {
			return err
		}
	}
	inserts, err := s.store.Inserts(ctx, pub, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	for _, it := range inserts {
		add(it.Asset, nil)
	}
	music, err := s.store.BackgroundAudios(ctx, pub, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	for _, it := range music {
		add(it.Asset, nil)
	}
	return ok(c, http.StatusOK, gin.H{"pending": len(out) > 0, "assets": out})
}

func ptrValue(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// avatarSuggestion is the suggested avatar of one of the video's voices.
type avatarSuggestion struct {
	VoiceID  int64  `json:"voiceId"`
	AvatarID *int64 `json:"avatarId"`
}

// avatarSuggestions answers GET /video/:id/avatarSuggestions: for each voice the
// video uses (its default narrator, then the slides' own, in order), the first of
// the account's most-used avatars of the voice's gender, or null (spec 000 section 4
// "Avatar suggestion").
func (s *Server) avatarSuggestions(c *gin.Context) error {
	id, err := videoID(c)
	if err != nil {
		return err
	}
	ctx, pub := c.Request.Context(), session(c).PublisherID
	v, err := s.store.Video(ctx, pub, id)
	if err != nil {
		return notFoundAs(err, errVideoNotFound)
	}
	var voices []int64
	seen := map[int64]bool{}
	use := func(id int64) {
		if id != 0 && !seen[id] {
			seen[id] = true
			voices = append(voices, id)
		}
	}
	if v.VoiceID != nil {
		use(*v.VoiceID)
	}
	for _, sc := range v.Scenes {
		for _, l := range sc.Layers {
			use(store.EffectiveVoice(l, v))
		}
	}
	out := []avatarSuggestion{}
	if len(voices) == 0 {
		return ok(c, http.StatusOK, out)
	}
	avatars, err := s.store.MostUsedAvatars(ctx, pub, avatarsConsidered)
	if err != nil {
		return err
	}
	choices := make([]domain.AvatarChoice, len(avatars))
	for i, a := range avatars {
		choices[i] = domain.AvatarChoice{ID: a.ID, Gender: a.Gender}
	}
	for _, vid := range voices {
		gender := ""
		voice, err := s.store.Voice(ctx, vid)
		switch {
		case err == nil:
			gender = voice.Gender
		case !errors.Is(err, models.ErrNotFound):
			return err
		}
		r := avatarSuggestion{VoiceID: vid}
		if avatarID, found := domain.SuggestAvatar(gender, choices); found {
			r.AvatarID = &avatarID
		}
		out = append(out, r)
	}
	return ok(c, http.StatusOK, out)
}
