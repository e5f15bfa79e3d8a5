package media_test

import (
	"context"
	"strings"
	"testing"

	"pagecast/media"
)

// TestCommandSetsAllocatorUnlessTheOperatorDid: every ffmpeg runs with the worker's
// glibc allocator settings, except where the environment already names its own.
func TestCommandSetsAllocatorUnlessTheOperatorDid(t *testing.T) {
	env := func() string {
		out, err := (media.Tool{FFmpeg: "env"}).Command(context.Background()).Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if v, ok := strings.CutPrefix(line, "GLIBC_TUNABLES="); ok {
				return v
			}
		}
		return ""
	}
	if got := env(); !strings.Contains(got, "glibc.malloc.hugetlb=1") || !strings.Contains(got, "glibc.malloc.arena_max=1") {
		t.Fatalf("GLIBC_TUNABLES = %q, want the worker's allocator settings", got)
	}
	t.Setenv("GLIBC_TUNABLES", "glibc.malloc.arena_max=4")
	if got := env(); got != "glibc.malloc.arena_max=4" {
		t.Fatalf("GLIBC_TUNABLES = %q, want the operator's own", got)
	}
}
