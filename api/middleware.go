package api

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"pagecast/models"
)

// Context keys set by middleware.
const (
	ctxRequestID = "requestID"
	ctxSession   = "session"
)

// Cookie and header names.
const (
	SessionCookie = "pagecast_session"
	CSRFCookie    = "pagecast_csrf"
	CSRFHeader    = "X-CSRF-Token"
)

var requestIDPattern = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

// requestID keeps a sane incoming X-Request-ID or makes one, and echoes it.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if !requestIDPattern.MatchString(id) {
			id = randomToken(12)
		}
		c.Set(ctxRequestID, id)
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

// accessLog writes one structured line per request.
func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		status := c.Writer.Status()
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		} else if c.Request.URL.Path == "/healthz" || c.Request.URL.Path == "/readyz" || c.Request.URL.Path == "/metrics" {
			level = slog.LevelDebug
		}
		log.Log(c.Request.Context(), level, "http",
			"request_id", c.GetString(ctxRequestID), "method", c.Request.Method, "path", c.Request.URL.Path,
			"route", c.FullPath(), "status", status, "duration_ms", time.Since(start).Milliseconds(), "ip", c.ClientIP())
	}
}

// httpMetrics counts requests and their durations by route.
type httpMetrics struct {
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pagecast_http_requests_total", Help: "HTTP requests by route and status.",
		}, []string{"method", "route", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "pagecast_http_request_duration_seconds", Help: "HTTP request durations by route.",
			Buckets: prometheus.DefBuckets,
		}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.duration)
	return m
}

func (m *httpMetrics) middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		m.requests.WithLabelValues(c.Request.Method, route, strconv.Itoa(c.Writer.Status())).Inc()
		m.duration.WithLabelValues(c.Request.Method, route).Observe(time.Since(start).Seconds())
	}
}

// randomToken returns n random bytes, URL-safe base64.
func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// sessionID is how a session token is stored: its SHA-256, hex.
func sessionID(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// loadSession attaches the caller's session, if the cookie names a live one. It
// slides the expiry forward at most every sessionTouchEvery, so reads stay reads.
func (s *Server) loadSession() gin.HandlerFunc {
	return func(c *gin.Context) {
		token, err := c.Cookie(SessionCookie)
		if err != nil || token == "" {
			c.Next()
			return
		}
		now := time.Now().UTC()
		id := sessionID(token)
		sess, cached := s.sessions.get(id, now)
		if !cached {
			var err error
			sess, err = s.store.ActiveSession(c.Request.Context(), id, now)
			if errors.Is(err, models.ErrNotFound) {
				s.sessions.forget(id)
				s.clearCookie(c, SessionCookie, true)
				c.Next()
				return
			}
			if err != nil {
				_ = c.Error(err)
				c.Abort()
				return
			}
			s.sessions.put(sess, now)
		}
		if now.Sub(sess.LastSeenAt) > sessionTouchEvery {
			expires := now.Add(s.cfg.Auth.SessionTTL)
			if err := s.store.TouchSession(c.Request.Context(), sess.ID, now, expires); err != nil {
				s.log.WarnContext(c.Request.Context(), "touch session", "err", err)
			} else {
				s.setCookie(c, SessionCookie, token, s.cfg.Auth.SessionTTL, true)
				sess.LastSeenAt, sess.ExpiresAt = now, expires
				s.sessions.put(sess, now)
			}
		}
		c.Set(ctxSession, sess)
		c.Next()
	}
}

// sessionTouchEvery is how stale last_seen_at may get before a request refreshes it.
const sessionTouchEvery = 10 * time.Minute

// requireSession refuses callers without a session.
func requireSession() gin.HandlerFunc {
	return func(c *gin.Context) {
		if _, ok := c.Get(ctxSession); !ok {
			_ = c.Error(errUnauthenticated)
			c.Abort()
			return
		}
		c.Next()
	}
}

// session returns the caller's session; only call behind requireSession.
func session(c *gin.Context) models.Session {
	return c.MustGet(ctxSession).(models.Session)
}

// csrf checks mutating calls: the X-CSRF-Token header must equal the CSRF cookie
// (the double-submit pattern; another site can neither read our cookie nor set the
// header).
func csrf() gin.HandlerFunc {
	return func(c *gin.Context) {
		switch c.Request.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			c.Next()
			return
		}
		cookie, err := c.Cookie(CSRFCookie)
		header := c.GetHeader(CSRFHeader)
		if err != nil || cookie == "" || subtle.ConstantTimeCompare([]byte(cookie), []byte(header)) != 1 {
			_ = c.Error(errCSRF)
			c.Abort()
			return
		}
		c.Next()
	}
}

func (s *Server) setCookie(c *gin.Context, name, value string, ttl time.Duration, httpOnly bool) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: value, Path: "/", MaxAge: int(ttl / time.Second),
		HttpOnly: httpOnly, Secure: s.cfg.HTTP.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
}

func (s *Server) clearCookie(c *gin.Context, name string, httpOnly bool) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: name, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: httpOnly, Secure: s.cfg.HTTP.SecureCookies, SameSite: http.SameSiteLaxMode,
	})
}
