package activities_test

import (
	"image"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"pagecast/activities"
	"pagecast/media"
	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// textBox is the smallest rectangle holding every pixel of the frame at ms (of a
// c-sized video on a plain background of grey level bg) that is far from bg: what is
// drawn over the background.
func textBox(t *testing.T, file string, c media.Canvas, ms int, bg byte) image.Rectangle {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "-i", file,
		"-frames:v", "1", "-vf", "format=gray", "-f", "rawvideo", "-").Output()
	if err != nil || len(out) != c.Width*c.Height {
		t.Fatalf("frame at %d ms: %d bytes, %v", ms, len(out), err)
	}
	var box image.Rectangle
	for y := range c.Height {
		for x, v := range out[y*c.Width : (y+1)*c.Width] {
			if d := int(v) - int(bg); d > 40 || d < -40 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// TestBurnedCuesFitA9x16Canvas: on a 9:16 video with the default subtitle style, a
// narrated sentence, a narrated long URL and a subtitle the user typed with one are
// burned in lines as wide as the canvas and style allow: every cue stays between the
// style's margins (nothing is clipped at the frame's edges), a cue of two lines is
// drawn in two (not wrapped onto more), and the sidecar cues are the same lines. The
// user's own line breaks and words stay.
func TestBurnedCuesFitA9x16Canvas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		grey := e.asset("grey.png", models.AssetTypeIDImage, "-f", "lavfi", "-i", "color=c=0x808080:size=720x1280", "-frames:v", "1")
		text := "Subtitles on a phone must stay narrow, or each cue wraps onto three or four lines. " +
			"Read it at https://www.example.com/articles/2026/november/subtitles-that-fit-the-canvas today"
		v := e.burnedVideo(models.AspectVertical, models.DefaultSubtitleStyleVertical, text, grey)
		cfg, err := e.store.VideoSubtitleStyle(ctx, v)
		if err != nil {
			t.Fatal(err)
		}
		width := activities.CueOptions(v, cfg).MaxLineChars
		if width >= 42 {
			t.Fatalf("a 9:16 line of the default style is %d columns, want fewer than 16:9's 42", width)
		}

		// check renders the video and checks every burned cue's lines and place.
		check := func(name string) activities.PlanRenderResult {
			t.Helper()
			_, plan, _, joined := e.render(v.ID)
			if plan.Canvas != media.Canvas9x16 || len(plan.Cues) == 0 {
				t.Fatalf("%s: canvas %+v, %d cues", name, plan.Canvas, len(plan.Cues))
			}
			var scene []media.Cue
			for _, sc := range plan.Scenes {
				scene = append(scene, sc.Cues...)
			}
			if len(scene) != len(plan.Cues) {
				t.Fatalf("%s: %d cues burned, %d in the sidecars", name, len(scene), len(plan.Cues))
			}
			file := e.download(joined.Output.ContentKey, name+".mp4")
			st, c := plan.Style, plan.Canvas
			// Between the margins, give or take the outline, the shadow and a pixel of
			// antialiasing; two lines are under three font sizes high.
			inside := image.Rect(st.MarginL-st.Outline-2, 0, c.Width-st.MarginR+st.Outline+st.Shadow+2, c.Height)
			for _, q := range plan.Cues {
				lines := strings.Split(q.Text, "\n")
				for _, w := range strings.Fields(q.Text) {
					if n := utf8.RuneCountInString(w); n > width {
						t.Errorf("%s: cue word %q is %d columns, wider than a line of %d", name, w, n, width)
					}
				}
				box := textBox(t, file, c, (q.StartMs+q.EndMs)/2, 0x80)
				if box.Empty() || !box.In(inside) {
					t.Errorf("%s: cue %q drawn at %v, want inside %v", name, q.Text, box, inside)
				}
				if len(lines) <= 2 && box.Dy() >= 3*st.FontSize {
					t.Errorf("%s: cue %q of %d lines drawn %d px high: wrapped onto more lines", name, q.Text, len(lines), box.Dy())
				}
			}
			return plan
		}

		plan := check("narrated")
		var shown string
		for _, q := range plan.Cues {
			if strings.Count(q.Text, "\n") > 1 {
				t.Errorf("narrated cue %q has more than two lines", q.Text)
			}
			for _, l := range strings.Split(q.Text, "\n") {
				if utf8.RuneCountInString(l) > width {
					t.Errorf("narrated cue line %q is wider than %d", l, width)
				}
			}
			shown += q.Text
		}
		if !strings.Contains(strings.Join(strings.Fields(shown), ""), "example.com/articles/2026/november/subtitles-that-fit") {
			t.Errorf("the narrated cues lost the URL: %q", shown)
		}

		// A subtitle the user typed, with a line break of theirs and a token wider than a line.
		typed := "Sources below:\nhttps://www.example.com/articles/2026/november/subtitles-that-fit-the-canvas"
		if _, err := e.store.EditSubtitles(ctx, e.pub, v.ID, store.SubtitleEdit{Add: true,
			Cue: models.VideoSubtitle{StartMs: 0, DurationMs: 1500, Text: typed}}, time.Now()); err != nil {
			t.Fatal(err)
		}
		plan = check("edited")
		if len(plan.Cues) != 1 {
			t.Fatalf("edited cues %+v, want the one typed", plan.Cues)
		}
		got := plan.Cues[0].Text
		if first, _, _ := strings.Cut(got, "\n"); first != "Sources below:" || strings.Join(strings.Fields(got), "") != strings.Join(strings.Fields(typed), "") {
			t.Errorf("the typed cue became %q, want its words and first line kept", got)
		}
	})
}

// TestTurnedCuesFitTheCanvas: subtitles turned upright (a style in the middle at 90°)
// are burned in lines no longer than the canvas is high, so every cue stays inside
// the frame instead of running off its top and bottom.
func TestTurnedCuesFitTheCanvas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		grey := e.asset("grey.png", models.AssetTypeIDImage, "-f", "lavfi", "-i", "color=c=0x808080:size=1280x720", "-frames:v", "1")
		v := e.burnedVideo(models.AspectHorizontal, models.DefaultSubtitleStyleHorizontal,
			"Lighthouse keepers kept a log of every ship. Read it at www.example.com/lighthouse-logbooks today.", grey)
		pub := e.pub
		upright := models.SubtitleStyleConfig{PublisherID: &pub, Name: "Upright", AspectRatio: models.AspectHorizontal,
			SubtitleStyleLook: models.SubtitleStyleLook{FontFamily: "DejaVu Sans", FontSize: 100,
				PrimaryColor: "FFFFFF", OutlineColor: "000000", ShadowColor: "000000", Outline: 3, ShadowOffset: 2,
				MarginLeft: 96, MarginRight: 96, MarginVertical: 67, Angle: 90, Position: models.SubtitleMiddle}}
		if err := e.store.CreateSubtitleStyleConfig(ctx, &upright, 100, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, _, err := e.store.UpdateVideo(ctx, e.pub, v.ID, store.VideoUpdate{SubtitleStyleConfigID: &upright.ID}, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, plan, _, joined := e.render(v.ID)
		if len(plan.Cues) == 0 || plan.Style.Angle != 90 {
			t.Fatalf("%d cues, style %+v", len(plan.Cues), plan.Style)
		}
		file := e.download(joined.Output.ContentKey, "upright.mp4")
		c := plan.Canvas
		inside := image.Rect(1, 1, c.Width-1, c.Height-1)
		for _, q := range plan.Cues {
			box := textBox(t, file, c, (q.StartMs+q.EndMs)/2, 0x80)
			if box.Empty() || !box.In(inside) || box.Dy() <= box.Dx() {
				t.Errorf("upright cue %q drawn at %v, want upright inside %v", q.Text, box, inside)
			}
		}
	})
}
