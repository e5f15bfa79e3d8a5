//go:build !noembed

package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"pagecast/config"
)

// localConfig is the `pagecast run` configuration of a test: a temporary data dir and
// free loopback ports, no Temporal UI.
func localConfig(t *testing.T) config.Config {
	t.Helper()
	gin.SetMode(gin.ReleaseMode)
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("PAGECAST_DATA_DIR", dir+"/data")
	t.Setenv("PAGECAST_HTTP_ADDR", fmt.Sprintf("127.0.0.1:%d", freePort(t)))
	t.Setenv("PAGECAST_TEMPORAL_HOST_PORT", fmt.Sprintf("127.0.0.1:%d", freePort(t)))
	t.Setenv("PAGECAST_TEMPORAL_UI_PORT", "0")
	t.Setenv("PAGECAST_S3_EMBEDDED_ADDR", fmt.Sprintf("127.0.0.1:%d", freePort(t)))
	cfg, err := config.Load("")
	if err != nil {
		t.Fatal(err)
	}
	// The tests stop the process mid-work as a crash would: its worker does not wait
	// for what it runs to finish (TestStoppingWorkerLetsActivitiesFinish covers that).
	cfg.Temporal.WorkerStopTimeout = 0
	return cfg
}

// startRunAll runs `pagecast run` in-process until the returned stop is called.
func startRunAll(t *testing.T, cfg config.Config) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() { done <- runAll(ctx, cfg, log) }()
	waitReady(t, cfg.HTTP.PublicURL)
	return func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run stopped with %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("run did not stop")
		}
	}
}
