// Package api is Pagecast's HTTP API: the Gin router, handlers, request and response
// types, middleware (session, CSRF, errors) and the OpenAPI document. Handlers
// validate, write state through the store and start workflows; they do no long work.
package api

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"pagecast/config"
	"pagecast/domain"
	"pagecast/providers/captcha"
	"pagecast/providers/llm"
	"pagecast/store"
)

// Workflows starts the durable jobs the API hands off.
type Workflows interface {
	SendVerificationEmail(ctx context.Context, verificationID int64) error
	// CreateVideo builds a video; pullContent first pulls its page (a video created
	// from a page URL alone).
	CreateVideo(ctx context.Context, publisherID, videoID int64, pullContent bool) error
	GenerateSceneAudio(ctx context.Context, publisherID, sceneID int64) error
	// AutomatchVideo starts the run-th editor automatch of a video and returns its
	// workflow ID (api/editor_assets.go).
	AutomatchVideo(ctx context.Context, publisherID, videoID int64, run int, overwrite bool) (string, error)
}

// ReadyCheck is one dependency /readyz asks.
type ReadyCheck struct {
	Name  string
	Check func(ctx context.Context) error
}

// Deps is what the API needs; New checks it.
type Deps struct {
	Config    config.Config
	Store     *store.Store
	Workflows Workflows
	Captcha   captcha.Verifier
	Logger    *slog.Logger
	// Ready lists the dependencies /readyz checks besides the database.
	Ready []ReadyCheck
	// Web is the built web client (index.html at its root); nil serves none.
	Web fs.FS
	// PasswordParams tunes argon2id; zero means domain.DefaultPasswordParams.
	PasswordParams domain.PasswordParams
	// Version is shown by /api/v2/app/config.
	Version string
	// Assets serves the media library; nil answers its calls with 503.
	Assets *AssetDeps
	// Voices makes voice samples and clones voices; nil answers samples with 503 and
	// cloning with 501 (the voice list works from the store alone).
	Voices *VoiceDeps
	// Content pulls articles from pages (PUT /api/v2/urlContent); nil answers 503.
	Content *ContentDeps
	// LLM writes scripts; nil keeps the local rule-based writer (api/scripts.go).
	LLM llm.Provider
	// Render starts renders and reads their files; nil answers render calls with 503.
	Render *RenderDeps
	// Stock adds stock media to the editor's suggestions; nil suggests the library only.
	Stock StockSearcher
}

// Server holds the handlers' dependencies.
type Server struct {
	cfg          config.Config
	store        *store.Store
	workflows    Workflows
	captcha      captcha.Verifier
	log          *slog.Logger
	ready        []ReadyCheck
	pwParams     domain.PasswordParams
	version      string
	assets       *AssetDeps
	assetURLs    urlCache
	voices       *VoiceDeps
	content      *ContentDeps
	render       *RenderDeps
	stock        StockSearcher
	scripts      scriptWriter
	samples      sampleFlights
	videoAnswers videoAnswers
	sessions     sessionCache
	engine       *gin.Engine

	dummyOnce sync.Once
	dummy     string
}

// New builds the API and its router.
func New(d Deps) (*Server, error) {
	switch {
	case d.Store == nil:
		return nil, errors.New("api: store is required")
	case d.Workflows == nil:
		return nil, errors.New("api: workflows is required")
	case d.Captcha == nil:
		return nil, errors.New("api: captcha verifier is required")
	case d.Logger == nil:
		return nil, errors.New("api: logger is required")
	}
	if d.Assets != nil {
		if err := d.Assets.check(); err != nil {
			return nil, err
		}
	}
	if d.Voices != nil {
		if err := d.Voices.check(); err != nil {
			return nil, err
		}
	}
	if d.Content != nil {
		if err := d.Content.check(); err != nil {
			return nil, err
		}
	}
	if d.Render != nil {
		if err := d.Render.check(); err != nil {
			return nil, err
		}
	}
	s := &Server{
		cfg: d.Config, store: d.Store, workflows: d.Workflows, captcha: d.Captcha, log: d.Logger,
		ready:    append([]ReadyCheck{{Name: "database", Check: d.Store.Ping}}, d.Ready...),
		pwParams: d.PasswordParams, version: d.Version, assets: d.Assets, voices: d.Voices,
		scripts: newScriptWriter(d.LLM),
	}
	s.content, s.render, s.stock = d.Content, d.Render, d.Stock
	if s.pwParams == (domain.PasswordParams{}) {
		s.pwParams = domain.DefaultPasswordParams
	}
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	s.engine = s.routes(reg, d.Web)
	return s, nil
}

// ServeHTTP makes Server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.engine.ServeHTTP(w, r) }

// Routes lists method and path of every API route, for the OpenAPI test.
func (s *Server) Routes() gin.RoutesInfo { return s.engine.Routes() }

func (s *Server) routes(reg *prometheus.Registry, web fs.FS) *gin.Engine {
	r := gin.New()
	r.HandleMethodNotAllowed = true
	r.ContextWithFallback = true
	r.RemoveExtraSlash = true
	_ = r.SetTrustedProxies(nil)
	r.Use(requestID(), accessLog(s.log), newHTTPMetrics(reg).middleware(), errorMiddleware(s.log))

	r.GET("/healthz", s.healthz)
	r.GET("/readyz", s.readyz)
	r.GET("/metrics", gin.WrapH(promhttp.HandlerFor(reg, promhttp.HandlerOpts{})))
	r.GET("/api/openapi.json", s.openAPI)

	// Calls of the web client and API users: session and CSRF apply to all.
	r.GET("/logout", s.loadSession(), handle(s.logout))
	pub := r.Group("/pub/v1", s.loadSession(), csrf())
	pub.GET("/token", handle(s.csrfToken))
	pub.POST("/user/register", handle(s.register))
	pub.POST("/user/login", handle(s.login))

	v2 := r.Group("/api/v2", s.loadSession(), csrf())
	v2.GET("/token", handle(s.csrfToken))
	v2.GET("/app/config", handle(s.appConfig))
	v2.GET("/user/validateSession", handle(s.validateSession))
	v2.GET("/user/email/verify/confirm", handle(s.confirmEmail))

	authed := v2.Group("", requireSession())
	authed.GET("/user", handle(s.currentUser))
	authed.PUT("/account/password", handle(s.changePassword))
	authed.POST("/user/email/verify", handle(s.sendVerification))
	authed.GET("/user/email/verify/status", handle(s.verificationStatus))
	authed.GET("/user/workspaces", handle(s.listWorkspaces))
	authed.POST("/user/workspaces", handle(s.createWorkspace))
	authed.PUT("/user/workspaces/:id", handle(s.renameWorkspace))
	authed.GET("/legal/agreement", handle(s.legalAgreement))
	authed.POST("/legal/agreement/sign", handle(s.signLegalAgreement))
	authed.GET("/user/config", handle(s.userConfig))
	authed.POST("/user/config", handle(s.putUserConfig))

	// Media library (api/assets.go, api/upload.go).
	lib := authed.Group("", s.requireAssets())
	lib.POST("/upload/url", handle(s.uploadURL))
	lib.POST("/upload/confirmUpload", handle(s.confirmUpload))
	lib.POST("/asset/upload", handle(s.uploadAsset))
	lib.POST("/asset/import", handle(s.importAsset))
	lib.GET("/asset/page", handle(s.assetPage))
	lib.GET("/asset/status", handle(s.assetStatus))
	lib.GET("/asset", handle(s.assetsByIDs))
	lib.POST("/asset/bulkDelete", handle(s.bulkDeleteAssets))
	lib.GET("/asset/:id", handle(s.getAsset))
	lib.PUT("/asset/:id", handle(s.updateAsset))
	lib.DELETE("/asset/:id", handle(s.deleteAsset))

	// Voices (api/voices.go, api/voices_clone.go).
	authed.GET("/voice", handle(s.listVoices))
	authed.PUT("/voice/clone", handle(s.cloneVoice))
	authed.GET("/voice/:voiceId/sample", handle(s.voiceSample))
	authed.DELETE("/voice/:voiceId", handle(s.deleteVoice))
	authed.GET("/tag/group", handle(s.tagGroups))

	// Content pulled from pages (api/content.go).
	authed.PUT("/urlContent", s.requireContent(), handle(s.urlContent))

	// Create-video presets (api/presets.go).
	authed.POST("/presets/createvideo", handle(s.createPreset))
	authed.GET("/presets/createvideo", handle(s.listPresets))
	authed.GET("/presets/createvideo/metadata", handle(s.presetMetadata))
	authed.GET("/presets/createvideo/:id", handle(s.getPreset))
	authed.DELETE("/presets/createvideo/:id", handle(s.deletePreset))

	// Scripts (api/scripts.go).
	authed.POST("/ai/generateVideoScript", handle(s.generateVideoScript))
	authed.POST("/ai/modifyScriptStyle", handle(s.modifyScriptStyle))
	authed.POST("/text/split", handle(s.splitText))
	authed.POST("/textSummarizer/summarize", handle(s.summarizeText))

	// Videos (api/videos.go): creation, Manage Videos and scene narration.
	lib.POST("/video", handle(s.createVideo))
	lib.POST("/video/voiceover", handle(s.createVoiceoverVideo)) // api/voiceover.go
	lib.GET("/video", handle(s.listVideos))
	lib.GET("/video/:id", handle(s.getVideo))
	lib.PUT("/video/:id", handle(s.updateVideo))
	lib.DELETE("/video/:id", handle(s.deleteVideo))
	lib.POST("/video/:id/copy", handle(s.copyVideo))
	lib.POST("/scene/audio", handle(s.generateSceneAudio))

	// Rendering (api/render.go): gating, credits, limits, validation, status and files.
	lib.GET("/video/limits", handle(s.videoLimits))
	lib.POST("/video/renderStatus", handle(s.renderStatuses))
	lib.PUT("/video/:id/render", s.requireRender(), handle(s.renderVideo))
	lib.GET("/video/:id/credits-info", handle(s.creditsInfo))
	lib.GET("/video/:id/validate", handle(s.validateVideo))
	lib.GET("/video/:id/renderStatusWithDetails", s.requireRender(), handle(s.renderStatusWithDetails))
	lib.GET("/video/:id/exports", handle(s.exports))
	lib.GET("/video/:id/subtitles/ass", s.requireRender(), handle(s.subtitlesASS))

	// Subtitle style configs (api/subtitle_styles.go).
	authed.GET("/subtitles/styles/config", handle(s.listSubtitleStyles))
	authed.POST("/subtitles/styles/config", handle(s.createSubtitleStyle))
	authed.PUT("/subtitles/styles/config/:id", handle(s.updateSubtitleStyle))
	lib.GET("/subtitles/styles/video/:id", handle(s.videoSubtitleStyle))
	authed.GET("/font/fontFamilies", handle(s.fontFamilies))

	// Background audio (api/background_audio.go).
	lib.GET("/video/:id/backgroundAudio", handle(s.listBackgroundAudio))
	lib.POST("/video/:id/backgroundAudio", handle(s.addBackgroundAudio))
	lib.PUT("/video/:id/backgroundAudio/order", handle(s.reorderBackgroundAudio))
	lib.PUT("/video/:id/backgroundAudio/:itemId", handle(s.setBackgroundAudioVolume))
	lib.DELETE("/video/:id/backgroundAudio/:itemId", handle(s.deleteBackgroundAudio))

	// Editor (api/editor.go): scenes and slides.
	lib.DELETE("/video/:id/scenes/:sceneId", handle(s.deleteScene))
	lib.PUT("/video/:id/scenes/order", handle(s.reorderScenes))
	lib.PUT("/scene/:sceneId/layers/order", handle(s.reorderLayers))
	lib.DELETE("/layer/:layerId", handle(s.deleteLayer))
	lib.PUT("/layer/:layerId/text", handle(s.setLayerText))
	lib.PUT("/layer/:layerId/tagline", handle(s.setLayerTagline))
	lib.PUT("/layer/:layerId/asset", handle(s.replaceLayerMedia))
	// Media help, narration and pending imports (api/editor_assets.go).
	lib.GET("/layer/:layerId/recommendedAssets", handle(s.recommendedAssets))
	lib.GET("/layer/:layerId/suggestedAssets", handle(s.suggestedAssets))
	lib.POST("/video/:id/automatch", handle(s.automatchVideo))
	lib.GET("/video/:id/soundtrackRecommendations", handle(s.soundtrackRecommendations))
	lib.POST("/video/:id/automatchSoundtrack", handle(s.automatchSoundtrack))
	lib.DELETE("/video/narration", handle(s.deleteVoiceNarration))
	lib.GET("/video/:id/pendingAssetStatus", handle(s.pendingAssetStatus))
	lib.GET("/video/:id/avatarSuggestions", handle(s.avatarSuggestions))
	// Structure and slides (api/editor_layers.go).
	lib.POST("/video/:id/scenes", handle(s.addScene))
	lib.POST("/video/:id/scenes/:sceneId/split", handle(s.splitScene))
	lib.POST("/scene/:sceneId/layers", handle(s.addLayer))
	lib.PUT("/video/:id/layers/swap", handle(s.swapLayers))
	lib.POST("/layer/:layerId/assets", handle(s.addLayerMedia))
	lib.DELETE("/layer/:layerId/assets/:layerAssetId", handle(s.deleteLayerMedia))
	lib.PUT("/layer/:layerId/voice", handle(s.setLayerVoice))
	lib.PUT("/layer/:layerId/mute", handle(s.setLayerMute))
	lib.PUT("/layer/:layerId/transform", handle(s.setLayerTransform))
	lib.PUT("/video/:id/voiceover/duration", handle(s.setVoiceoverDuration))
	lib.GET("/video/:id/subtitles", handle(s.listSubtitles))
	lib.POST("/video/:id/subtitles", handle(s.addSubtitle))
	lib.DELETE("/video/:id/subtitles", handle(s.resetSubtitles))
	lib.PUT("/video/:id/subtitles/:subtitleId", handle(s.updateSubtitle))
	lib.DELETE("/video/:id/subtitles/:subtitleId", handle(s.deleteSubtitle))

	// Inserts (api/inserts.go).
	lib.GET("/video/insert/types", handle(s.insertTypes))
	lib.GET("/video/:id/inserts", handle(s.listInserts))
	lib.POST("/video/:id/inserts", handle(s.createInsert))
	lib.GET("/video/:id/inserts/:insertId", handle(s.getInsert))
	lib.PUT("/video/:id/inserts/:insertId", handle(s.updateInsert))
	lib.DELETE("/video/:id/inserts/:insertId", handle(s.deleteInsert))

	r.NoMethod(func(c *gin.Context) { writeError(c, errNoMethod) })
	r.NoRoute(s.notFound(web))
	return r
}
