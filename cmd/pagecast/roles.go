package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	sdkworker "go.temporal.io/sdk/worker"

	"pagecast/activities"
	"pagecast/api"
	"pagecast/blob"
	webclient "pagecast/client"
	"pagecast/config"
	"pagecast/media"
	"pagecast/providers/article"
	"pagecast/providers/captcha"
	"pagecast/providers/email"
	"pagecast/providers/images"
	"pagecast/providers/llm"
	"pagecast/providers/tts"
	"pagecast/providers/webfetch"
	"pagecast/store"
	"pagecast/worker"
	"pagecast/workflows"
)

// openStore connects to the app database, migrating it when migrate is set.
func openStore(ctx context.Context, cfg config.Config, log *slog.Logger, migrate bool) (*store.Store, error) {
	st, err := store.Open(ctx, store.Options{Driver: cfg.Database.Driver, DSN: cfg.Database.DSN, MaxOpenConns: cfg.Database.MaxOpenConns})
	if err != nil {
		return nil, err
	}
	if migrate {
		v, err := st.Migrate(ctx)
		if err != nil {
			st.Close()
			return nil, err
		}
		log.Info("database ready", "driver", cfg.Database.Driver, "schema_version", v)
	}
	return st, nil
}

// dialTemporal connects to the Temporal frontend, waiting up to a minute for it.
func dialTemporal(ctx context.Context, cfg config.Config, log *slog.Logger) (client.Client, error) {
	sdkLog := slog.New(levelAtLeast{Handler: log.Handler(), min: slog.LevelWarn})
	opts := client.Options{HostPort: cfg.Temporal.HostPort, Namespace: cfg.Temporal.Namespace, Logger: sdklog.NewStructuredLogger(sdkLog)}
	deadline := time.Now().Add(time.Minute)
	for {
		c, err := client.DialContext(ctx, opts)
		if err == nil {
			return c, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return nil, fmt.Errorf("dial temporal at %s: %w", cfg.Temporal.HostPort, err)
		}
		log.Warn("waiting for temporal", "host_port", cfg.Temporal.HostPort, "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// levelAtLeast drops records below min: the SDK's info lines are noise here.
type levelAtLeast struct {
	slog.Handler
	min slog.Level
}

func (h levelAtLeast) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func openBlob(ctx context.Context, cfg config.Config) (*blob.Store, error) {
	b, err := blob.New(ctx, blob.Config{
		Endpoint: cfg.S3.Endpoint, PublicEndpoint: cfg.S3.PublicEndpoint, Region: cfg.S3.Region, Bucket: cfg.S3.Bucket,
		AccessKeyID: cfg.S3.AccessKeyID, SecretAccessKey: cfg.S3.SecretAccessKey,
		UsePathStyle: cfg.S3.UsePathStyle, PresignTTL: cfg.S3.PresignTTL,
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

// newMediaFetcher is the guarded fetcher of URL imports, used by the API's early
// check and the worker's download alike.
func newMediaFetcher(cfg config.AssetsConfig) *webfetch.Fetcher {
	return webfetch.New(webfetch.Options{AllowLoopback: cfg.AllowLoopbackURLs, MaxBytes: cfg.MaxUploadBytes, Timeout: cfg.URLImportTimeout})
}

// newArticlePuller reads articles from pages (PUT /api/v2/urlContent, and the video
// workflow's content pull) through the same guard as URL imports, so a page reaches
// loopback only with assets.allow_loopback_urls and private addresses never.
func newArticlePuller(cfg config.AssetsConfig) *article.Puller {
	return &article.Puller{Fetcher: newMediaFetcher(cfg)}
}

// newImageGenerator builds the AI image generator automatch may use; with
// images.provider "" it is images.Off, which answers images.ErrNotConfigured (there
// is no local generator).
func newImageGenerator(cfg config.ImagesConfig, log *slog.Logger) (images.Generator, error) {
	if cfg.Provider == "" {
		log.Info("AI images are off; set images.provider to turn them on")
		return images.Off{}, nil
	}
	g, err := images.NewOpenAI(images.OpenAIConfig{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model})
	if err != nil {
		return nil, fmt.Errorf("images: %w", err)
	}
	log.Info("AI images are on", "base_url", cfg.BaseURL, "model", cfg.Model)
	return g, nil
}

// newVoiceDeps seeds the voice catalogue from espeak-ng (idempotent and cheap, so
// every API start does it) and builds what the voice calls need; ElevenLabs clones
// voices when tts.elevenlabs.api_key is set.
func newVoiceDeps(ctx context.Context, cfg config.Config, log *slog.Logger, st *store.Store, b *blob.Store) (*api.VoiceDeps, error) {
	espeak, err := tts.NewEspeak(cfg.TTS.EspeakPath)
	if err != nil {
		return nil, fmt.Errorf("voices need espeak-ng (tts.espeak_path): %w", err)
	}
	res, err := api.SeedLocalVoices(ctx, st, espeak)
	if err != nil {
		return nil, err
	}
	log.Info("voice catalogue seeded", "added", res.Added, "updated", res.Updated)
	d := &api.VoiceDeps{Objects: b, Speaker: espeak, SpoolDir: cfg.Assets.WorkDir}
	el := cfg.TTS.ElevenLabs
	if el.APIKey == "" {
		log.Info("voice cloning is off; set tts.elevenlabs.api_key to turn it on")
		return d, nil
	}
	cloner, err := tts.NewElevenLabs(tts.ElevenLabsConfig{APIKey: el.APIKey, BaseURL: el.BaseURL, Model: el.Model})
	if err != nil {
		return nil, fmt.Errorf("tts.elevenlabs: %w", err)
	}
	d.Cloner = cloner
	return d, nil
}

// newLLM builds the language model that writes scripts; nil (llm.provider "") keeps
// the local rule-based writer.
func newLLM(cfg config.LLMConfig, log *slog.Logger) (llm.Provider, error) {
	if cfg.Provider == "" {
		log.Info("scripts are written by local rules; set llm.provider to use a language model")
		return nil, nil
	}
	p, err := llm.NewOpenAI(llm.OpenAIConfig{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey, Model: cfg.Model, Timeout: cfg.Timeout})
	if err != nil {
		return nil, fmt.Errorf("llm: %w", err)
	}
	log.Info("scripts are written by a language model", "base_url", cfg.BaseURL, "model", cfg.Model)
	return p, nil
}

func newCaptcha(cfg config.CaptchaConfig) (captcha.Verifier, error) {
	if cfg.Provider == "" {
		return captcha.Off{}, nil
	}
	return captcha.NewSiteVerify(cfg.Provider, cfg.SiteKey, cfg.Secret, cfg.VerifyURL)
}

func newMailer(cfg config.EmailConfig, log *slog.Logger) email.Sender {
	if cfg.SMTPHost != "" {
		return email.SMTP{Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUsername, Password: cfg.SMTPPassword, From: cfg.From}
	}
	log.Info("e-mail goes to the local outbox", "dir", cfg.OutboxDir)
	return email.Outbox{Dir: cfg.OutboxDir, From: cfg.From}
}

// apiProcess is a running API server.
type apiProcess struct {
	srv *http.Server
	ln  net.Listener
}

// startAPI builds the API and starts serving it in the background.
func startAPI(ctx context.Context, cfg config.Config, log *slog.Logger, bk *backends) (*apiProcess, error) {
	st, tc, b := bk.store, bk.temporal, bk.blob
	cv, err := newCaptcha(cfg.Captcha)
	if err != nil {
		return nil, err
	}
	voices, err := newVoiceDeps(ctx, cfg, log, st, b)
	if err != nil {
		return nil, err
	}
	// The public create-video presets: idempotent and cheap, so every API start does it.
	seeded, err := api.SeedPublicPresets(ctx, st)
	if err != nil {
		return nil, err
	}
	log.Info("public presets seeded", "added", seeded.Added, "updated", seeded.Updated)
	scriptLLM, err := newLLM(cfg.LLM, log)
	if err != nil {
		return nil, err
	}
	starter := workflows.Starter{Client: tc, TaskQueue: cfg.Temporal.TaskQueue}
	h, err := api.New(api.Deps{
		Config: cfg, Store: st, Captcha: cv, Logger: log, Version: version, Web: webclient.Dist(),
		Workflows: starter,
		Assets:    &api.AssetDeps{Workflows: starter, Objects: b, URLs: newMediaFetcher(cfg.Assets), SpoolDir: cfg.Assets.WorkDir},
		Voices:    voices,
		Content:   &api.ContentDeps{Articles: newArticlePuller(cfg.Assets)},
		LLM:       scriptLLM,
		Render:    &api.RenderDeps{Renders: renders{starter: starter}, Objects: b},
		Stock:     newStockSources(cfg.Stock, log),
		Ready: []api.ReadyCheck{
			{Name: "temporal", Check: func(ctx context.Context) error {
				_, err := tc.CheckHealth(ctx, &client.CheckHealthRequest{})
				return err
			}},
			{Name: "objectStore", Check: b.Ping},
		},
	})
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.HTTP.Addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", cfg.HTTP.Addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("http server", "err", err)
		}
	}()
	return &apiProcess{srv: srv, ln: ln}, nil
}

func (p *apiProcess) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = p.srv.Shutdown(ctx)
}

// startWorker registers everything and starts polling in the background.
func startWorker(ctx context.Context, cfg config.Config, log *slog.Logger, bk *backends) (sdkworker.Worker, error) {
	st, tc, b := bk.store, bk.temporal, bk.blob
	acts := &activities.Activities{Store: st, Mailer: newMailer(cfg.Email, log), PublicURL: cfg.HTTP.PublicURL}
	tool := media.Tool{FFmpeg: cfg.Assets.FFmpegPath, FFprobe: cfg.Assets.FFprobePath}
	if err := tool.Check(ctx); err != nil {
		return nil, fmt.Errorf("media import needs ffmpeg and ffprobe (assets.ffmpeg_path, assets.ffprobe_path): %w", err)
	}
	if libass, err := media.OpenLibass(); err != nil {
		log.Warn("render text is drawn by an ffmpeg run per segment, which is slower", "err", err)
	} else {
		tool.Libass = libass
	}
	if err := tool.CheckText(ctx); err != nil {
		return nil, fmt.Errorf("render text needs fonts (docs/operations.md, \"Rendering\"): %w", err)
	}
	assets := &activities.AssetActivities{Store: st, Blob: b, Media: tool, Fetcher: newMediaFetcher(cfg.Assets),
		WorkDir: cfg.Assets.WorkDir, MaxBytes: cfg.Assets.MaxUploadBytes}
	narration, err := newNarrationActivities(cfg, st, b)
	if err != nil {
		return nil, err
	}
	gen, err := newImageGenerator(cfg.Images, log)
	if err != nil {
		return nil, err
	}
	videos := &activities.VideoActivities{Store: st, Stock: newStockSources(cfg.Stock, log), Images: gen, Blob: b,
		Articles: newArticlePuller(cfg.Assets), URLs: newMediaFetcher(cfg.Assets)}
	voiceover := &activities.VoiceoverActivities{Store: st, Blob: b, Media: tool, WorkDir: cfg.Assets.WorkDir}
	starter := workflows.Starter{Client: tc, TaskQueue: cfg.Temporal.TaskQueue}
	render := &activities.RenderActivities{Store: st, Blob: b, Engine: tool, WorkDir: cfg.Assets.WorkDir,
		Mailer: acts.Mailer, PublicURL: cfg.HTTP.PublicURL, Runs: renders{starter: starter}}
	w := worker.New(tc, worker.Activities{Account: acts, Assets: assets, Videos: videos, Narration: narration, Voiceover: voiceover, Render: render},
		worker.Options{TaskQueue: cfg.Temporal.TaskQueue, MaxConcurrentActivities: cfg.Temporal.WorkerConcurrency,
			StopTimeout: cfg.Temporal.WorkerStopTimeout})
	if n, err := render.RemoveStaleWorkDirs(time.Now()); err != nil {
		log.Warn("remove stale render work folders", "err", err)
	} else if n > 0 {
		log.Info("removed stale render work folders", "count", n)
	}
	if err := w.Start(); err != nil {
		return nil, fmt.Errorf("start worker: %w", err)
	}
	if err := starter.EnsureSchedules(ctx); err != nil {
		w.Stop()
		return nil, err
	}
	return w, nil
}

// backends are the connections every long-running role shares.
type backends struct {
	store    *store.Store
	temporal client.Client
	blob     *blob.Store
}

// connect opens the database (migrating it when migrate is set), Temporal and the
// object store.
func connect(ctx context.Context, cfg config.Config, log *slog.Logger, migrate bool) (*backends, error) {
	st, err := openStore(ctx, cfg, log, migrate)
	if err != nil {
		return nil, err
	}
	tc, err := dialTemporal(ctx, cfg, log)
	if err != nil {
		st.Close()
		return nil, err
	}
	b, err := openBlob(ctx, cfg)
	if err != nil {
		tc.Close()
		st.Close()
		return nil, err
	}
	return &backends{store: st, temporal: tc, blob: b}, nil
}

func (b *backends) close() {
	b.temporal.Close()
	b.store.Close()
}

// runAPI is `pagecast api`: migrate, then serve until stopped.
func runAPI(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	b, err := connect(ctx, cfg, log, true)
	if err != nil {
		return err
	}
	defer b.close()
	if err := b.blob.EnsureBucket(ctx); err != nil {
		// With real S3 the bucket is usually made by the operator and this role may not
		// create buckets; /readyz reports whether it is reachable.
		log.Warn("ensure bucket", "bucket", cfg.S3.Bucket, "err", err)
	}
	p, err := startAPI(ctx, cfg, log, b)
	if err != nil {
		return err
	}
	log.Info("api listening", "addr", p.ln.Addr().String(), "public_url", cfg.HTTP.PublicURL)
	<-ctx.Done()
	p.stop()
	return nil
}

// runWorker is `pagecast worker`: poll the task queue until stopped.
func runWorker(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	b, err := connect(ctx, cfg, log, false)
	if err != nil {
		return err
	}
	defer b.close()
	w, err := startWorker(ctx, cfg, log, b)
	if err != nil {
		return err
	}
	log.Info("worker polling", "task_queue", cfg.Temporal.TaskQueue, "pid", os.Getpid())
	<-ctx.Done()
	stopWorker(w, cfg, log)
	return nil
}

// stopWorker stops w, saying first that what it runs may take a while to finish.
func stopWorker(w sdkworker.Worker, cfg config.Config, log *slog.Logger) {
	log.Info("stopping the worker: running steps may finish first", "up_to", cfg.Temporal.WorkerStopTimeout)
	w.Stop()
}

// runMigrate is `pagecast migrate`.
func runMigrate(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	st, err := openStore(ctx, cfg, log, true)
	if err != nil {
		return err
	}
	return st.Close()
}
