package media_test

import (
	"context"
	"path/filepath"
	"testing"

	"pagecast/media"
	"pagecast/subproc/subproctest"
)

// TestFFmpegDiesWithTheWorker: an ffmpeg a worker runs ends when the worker is killed
// with SIGKILL, which no context can tell it.
func TestFFmpegDiesWithTheWorker(t *testing.T) {
	subproctest.DiesWithParent(t, func(ffmpeg string) {
		dir := filepath.Dir(ffmpeg)
		media.Tool{FFmpeg: ffmpeg}.Remux(context.Background(), filepath.Join(dir, "in.mp4"), "mp4", filepath.Join(dir, "out.mp4"))
	})
}
