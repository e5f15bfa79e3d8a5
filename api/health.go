package api

import (
	"context"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
)

func (s *Server) healthz(c *gin.Context) {
	c.JSON(http.StatusOK, gin.H{"data": gin.H{"status": "ok"}})
}

type readyResponse struct {
	Ready  bool              `json:"ready"`
	Checks map[string]string `json:"checks"`
}

// readyz asks every dependency at once, each with a short timeout.
func (s *Server) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 3*time.Second)
	defer cancel()
	resp := readyResponse{Ready: true, Checks: map[string]string{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, rc := range s.ready {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := rc.Check(ctx)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				resp.Ready = false
				resp.Checks[rc.Name] = "unavailable"
				s.log.WarnContext(ctx, "not ready", "check", rc.Name, "err", err)
				return
			}
			resp.Checks[rc.Name] = "ok"
		}()
	}
	wg.Wait()
	status := http.StatusOK
	if !resp.Ready {
		status = http.StatusServiceUnavailable
	}
	c.JSON(status, gin.H{"data": resp})
}

// notFound answers unknown API paths with a JSON 404 and everything else with the web
// client, whose router handles its own paths (unknown ones go to the join page).
func (s *Server) notFound(web fs.FS) gin.HandlerFunc {
	var files http.Handler
	if web != nil {
		files = http.FileServerFS(web)
	}
	return func(c *gin.Context) {
		p := c.Request.URL.Path
		if web == nil || strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/pub/") ||
			(c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead) {
			writeError(c, errNoRoute)
			return
		}
		name := strings.TrimPrefix(path.Clean(p), "/")
		if st, err := fs.Stat(web, name); err == nil && !st.IsDir() && name != "index.html" {
			if strings.HasPrefix(name, "assets/") {
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			}
			files.ServeHTTP(c.Writer, c.Request)
			return
		}
		index, err := fs.ReadFile(web, "index.html")
		if err != nil {
			writeError(c, errNoRoute)
			return
		}
		c.Header("Cache-Control", "no-cache")
		c.Data(http.StatusOK, "text/html; charset=utf-8", index)
	}
}
