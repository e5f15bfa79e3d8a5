package activities

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestRenderWorkDirsAreTheRunsOwn: two runs of the same step of the same attempt (a
// retry while a paused run comes back; two installations on one host, whose attempt
// numbers both start at 1) get folders of their own, and neither removes the other's.
func TestRenderWorkDirsAreTheRunsOwn(t *testing.T) {
	a := &RenderActivities{WorkDir: t.TempDir()}
	first, err := a.workDir(1, "scene-7")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(first, "part0.mp4"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	second, err := a.workDir(1, "scene-7")
	if err != nil {
		t.Fatal(err)
	}
	if first == second {
		t.Fatalf("two runs share %s", first)
	}
	if _, err := os.Stat(filepath.Join(first, "part0.mp4")); err != nil {
		t.Fatalf("the second run removed the first's files: %v", err)
	}
}

// TestRemoveStaleWorkDirs: a worker starting removes the render folders a killed run
// left long ago, and nothing else: not a running step's, not another kind of folder.
func TestRemoveStaleWorkDirs(t *testing.T) {
	a := &RenderActivities{WorkDir: t.TempDir()}
	now := time.Now()
	stale, err := a.workDir(3, "mix")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stale, "audio.m4a"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	running, err := a.workDir(4, "join")
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(a.WorkDir, "asset-9-123")
	if err := os.Mkdir(other, 0o700); err != nil {
		t.Fatal(err)
	}
	old := now.Add(-StaleWorkDirAge - time.Minute)
	for _, d := range []string{stale, other} {
		if err := os.Chtimes(d, old, old); err != nil {
			t.Fatal(err)
		}
	}
	n, err := a.RemoveStaleWorkDirs(now)
	if err != nil || n != 1 {
		t.Fatalf("removed %d, %v; want the one stale render folder", n, err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale folder is still there: %v", err)
	}
	for _, d := range []string{running, other} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s was removed: %v", d, err)
		}
	}
}
