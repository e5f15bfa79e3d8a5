//go:build !noembed

package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"pagecast/config"
	"pagecast/embedded"
)

// startTemporal runs the embedded Temporal server on cfg.Temporal.HostPort with its
// state in <data_dir>/temporal.db.
func startTemporal(ctx context.Context, cfg config.Config, log *slog.Logger) (*embedded.Temporal, error) {
	host, port, err := net.SplitHostPort(cfg.Temporal.HostPort)
	if err != nil {
		return nil, err
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		return nil, fmt.Errorf("temporal.host_port: %w", err)
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return nil, err
	}
	return embedded.StartTemporal(ctx, embedded.TemporalOptions{
		DatabaseFile: filepath.Join(cfg.DataDir, "temporal.db"),
		IP:           host, FrontendPort: p, UIPort: cfg.Temporal.UIPort,
		Namespaces: []string{cfg.Temporal.Namespace}, Logger: log,
	})
}

// startS3 runs the embedded S3 store at cfg.S3.EmbeddedAddr over <data_dir>/objects.
func startS3(cfg config.Config) (*embedded.S3, error) {
	return embedded.StartS3(embedded.S3Options{
		Dir: filepath.Join(cfg.DataDir, "objects"), Addr: cfg.S3.EmbeddedAddr, Buckets: []string{cfg.S3.Bucket},
	})
}

// runAll is `pagecast run`: Temporal, S3, SQLite, the API and a worker in one process.
func runAll(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	start := time.Now()
	temporal, err := startTemporal(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer temporal.Stop()
	s3, err := startS3(cfg)
	if err != nil {
		return err
	}
	defer s3.Stop()
	cfg.S3.Endpoint = s3.Endpoint()

	b, err := connect(ctx, cfg, log, true)
	if err != nil {
		return err
	}
	defer b.close()
	if err := b.blob.EnsureBucket(ctx); err != nil {
		return err
	}
	w, err := startWorker(ctx, cfg, log, b)
	if err != nil {
		return err
	}
	defer stopWorker(w, cfg, log)
	p, err := startAPI(ctx, cfg, log, b)
	if err != nil {
		return err
	}
	defer p.stop()

	fmt.Printf("\nPagecast is ready in %.1fs.\n\n", time.Since(start).Seconds())
	fmt.Printf("  Web app:      %s\n", cfg.HTTP.PublicURL)
	if ui := temporal.UIAddress(); ui != "" {
		fmt.Printf("  Temporal UI:  %s/namespaces/%s/workflows\n", ui, cfg.Temporal.Namespace)
	}
	fmt.Printf("  Temporal:     %s (namespace %s)\n", temporal.FrontendHostPort(), cfg.Temporal.Namespace)
	fmt.Printf("  S3 store:     %s (bucket %s)\n", s3.Endpoint(), cfg.S3.Bucket)
	fmt.Printf("  Database:     %s\n", cfg.Database.DSN)
	fmt.Printf("  E-mail:       %s\n\n", mailDestination(cfg))
	log.Info("ready", "seconds", time.Since(start).Seconds())
	<-ctx.Done()
	log.Info("stopping")
	return nil
}

func mailDestination(cfg config.Config) string {
	if cfg.Email.SMTPHost != "" {
		return "SMTP " + net.JoinHostPort(cfg.Email.SMTPHost, strconv.Itoa(cfg.Email.SMTPPort))
	}
	return "local outbox " + cfg.Email.OutboxDir
}

// runTemporal is `pagecast temporal`: only the Temporal server, as an external cluster.
func runTemporal(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	t, err := startTemporal(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer t.Stop()
	log.Info("temporal ready", "frontend", t.FrontendHostPort(), "ui", t.UIAddress())
	<-ctx.Done()
	return nil
}

// runS3 is `pagecast s3`: only the S3 store on local disk.
func runS3(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	s, err := startS3(cfg)
	if err != nil {
		return err
	}
	defer s.Stop()
	log.Info("s3 ready", "endpoint", s.Endpoint(), "bucket", cfg.S3.Bucket)
	<-ctx.Done()
	return nil
}
