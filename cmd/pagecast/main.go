// Command pagecast is the whole product in one binary:
//
//	pagecast run       everything on one machine with embedded defaults
//	pagecast api       the HTTP API (production role)
//	pagecast worker    a Temporal worker (production role; run several)
//	pagecast migrate   apply database migrations
//	pagecast temporal  only the embedded Temporal server (for a local cluster)
//	pagecast s3        only the embedded S3 store on local disk (for a local cluster)
//
// Every command reads pagecast.yaml (or -config FILE) and PAGECAST_* variables.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/gin-gonic/gin"

	"pagecast/config"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: pagecast [-config FILE] COMMAND

commands:
  run       start everything on this machine (embedded Temporal, S3, SQLite)
  api       serve the HTTP API
  worker    run a Temporal worker
  migrate   apply database migrations
  temporal  run only the embedded Temporal server and its Web UI
  s3        run only the embedded S3 store
  version   print the version
`

func main() {
	fs := flag.NewFlagSet("pagecast", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, usage) }
	configFile := fs.String("config", "", "configuration file (default ./pagecast.yaml when present)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		os.Exit(2)
	}
	cmd := fs.Arg(0)
	if cmd == "version" {
		fmt.Println(version)
		return
	}
	commands := map[string]func(context.Context, config.Config, *slog.Logger) error{
		"run": runAll, "api": runAPI, "worker": runWorker, "migrate": runMigrate,
		"temporal": runTemporal, "s3": runS3,
	}
	run, found := commands[cmd]
	if !found {
		fmt.Fprintf(os.Stderr, "pagecast: unknown command %q\n\n%s", cmd, usage)
		os.Exit(2)
	}
	cfg, err := config.Load(*configFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pagecast:", err)
		os.Exit(1)
	}
	log := newLogger(cfg.Log)
	log.Info("pagecast starting", "command", cmd, "version", version, "config", cfg.Masked())
	gin.SetMode(gin.ReleaseMode)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cfg, log); err != nil && !errors.Is(err, context.Canceled) {
		log.Error("pagecast stopped", "command", cmd, "err", err)
		os.Exit(1)
	}
}

func newLogger(c config.LogConfig) *slog.Logger {
	level, _ := c.SlogLevel() // validated by config.Load
	opts := &slog.HandlerOptions{Level: level}
	if c.Format == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}
