package activities_test

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"pagecast/models"
	"pagecast/store"
	"pagecast/store/storetest"
)

// yellowIn counts the strongly yellow pixels of a horizontal band (from y0 to y1, as
// fractions of the height) of the frame at ms.
func yellowIn(t *testing.T, file string, ms int, y0, y1 float64) int {
	t.Helper()
	crop := "crop=iw:ih*" + strconv.FormatFloat(y1-y0, 'f', 3, 64) + ":0:ih*" + strconv.FormatFloat(y0, 'f', 3, 64) + ",format=rgb24"
	out, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "-i", file,
		"-frames:v", "1", "-vf", crop, "-f", "rawvideo", "-").Output()
	if err != nil || len(out) == 0 {
		t.Fatalf("frame at %d ms: %v", ms, err)
	}
	n := 0
	for i := 0; i+2 < len(out); i += 3 {
		if out[i] > 190 && out[i+1] > 190 && out[i+2] < 90 {
			n++
		}
	}
	return n
}

// TestRenderUsesTheSubtitleStyle: the video's subtitle style config decides how its
// burned subtitles look (here yellow at the top instead of white at the bottom) and
// is written into the ASS sidecar; choosing another style renders the segments
// again only when subtitles are burned in.
func TestRenderUsesTheSubtitleStyle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		grey := e.asset("grey.png", models.AssetTypeIDImage, "-f", "lavfi", "-i", "color=c=0x404040:size=1280x720", "-frames:v", "1")
		v := e.burnedVideo(models.AspectHorizontal, models.DefaultSubtitleStyleHorizontal, "Lanterns glow over the quiet bay.", grey)
		pub := e.pub
		yellow := models.SubtitleStyleConfig{PublisherID: &pub, Name: "Yellow top", AspectRatio: models.AspectHorizontal,
			SubtitleStyleLook: models.SubtitleStyleLook{FontFamily: "DejaVu Serif", FontSize: 90, Bold: true, Italic: true,
				PrimaryColor: "FFFF00", OutlineColor: "000000", ShadowColor: "000000", Spacing: 4, Outline: 2,
				MarginLeft: 40, MarginRight: 40, MarginVertical: 60, Position: models.SubtitleTop}}
		if err := e.store.CreateSubtitleStyleConfig(ctx, &yellow, 100, time.Now()); err != nil {
			t.Fatal(err)
		}

		_, plan, _, joined := e.render(v.ID)
		if len(plan.Cues) == 0 {
			t.Fatal("no cues")
		}
		mid := (plan.Cues[0].StartMs + plan.Cues[0].EndMs) / 2
		classic := e.download(joined.Output.ContentKey, "classic.mp4")
		if top, bottom := yellowIn(t, classic, mid, 0, 0.25), yellowIn(t, classic, mid, 0.75, 1); top != 0 || bottom != 0 {
			t.Fatalf("the Classic style shows yellow: %d pixels at the top, %d at the bottom", top, bottom)
		}

		if _, _, err := e.store.UpdateVideo(ctx, e.pub, v.ID, store.VideoUpdate{SubtitleStyleConfigID: &yellow.ID}, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, plan2, segs2, joined2 := e.render(v.ID)
		if segs2[0].Reused {
			t.Fatal("a new style of burned subtitles reused the segment")
		}
		if plan2.Style.FontName != "DejaVu Serif" || plan2.Style.Alignment != 8 || plan2.Style.PrimaryColor != "FFFF00" {
			t.Fatalf("planned style = %+v", plan2.Style)
		}
		styled := e.download(joined2.Output.ContentKey, "yellow.mp4")
		top, bottom := yellowIn(t, styled, mid, 0, 0.25), yellowIn(t, styled, mid, 0.75, 1)
		if top < 500 || bottom != 0 {
			t.Fatalf("the yellow top style shows %d yellow pixels at the top and %d at the bottom", top, bottom)
		}
		ass, err := os.ReadFile(e.download(joined2.Output.SubtitlesKeyPrefix+".ass", "s.ass"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(ass), "Style: Default,DejaVu Serif,90,&H0000FFFF,&H0000FFFF,&H00000000,&H00000000,-1,-1,0,0,100,100,4,0,1,2,0,8,40,40,60,-1") {
			t.Fatalf("the ASS sidecar does not carry the style:\n%s", ass)
		}

		// Without burned subtitles the style is only in the sidecar: the segment stays.
		if err := e.store.DB().Model(&models.Video{}).Where("id = ?", v.ID).Update("hardcode_subtitles", false).Error; err != nil {
			t.Fatal(err)
		}
		e.render(v.ID)
		classicID := models.DefaultSubtitleStyleHorizontal
		if _, _, err := e.store.UpdateVideo(ctx, e.pub, v.ID, store.VideoUpdate{SubtitleStyleConfigID: &classicID}, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, _, segs4, joined4 := e.render(v.ID)
		if !segs4[0].Reused {
			t.Fatal("a new style of subtitles that are not burned rendered the segment again")
		}
		ass, _ = os.ReadFile(e.download(joined4.Output.SubtitlesKeyPrefix+".ass", "s4.ass"))
		if !strings.Contains(string(ass), "Style: Default,DejaVu Sans,54,&H00FFFFFF") {
			t.Fatalf("the sidecar kept the old style:\n%s", ass)
		}
	})
}
