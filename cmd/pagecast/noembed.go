//go:build noembed

package main

import (
	"context"
	"errors"
	"log/slog"

	"pagecast/config"
)

// errNoEmbed answers the local-mode commands in a slim production build.
var errNoEmbed = errors.New("this binary was built with -tags noembed: run, temporal and s3 are not available")

func runAll(context.Context, config.Config, *slog.Logger) error      { return errNoEmbed }
func runTemporal(context.Context, config.Config, *slog.Logger) error { return errNoEmbed }
func runS3(context.Context, config.Config, *slog.Logger) error       { return errNoEmbed }
