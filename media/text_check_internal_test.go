package media

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestCheckTextFailsWithoutFonts: with fonts, CheckText passes, drawing in this
// process and with ffmpeg; with a font configuration that finds no font it fails with
// ErrNoFonts both ways, so a worker refuses to start rather than render every text
// slide, tagline and burned subtitle blank (and cache those blank segments).
func TestCheckTextFailsWithoutFonts(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	if os.Getenv("PAGECAST_TEXT_CHECK_CHILD") != "" {
		// A child run with FONTCONFIG_FILE set from its start, as a worker has it:
		// libass reads fontconfig's configuration through the C environment.
		l, err := OpenLibass()
		if err != nil {
			t.Fatal(err)
		}
		for _, tool := range []Tool{{}, {Libass: l}} {
			if err := tool.CheckText(context.Background()); !errors.Is(err, ErrNoFonts) {
				t.Fatalf("CheckText (libass in process: %v) without fonts = %v, want ErrNoFonts", tool.Libass != nil, err)
			}
		}
		return
	}
	dir := t.TempDir()
	conf := filepath.Join(dir, "fonts.conf")
	if err := os.MkdirAll(filepath.Join(dir, "none"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, []byte(`<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd">`+
		`<fontconfig><dir>`+filepath.Join(dir, "none")+`</dir><cachedir>`+filepath.Join(dir, "cache")+`</cachedir></fontconfig>`), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		env  []string
		want string // "" passes in this process; else the child's verdict
	}{
		{name: "fonts"},
		{name: "no fonts", env: []string{"FONTCONFIG_FILE=" + conf}, want: "no fonts"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == "" {
				l := openLibass(t)
				for _, tool := range []Tool{{}, {Libass: l}} {
					if err := tool.CheckText(context.Background()); err != nil {
						t.Fatalf("CheckText (libass in process: %v) = %v", tool.Libass != nil, err)
					}
				}
				return
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestCheckTextFailsWithoutFonts$", "-test.count=1")
			cmd.Env = append(append(os.Environ(), tc.env...), "PAGECAST_TEXT_CHECK_CHILD=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("child: %v\n%s", err, out)
			}
		})
	}
}
