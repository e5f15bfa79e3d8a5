// Package config loads Pagecast's configuration. It is the only package that reads
// files or the environment: everything else receives a Config value.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/spf13/viper"
)

// Config is the whole effective configuration of one pagecast process.
type Config struct {
	// DataDir holds local state in `pagecast run`: the app SQLite file, the Temporal
	// SQLite file, the local object store and the e-mail outbox.
	DataDir  string         `mapstructure:"data_dir"`
	HTTP     HTTPConfig     `mapstructure:"http"`
	Database DatabaseConfig `mapstructure:"database"`
	Temporal TemporalConfig `mapstructure:"temporal"`
	S3       S3Config       `mapstructure:"s3"`
	Email    EmailConfig    `mapstructure:"email"`
	Captcha  CaptchaConfig  `mapstructure:"captcha"`
	Auth     AuthConfig     `mapstructure:"auth"`
	Log      LogConfig      `mapstructure:"log"`
	Assets   AssetsConfig   `mapstructure:"assets"`
	TTS      TTSConfig      `mapstructure:"tts"`
	Stock    StockConfig    `mapstructure:"stock"`
	Images   ImagesConfig   `mapstructure:"images"`
	LLM      LLMConfig      `mapstructure:"llm"`
}

// HTTPConfig configures the API server.
type HTTPConfig struct {
	Addr string `mapstructure:"addr"`
	// PublicURL is the address users reach the app at; links in e-mails start with it.
	PublicURL string `mapstructure:"public_url"`
	// SecureCookies marks cookies Secure; turn on behind HTTPS.
	SecureCookies bool `mapstructure:"secure_cookies"`
}

// DatabaseConfig selects the app database.
type DatabaseConfig struct {
	// Driver is "sqlite" or "postgres".
	Driver string `mapstructure:"driver"`
	// DSN is a file path for sqlite (default <data_dir>/pagecast.db) or a PostgreSQL URL.
	DSN          string `mapstructure:"dsn"`
	MaxOpenConns int    `mapstructure:"max_open_conns"`
}

// TemporalConfig points at the Temporal cluster.
type TemporalConfig struct {
	// HostPort of the frontend. In `pagecast run` an embedded server listens here.
	HostPort  string `mapstructure:"host_port"`
	Namespace string `mapstructure:"namespace"`
	TaskQueue string `mapstructure:"task_queue"`
	// UIPort serves the Temporal Web UI next to the embedded server (0 turns it off).
	UIPort int `mapstructure:"ui_port"`
	// WorkerConcurrency bounds concurrent activities per worker process.
	WorkerConcurrency int `mapstructure:"worker_concurrency"`
	// WorkerStopTimeout is how long a worker told to stop lets its running activities
	// finish (a render's scene, an import) before it cancels them.
	WorkerStopTimeout time.Duration `mapstructure:"worker_stop_timeout"`
}

// S3Config points at the object store.
type S3Config struct {
	// Endpoint of an S3-compatible server; empty means AWS. In `pagecast run` an
	// embedded store on loopback listens at EmbeddedAddr and Endpoint is set to it.
	Endpoint string `mapstructure:"endpoint"`
	// PublicEndpoint is where browsers reach the store (presigned upload, player and
	// download links) when Endpoint is a name only the servers resolve; empty = Endpoint.
	PublicEndpoint  string        `mapstructure:"public_endpoint"`
	EmbeddedAddr    string        `mapstructure:"embedded_addr"`
	Region          string        `mapstructure:"region"`
	Bucket          string        `mapstructure:"bucket"`
	AccessKeyID     string        `mapstructure:"access_key_id"`
	SecretAccessKey string        `mapstructure:"secret_access_key"`
	UsePathStyle    bool          `mapstructure:"use_path_style"`
	PresignTTL      time.Duration `mapstructure:"presign_ttl"`
}

// EmailConfig selects how e-mail leaves: SMTP when SMTPHost is set, else files in the outbox.
type EmailConfig struct {
	From         string `mapstructure:"from"`
	SMTPHost     string `mapstructure:"smtp_host"`
	SMTPPort     int    `mapstructure:"smtp_port"`
	SMTPUsername string `mapstructure:"smtp_username"`
	SMTPPassword string `mapstructure:"smtp_password"`
	// OutboxDir receives one .eml file per message when no SMTP host is set.
	OutboxDir string `mapstructure:"outbox_dir"`
}

// CaptchaConfig selects the captcha verifier; an empty Provider turns captcha off.
type CaptchaConfig struct {
	// Provider is "", "turnstile", "hcaptcha" or "recaptcha".
	Provider  string `mapstructure:"provider"`
	SiteKey   string `mapstructure:"site_key"`
	Secret    string `mapstructure:"secret"`
	VerifyURL string `mapstructure:"verify_url"`
}

// AuthConfig holds session and login-throttle settings.
type AuthConfig struct {
	SessionTTL time.Duration `mapstructure:"session_ttl"`
	// LoginMaxFailures failed logins per email (or per IP, times five) within LoginWindow
	// make further attempts wait until the window passes.
	LoginMaxFailures int           `mapstructure:"login_max_failures"`
	LoginWindow      time.Duration `mapstructure:"login_window"`
	// VerificationTTL is how long an e-mail verification link stays valid.
	VerificationTTL time.Duration `mapstructure:"verification_ttl"`
}

// AssetsConfig configures the media library: upload limits, URL imports and the
// media tools the import runs.
type AssetsConfig struct {
	// MaxUploadBytes caps uploads and URL imports (spec: 524,288,000 bytes, 500 MB).
	MaxUploadBytes int64 `mapstructure:"max_upload_bytes"`
	// URLImportTimeout bounds downloading one URL import.
	URLImportTimeout time.Duration `mapstructure:"url_import_timeout"`
	// AllowLoopbackURLs lets URL imports reach 127.0.0.0/8 and ::1. For tests only:
	// private, link-local and metadata addresses stay refused.
	AllowLoopbackURLs bool   `mapstructure:"allow_loopback_urls"`
	FFmpegPath        string `mapstructure:"ffmpeg_path"`
	FFprobePath       string `mapstructure:"ffprobe_path"`
	// WorkDir holds imports' temporary files on workers; empty means the system's.
	WorkDir string `mapstructure:"work_dir"`
}

// TTSConfig configures the voice providers: espeak-ng on this machine (the catalogue's
// local voices and their samples) and, when a key is set, ElevenLabs (voice cloning).
type TTSConfig struct {
	EspeakPath string           `mapstructure:"espeak_path"`
	ElevenLabs ElevenLabsConfig `mapstructure:"elevenlabs"`
}

// ElevenLabsConfig configures the ElevenLabs adapter; an empty APIKey turns it off,
// and with it voice cloning.
type ElevenLabsConfig struct {
	APIKey  string `mapstructure:"api_key"`
	BaseURL string `mapstructure:"base_url"`
	Model   string `mapstructure:"model"`
}

// LLMConfig selects the language model that writes scripts. An empty Provider keeps
// the local rule-based writer (offline); "openai" uses any server with OpenAI's
// chat-completions API at BaseURL (OpenAI, Ollama, vLLM, ...).
type LLMConfig struct {
	Provider string        `mapstructure:"provider"`
	BaseURL  string        `mapstructure:"base_url"`
	APIKey   string        `mapstructure:"api_key"`
	Model    string        `mapstructure:"model"`
	Timeout  time.Duration `mapstructure:"timeout"`
}

// StockConfig configures the stock media libraries automatch searches; a library
// without an API key is off. BaseURL is for tests and proxies.
type StockConfig struct {
	Pexels  StockProviderConfig `mapstructure:"pexels"`
	Pixabay StockProviderConfig `mapstructure:"pixabay"`
}

// StockProviderConfig is one stock library's key and address.
type StockProviderConfig struct {
	APIKey  string `mapstructure:"api_key"`
	BaseURL string `mapstructure:"base_url"`
}

// ImagesConfig selects the AI image generator. An empty Provider turns AI images off
// (there is no local generator); "openai" uses any server with OpenAI's images API at
// BaseURL ({base_url}/images/generations).
type ImagesConfig struct {
	Provider string `mapstructure:"provider"`
	BaseURL  string `mapstructure:"base_url"`
	APIKey   string `mapstructure:"api_key"`
	Model    string `mapstructure:"model"`
}

// LogConfig configures structured logs.
type LogConfig struct {
	Level  string `mapstructure:"level"`  // debug, info, warn, error
	Format string `mapstructure:"format"` // text or json
}

// defaults lists every key with its default; keys missing here cannot be set.
var defaults = map[string]any{
	"data_dir":                     "./data",
	"http.addr":                    "127.0.0.1:8080",
	"http.public_url":              "",
	"http.secure_cookies":          false,
	"database.driver":              "sqlite",
	"database.dsn":                 "",
	"database.max_open_conns":      20,
	"temporal.host_port":           "127.0.0.1:7233",
	"temporal.namespace":           "default",
	"temporal.task_queue":          "pagecast",
	"temporal.ui_port":             8233,
	"temporal.worker_concurrency":  4,
	"temporal.worker_stop_timeout": "25s",
	"s3.endpoint":                  "",
	"s3.public_endpoint":           "",
	"s3.embedded_addr":             "127.0.0.1:9000",
	"s3.region":                    "us-east-1",
	"s3.bucket":                    "pagecast",
	"s3.access_key_id":             "pagecast",
	"s3.secret_access_key":         "pagecast-local-secret",
	"s3.use_path_style":            true,
	"s3.presign_ttl":               "15m",
	"email.from":                   "Pagecast <no-reply@pagecast.local>",
	"email.smtp_host":              "",
	"email.smtp_port":              587,
	"email.smtp_username":          "",
	"email.smtp_password":          "",
	"email.outbox_dir":             "",
	"captcha.provider":             "",
	"captcha.site_key":             "",
	"captcha.secret":               "",
	"captcha.verify_url":           "",
	"auth.session_ttl":             "720h",
	"auth.login_max_failures":      5,
	"auth.login_window":            "15m",
	"auth.verification_ttl":        "48h",
	"log.level":                    "info",
	"log.format":                   "text",
	"assets.max_upload_bytes":      524288000,
	"assets.url_import_timeout":    "10m",
	"assets.allow_loopback_urls":   false,
	"assets.ffmpeg_path":           "ffmpeg",
	"assets.ffprobe_path":          "ffprobe",
	"assets.work_dir":              "",
	"tts.espeak_path":              "espeak-ng",
	"tts.elevenlabs.api_key":       "",
	"tts.elevenlabs.base_url":      "https://api.elevenlabs.io",
	"tts.elevenlabs.model":         "eleven_multilingual_v2",
	"stock.pexels.api_key":         "",
	"stock.pexels.base_url":        "https://api.pexels.com",
	"stock.pixabay.api_key":        "",
	"stock.pixabay.base_url":       "https://pixabay.com/api",
	"images.provider":              "",
	"images.base_url":              "https://api.openai.com/v1",
	"images.api_key":               "",
	"images.model":                 "gpt-image-1",
	"llm.provider":                 "",
	"llm.base_url":                 "https://api.openai.com/v1",
	"llm.api_key":                  "",
	"llm.model":                    "gpt-4o-mini",
	"llm.timeout":                  "60s",
}

// secretKeys are masked when the configuration is logged.
var secretKeys = map[string]bool{
	"s3.secret_access_key":   true,
	"email.smtp_password":    true,
	"captcha.secret":         true,
	"tts.elevenlabs.api_key": true,
	"stock.pexels.api_key":   true,
	"stock.pixabay.api_key":  true,
	"images.api_key":         true,
	"llm.api_key":            true,
}

// Load reads pagecast.yaml (from file, or ./pagecast.yaml when file is empty and it
// exists) and PAGECAST_* environment variables over the defaults, then validates.
// PAGECAST_DATABASE_DSN sets database.dsn, and so on.
func Load(file string) (Config, error) {
	v := viper.New()
	for k, d := range defaults {
		v.SetDefault(k, d)
	}
	v.SetEnvPrefix("PAGECAST")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_"))
	v.AutomaticEnv()
	if file != "" {
		v.SetConfigFile(file)
		if err := v.ReadInConfig(); err != nil {
			return Config{}, fmt.Errorf("config: read %s: %w", file, err)
		}
	} else if _, err := os.Stat("pagecast.yaml"); err == nil {
		// Named exactly: viper's search would also take a file called "pagecast",
		// such as the binary built in the working directory.
		v.SetConfigFile("pagecast.yaml")
		if err := v.ReadInConfig(); err != nil {
			return Config{}, fmt.Errorf("config: read pagecast.yaml: %w", err)
		}
	}
	for _, k := range v.AllKeys() {
		if _, ok := defaults[k]; !ok {
			return Config{}, fmt.Errorf("config: unknown key %q", k)
		}
	}
	var c Config
	if err := v.UnmarshalExact(&c); err != nil {
		return Config{}, fmt.Errorf("config: %w", err)
	}
	c.fillDerived()
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	return c, nil
}

// fillDerived sets values that default from other keys.
func (c *Config) fillDerived() {
	if c.Database.Driver == "sqlite" && c.Database.DSN == "" {
		c.Database.DSN = filepath.Join(c.DataDir, "pagecast.db")
	}
	if c.Email.OutboxDir == "" {
		c.Email.OutboxDir = filepath.Join(c.DataDir, "outbox")
	}
	if c.HTTP.PublicURL == "" {
		host, port, err := net.SplitHostPort(c.HTTP.Addr)
		if err == nil {
			if host == "" || host == "0.0.0.0" || host == "::" {
				host = "localhost"
			}
			c.HTTP.PublicURL = "http://" + net.JoinHostPort(host, port)
		}
	}
	c.HTTP.PublicURL = strings.TrimRight(c.HTTP.PublicURL, "/")
}

// Validate checks every key and names the first bad one.
func (c Config) Validate() error {
	bad := func(key, why string) error { return fmt.Errorf("config: invalid %s: %s", key, why) }
	if c.DataDir == "" {
		return bad("data_dir", "must not be empty")
	}
	if _, _, err := net.SplitHostPort(c.HTTP.Addr); err != nil {
		return bad("http.addr", "want host:port")
	}
	if u, err := url.Parse(c.HTTP.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return bad("http.public_url", "want an absolute http(s) URL")
	}
	switch c.Database.Driver {
	case "sqlite":
	case "postgres":
		if c.Database.DSN == "" {
			return bad("database.dsn", "required for postgres")
		}
	default:
		return bad("database.driver", `want "sqlite" or "postgres"`)
	}
	if c.Database.MaxOpenConns < 1 {
		return bad("database.max_open_conns", "must be at least 1")
	}
	if _, _, err := net.SplitHostPort(c.Temporal.HostPort); err != nil {
		return bad("temporal.host_port", "want host:port")
	}
	if c.Temporal.Namespace == "" {
		return bad("temporal.namespace", "must not be empty")
	}
	if c.Temporal.TaskQueue == "" {
		return bad("temporal.task_queue", "must not be empty")
	}
	if c.Temporal.UIPort < 0 || c.Temporal.UIPort > 65535 {
		return bad("temporal.ui_port", "want 0 to 65535")
	}
	if c.Temporal.WorkerConcurrency < 1 {
		return bad("temporal.worker_concurrency", "must be at least 1")
	}
	if c.Temporal.WorkerStopTimeout < 0 {
		return bad("temporal.worker_stop_timeout", "must not be negative")
	}
	if c.S3.PublicEndpoint != "" {
		if u, err := url.Parse(c.S3.PublicEndpoint); err != nil || u.Scheme == "" || u.Host == "" {
			return bad("s3.public_endpoint", "want an absolute URL")
		}
	}
	if c.S3.Endpoint != "" {
		if u, err := url.Parse(c.S3.Endpoint); err != nil || u.Scheme == "" || u.Host == "" {
			return bad("s3.endpoint", "want an absolute URL")
		}
	}
	if _, _, err := net.SplitHostPort(c.S3.EmbeddedAddr); err != nil {
		return bad("s3.embedded_addr", "want host:port")
	}
	if c.S3.Bucket == "" {
		return bad("s3.bucket", "must not be empty")
	}
	if c.S3.Region == "" {
		return bad("s3.region", "must not be empty")
	}
	if c.S3.PresignTTL < time.Minute || c.S3.PresignTTL > 7*24*time.Hour {
		return bad("s3.presign_ttl", "want 1m to 168h")
	}
	if c.Email.From == "" {
		return bad("email.from", "must not be empty")
	}
	if c.Email.SMTPHost != "" && (c.Email.SMTPPort < 1 || c.Email.SMTPPort > 65535) {
		return bad("email.smtp_port", "want 1 to 65535")
	}
	switch c.Captcha.Provider {
	case "":
	case "turnstile", "hcaptcha", "recaptcha":
		if c.Captcha.Secret == "" {
			return bad("captcha.secret", "required when captcha.provider is set")
		}
		if c.Captcha.SiteKey == "" {
			return bad("captcha.site_key", "required when captcha.provider is set")
		}
	default:
		return bad("captcha.provider", `want "", "turnstile", "hcaptcha" or "recaptcha"`)
	}
	if c.Auth.SessionTTL < time.Minute {
		return bad("auth.session_ttl", "must be at least 1m")
	}
	if c.Auth.LoginMaxFailures < 1 {
		return bad("auth.login_max_failures", "must be at least 1")
	}
	if c.Auth.LoginWindow < time.Second {
		return bad("auth.login_window", "must be at least 1s")
	}
	if c.Auth.VerificationTTL < time.Minute {
		return bad("auth.verification_ttl", "must be at least 1m")
	}
	if _, err := c.Log.SlogLevel(); err != nil {
		return bad("log.level", err.Error())
	}
	if c.Log.Format != "text" && c.Log.Format != "json" {
		return bad("log.format", `want "text" or "json"`)
	}
	if c.Assets.MaxUploadBytes < 1<<20 || c.Assets.MaxUploadBytes > 5<<30 {
		return bad("assets.max_upload_bytes", "want 1 MiB to 5 GiB")
	}
	if c.Assets.URLImportTimeout < 10*time.Second {
		return bad("assets.url_import_timeout", "must be at least 10s")
	}
	if c.Assets.FFmpegPath == "" {
		return bad("assets.ffmpeg_path", "must not be empty")
	}
	if c.Assets.FFprobePath == "" {
		return bad("assets.ffprobe_path", "must not be empty")
	}
	if c.TTS.EspeakPath == "" {
		return bad("tts.espeak_path", "must not be empty")
	}
	if u, err := url.Parse(c.TTS.ElevenLabs.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return bad("tts.elevenlabs.base_url", "want an absolute http(s) URL")
	}
	if c.TTS.ElevenLabs.Model == "" {
		return bad("tts.elevenlabs.model", "must not be empty")
	}
	switch c.LLM.Provider {
	case "":
	case "openai":
		if u, err := url.Parse(c.LLM.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return bad("llm.base_url", "want an absolute http(s) URL")
		}
		if c.LLM.Model == "" {
			return bad("llm.model", "required when llm.provider is set")
		}
	default:
		return bad("llm.provider", `want "" (local rules) or "openai"`)
	}
	if c.LLM.Timeout < time.Second || c.LLM.Timeout > 10*time.Minute {
		return bad("llm.timeout", "want 1s to 10m")
	}
	for _, k := range []struct{ key, base string }{
		{"stock.pexels.base_url", c.Stock.Pexels.BaseURL}, {"stock.pixabay.base_url", c.Stock.Pixabay.BaseURL},
	} {
		if u, err := url.Parse(k.base); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return bad(k.key, "want an absolute http(s) URL")
		}
	}
	switch c.Images.Provider {
	case "":
	case "openai":
		if u, err := url.Parse(c.Images.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return bad("images.base_url", "want an absolute http(s) URL")
		}
		if c.Images.Model == "" {
			return bad("images.model", "required when images.provider is set")
		}
	default:
		return bad("images.provider", `want "" (off) or "openai"`)
	}
	return nil
}

// SlogLevel parses Level.
func (l LogConfig) SlogLevel() (slog.Level, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(l.Level)); err != nil {
		return 0, errors.New("want debug, info, warn or error")
	}
	return lv, nil
}

// Masked returns every key with its effective value, secrets replaced by "***",
// for logging at start.
func (c Config) Masked() map[string]any {
	out := map[string]any{}
	flatten("", reflect.ValueOf(c), out)
	for k := range out {
		if secretKeys[k] && out[k] != "" {
			out[k] = "***"
		}
	}
	if c.Database.Driver == "postgres" {
		out["database.dsn"] = maskDSN(c.Database.DSN)
	}
	return out
}

func flatten(prefix string, v reflect.Value, out map[string]any) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		key := t.Field(i).Tag.Get("mapstructure")
		if prefix != "" {
			key = prefix + "." + key
		}
		f := v.Field(i)
		if f.Kind() == reflect.Struct {
			flatten(key, f, out)
			continue
		}
		if d, ok := f.Interface().(time.Duration); ok {
			out[key] = d.String()
			continue
		}
		out[key] = f.Interface()
	}
}

// maskDSN hides the password of a PostgreSQL URL or key=value DSN.
func maskDSN(dsn string) string {
	if u, err := url.Parse(dsn); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "***")
		}
		return u.String()
	}
	parts := strings.Fields(dsn)
	for i, p := range parts {
		if strings.HasPrefix(p, "password=") {
			parts[i] = "password=***"
		}
	}
	return strings.Join(parts, " ")
}
