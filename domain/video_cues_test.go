package domain

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"pagecast/models"
)

// longURLSentence holds a token far wider than a 9:16 line.
const longURLSentence = "Read the whole story at https://www.example.com/articles/2026/november/subtitles-that-fit-every-canvas today."

// checkLines fails unless every cue has at most maxLines lines of at most maxW columns.
func checkLines(t *testing.T, cues []Cue, maxW, maxLines int) {
	t.Helper()
	if len(cues) == 0 {
		t.Fatal("no cues")
	}
	for _, c := range cues {
		ls := strings.Split(c.Text, "\n")
		if len(ls) > maxLines {
			t.Errorf("cue %q has %d lines, want at most %d", c.Text, len(ls), maxLines)
		}
		for _, l := range ls {
			if textWidth(l) > maxW {
				t.Errorf("line %q is %d columns, wider than %d", l, textWidth(l), maxW)
			}
		}
	}
}

// TestVideoCuesFitA9x16Line: a 9:16 video's cues, with the width its default style
// allows, cut a long URL into lines no wider than that, two lines a cue at most, and
// keep every character.
func TestVideoCuesFitA9x16Line(t *testing.T) {
	timing, err := json.Marshal([]narrationPart{{Text: longURLSentence, DurationMs: 8000}})
	if err != nil {
		t.Fatal(err)
	}
	v := models.Video{AspectRatio: models.AspectVertical, Scenes: []models.Scene{{Layers: []models.Layer{
		{ID: 1, DurationMs: 8000, Text: longURLSentence, NarrationTimings: timing}}}}}
	width := CueLineChars(classic9x16)
	cues, err := VideoCues(v, CueOptions{MaxLineChars: width})
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, cues, width, DefaultCueLines)
	var got strings.Builder
	for _, c := range cues {
		got.WriteString(strings.Join(strings.Fields(c.Text), ""))
	}
	if want := strings.Join(strings.Fields(longURLSentence), ""); got.String() != want {
		t.Errorf("cues hold %q, want %q", got.String(), want)
	}
	// The same video at the 16:9 default keeps 42 columns: nothing changes there.
	wide, err := VideoCues(v, CueOptions{MaxLineChars: CueLineChars(classic16x9)})
	if err != nil {
		t.Fatal(err)
	}
	if old := BuildCues([]SubtitleSlide{sentence(1, 0, longURLSentence, 8000)}, CueOptions{}); !equalCueTexts(wide, old) {
		t.Errorf("16:9 cues %+v, want the 42-column ones %+v", wide, old)
	}
}

func equalCueTexts(a, b []Cue) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Text != b[i].Text || a[i].StartMs != b[i].StartMs || a[i].EndMs != b[i].EndMs {
			return false
		}
	}
	return true
}

// TestWhatARenderPlays: the inserts and background audio a render reads, which
// validation checks the files of.
func TestWhatARenderPlays(t *testing.T) {
	now := time.Now()
	live := &models.Asset{ID: 1, MediaKey: "assets/1/1/media.mp4"}
	deleted := &models.Asset{ID: 2, MediaKey: "assets/1/2/media.mp4", DeletedAt: &now}
	unstored := &models.Asset{ID: 3}
	for _, c := range []struct {
		name      string
		voiceover bool
		in        models.VideoInsert
		want      bool
	}{
		{"intro", false, models.VideoInsert{Type: models.InsertIntro, Asset: live}, true},
		{"scene prepend", false, models.VideoInsert{Type: models.InsertScenePrepend, Asset: live}, true},
		{"deleted clip", false, models.VideoInsert{Type: models.InsertOutro, Asset: deleted}, false},
		{"clip never stored", false, models.VideoInsert{Type: models.InsertOutro, Asset: unstored}, false},
		{"no asset", false, models.VideoInsert{Type: models.InsertIntro}, false},
		{"voiceover outro", true, models.VideoInsert{Type: models.InsertOutro, Asset: live}, true},
		{"voiceover scene prepend", true, models.VideoInsert{Type: models.InsertScenePrepend, Asset: live}, false},
	} {
		if got := InsertPlays(models.Video{IsVoiceover: c.voiceover}, c.in); got != c.want {
			t.Errorf("InsertPlays(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		m    models.VideoBackgroundAudio
		want bool
	}{
		{"music", models.VideoBackgroundAudio{Volume: 20, Asset: live}, true},
		{"muted", models.VideoBackgroundAudio{Volume: 0, Asset: live}, false},
		{"deleted", models.VideoBackgroundAudio{Volume: 20, Asset: deleted}, false},
		{"never stored", models.VideoBackgroundAudio{Volume: 20, Asset: unstored}, false},
		{"no asset", models.VideoBackgroundAudio{Volume: 20}, false},
	} {
		if got := MusicPlays(c.m); got != c.want {
			t.Errorf("MusicPlays(%s) = %v, want %v", c.name, got, c.want)
		}
	}
}
