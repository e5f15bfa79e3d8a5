package activities_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/testsuite"

	"pagecast/activities"
	"pagecast/blob"
	"pagecast/domain"
	"pagecast/media"
	"pagecast/models"
	"pagecast/providers/email"
	"pagecast/store"
	"pagecast/store/storetest"
)

// renderEnv is narrationEnv plus the render activities over the real ffmpeg, run in
// Temporal's activity test environment (they heartbeat).
type renderEnv struct {
	*narrationEnv
	acts *activities.RenderActivities
	ts   testsuite.WorkflowTestSuite
	// lastMixReused says whether the last render found its mix stored; lastMix is
	// what its mix did.
	lastMixReused bool
	lastMix       activities.MixRenderAudioResult
	lastInserts   []activities.RenderInsertResult
}

func newRenderEnv(t *testing.T, db storetest.DB) *renderEnv {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg is not installed")
	}
	n := newNarrationEnv(t, db)
	return &renderEnv{narrationEnv: n, acts: &activities.RenderActivities{Store: db.Store, Blob: n.blob, Engine: media.Tool{},
		WorkDir: t.TempDir(), HeartbeatEvery: 100 * time.Millisecond}}
}

// run executes one render activity and decodes its result into res.
func (e *renderEnv) run(fn, in, res any) {
	e.t.Helper()
	env := e.ts.NewTestActivityEnvironment()
	env.RegisterActivity(e.acts)
	v, err := env.ExecuteActivity(fn, in)
	if err != nil {
		e.t.Fatalf("%T: %v", in, err)
	}
	if res != nil {
		if err := v.Get(res); err != nil {
			e.t.Fatal(err)
		}
	}
}

// asset stores a generated media file as a complete asset of the account.
func (e *renderEnv) asset(name string, typ models.AssetTypeID, ffmpegArgs ...string) int64 {
	e.t.Helper()
	file := filepath.Join(e.t.TempDir(), name)
	args := append([]string{"-hide_banner", "-nostdin", "-v", "error", "-y"}, ffmpegArgs...)
	if out, err := exec.Command("ffmpeg", append(args, file)...).CombinedOutput(); err != nil {
		e.t.Fatalf("make %s: %v %s", name, err, out)
	}
	body, err := os.ReadFile(file)
	if err != nil {
		e.t.Fatal(err)
	}
	key := fmt.Sprintf("assets/%d/%s", e.pub, name)
	if err := e.blob.Put(e.t.Context(), key, bytes.NewReader(body), int64(len(body)), "application/octet-stream"); err != nil {
		e.t.Fatal(err)
	}
	a := models.Asset{PublisherID: e.pub, Name: name, TypeID: typ, Source: models.AssetSourceInternal,
		State: models.AssetStateComplete, MediaKey: key, OriginalKey: key}
	if err := e.store.CreateAsset(e.t.Context(), &a); err != nil {
		e.t.Fatal(err)
	}
	return a.ID
}

// burnedVideo stores a video of format aspect in subtitle style styleID, with burned
// subtitles, of one scene of one slide saying text (narrated by the env's voice) over
// the picture asset, and returns it as stored.
func (e *renderEnv) burnedVideo(aspect models.AspectRatio, styleID int64, text string, picture int64) models.Video {
	e.t.Helper()
	ctx := e.t.Context()
	v := models.Video{PublisherID: e.pub, Name: "Burned", AspectRatio: aspect, VoiceID: &e.voice,
		PauseAfterSlideMs: 200, MaxSentencesPerSlide: 2, BuildStage: models.BuildAutomatchCompleted, HardcodeSubtitles: true,
		SubtitleStyleConfigID: int(styleID)}
	if err := e.store.CreateVideo(ctx, &v); err != nil {
		e.t.Fatal(err)
	}
	v, err := e.store.CreateScenes(ctx, v.ID, []store.SceneInput{{Layers: []store.LayerInput{{Text: text}}}}, time.Now())
	if err != nil {
		e.t.Fatal(err)
	}
	e.narrateScene(v.Scenes[0].ID)
	if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: v.Scenes[0].Layers[0].ID, AssetID: &picture}}, true, time.Now()); err != nil {
		e.t.Fatal(err)
	}
	if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
		e.t.Fatal(err)
	}
	if v, err = e.store.Video(ctx, e.pub, v.ID); err != nil {
		e.t.Fatal(err)
	}
	return v
}

// render runs a whole render of the video as RenderVideo would and returns the plan
// and the segment results.
func (e *renderEnv) render(videoID int64) (models.RenderAttempt, activities.PlanRenderResult, []activities.RenderSegmentResult, activities.JoinRenderResult) {
	e.t.Helper()
	ctx := e.t.Context()
	v, err := e.store.VideoForWorkflow(ctx, videoID)
	if err != nil {
		e.t.Fatal(err)
	}
	att, err := e.store.StartRender(ctx, store.StartRenderInput{VideoID: videoID, PublisherID: e.pub,
		RequiredCredits: domain.RequiredCredits(v.DurationMs), DurationMs: v.DurationMs, MaxAttempts: domain.MaxRenderAttempts, Now: time.Now()})
	if err != nil {
		e.t.Fatal(err)
	}
	var plan activities.PlanRenderResult
	e.run(e.acts.PlanRender, activities.PlanRenderInput{AttemptID: att.ID}, &plan)
	segs := make([]activities.RenderSegmentResult, len(plan.Scenes))
	keys := make([]string, len(plan.Scenes))
	for i, sc := range plan.Scenes {
		e.run(e.acts.RenderSegment, activities.RenderSegmentInput{PublisherID: e.pub, AttemptID: att.ID, Canvas: plan.Canvas,
			Style: plan.Style, Scene: sc}, &segs[i])
		keys[i] = segs[i].Key
	}
	inserts := make([]activities.RenderInsertResult, len(plan.Inserts))
	for i, clip := range plan.Inserts {
		e.run(e.acts.RenderInsert, activities.RenderInsertInput{PublisherID: e.pub, AttemptID: att.ID, Canvas: plan.Canvas, Clip: clip}, &inserts[i])
	}
	e.lastInserts = inserts
	var mixed activities.MixRenderAudioResult
	e.run(e.acts.MixRenderAudio, activities.MixRenderAudioInput{AttemptID: att.ID, Plan: plan, Inserts: inserts}, &mixed)
	e.lastMixReused, e.lastMix = mixed.Reused, mixed
	var joined activities.JoinRenderResult
	e.run(e.acts.JoinRender, activities.JoinRenderInput{AttemptID: att.ID, Plan: plan, Segments: keys, Audio: mixed.Key, Inserts: inserts}, &joined)
	e.run(e.acts.CompleteRender, activities.CompleteRenderInput{AttemptID: att.ID, Output: joined.Output}, nil)
	return att, plan, segs, joined
}

// download fetches an object to a local file.
func (e *renderEnv) download(key, name string) string {
	e.t.Helper()
	r, _, err := e.blob.Get(e.t.Context(), key)
	if err != nil {
		e.t.Fatalf("get %s: %v", key, err)
	}
	defer r.Close()
	path := filepath.Join(e.t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := io.Copy(f, r); err != nil {
		e.t.Fatal(err)
	}
	f.Close()
	return path
}

// bottomBand decodes the bottom quarter of the frame at ms as grey pixels.
func bottomBand(t *testing.T, file string, ms int) []byte {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "error", "-ss", strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64), "-i", file,
		"-frames:v", "1", "-vf", "crop=iw:ih/4:0:ih*3/4,format=gray", "-f", "rawvideo", "-").Output()
	if err != nil || len(out) == 0 {
		t.Fatalf("frame at %d ms: %v", ms, err)
	}
	return out
}

func meanDiff(a, b []byte) float64 {
	if len(a) != len(b) {
		return math.Inf(1)
	}
	sum := 0
	for i := range a {
		d := int(a[i]) - int(b[i])
		if d < 0 {
			d = -d
		}
		sum += d
	}
	return float64(sum) / float64(len(a))
}

// TestRenderAVideo renders a narrated two-scene video (a picture with Ken Burns, a
// clip, a text slide) to an MP4 with burned subtitles: 1920x1080 H.264 and AAC as
// long as its slides, the subtitle visible at its time, credits charged once, the
// sidecar subtitles stored. A second render reuses both segments; after one slide's
// media changes, only its scene renders again.
func TestRenderAVideo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		picture := e.asset("harbour.jpg", models.AssetTypeIDImage, "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=1", "-frames:v", "1")
		clip := e.asset("waves.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-t", "2",
			"-c:v", "libx264", "-pix_fmt", "yuv420p")
		other := e.asset("dawn.jpg", models.AssetTypeIDImage, "-f", "lavfi", "-i", "smptebars=size=1280x720:rate=1", "-frames:v", "1")

		v := models.Video{PublisherID: e.pub, Name: "Harbour", AspectRatio: models.AspectHorizontal, VoiceID: &e.voice,
			PauseAfterSlideMs: 500, MaxSentencesPerSlide: 2, BuildStage: models.BuildAutomatchCompleted, HardcodeSubtitles: true}
		if err := e.store.CreateVideo(ctx, &v); err != nil {
			t.Fatal(err)
		}
		v, err := e.store.CreateScenes(ctx, v.ID, []store.SceneInput{
			{Layers: []store.LayerInput{{Text: "The harbour wakes at dawn."}, {Text: "Waves roll in from the sea."}}},
			{Layers: []store.LayerInput{{Text: "Boats leave for the islands."}}},
		}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range v.Scenes {
			e.narrateScene(sc.ID)
		}
		l1, l2, l3 := v.Scenes[0].Layers[0].ID, v.Scenes[0].Layers[1].ID, v.Scenes[1].Layers[0].ID
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: l1, AssetID: &picture}, {LayerID: l2, AssetID: &clip},
			{LayerID: l3, Text: "Boats leave for the islands."}}, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		before, err := e.store.CreditBalance(ctx, e.pub, time.Now())
		if err != nil {
			t.Fatal(err)
		}

		att, plan, segs, joined := e.render(v.ID)
		if len(plan.Scenes) != 2 || segs[0].Reused || segs[1].Reused {
			t.Fatalf("plan %d scenes, segments %+v", len(plan.Scenes), segs)
		}
		got, err := e.store.VideoForWorkflow(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.ContentKey != joined.Output.ContentKey || got.RenderStatus != domain.RenderStatusComplete || got.ThumbnailKey == "" {
			t.Fatalf("video after render: content %q status %q thumbnail %q", got.ContentKey, got.RenderStatus, got.ThumbnailKey)
		}
		after, _ := e.store.CreditBalance(ctx, e.pub, time.Now())
		if before-after != domain.RequiredCredits(got.DurationMs) {
			t.Fatalf("balance %d -> %d, want a charge of %d", before, after, domain.RequiredCredits(got.DurationMs))
		}
		if a, _ := e.store.RenderAttemptByID(ctx, att.ID); a.Status != models.RenderAttemptCompleted {
			t.Fatalf("attempt status %q", a.Status)
		}

		file := e.download(got.ContentKey, "video.mp4")
		probe, err := media.Tool{}.Probe(ctx, file, "")
		if err != nil {
			t.Fatal(err)
		}
		if probe.Width != 1920 || probe.Height != 1080 || probe.VideoCodec != "h264" || probe.AudioCodec != "aac" {
			t.Fatalf("probe = %+v", probe)
		}
		if d := math.Abs(probe.Duration*1000 - float64(got.DurationMs)); d > 100 {
			t.Fatalf("MP4 lasts %.0f ms, the slides %d ms", probe.Duration*1000, got.DurationMs)
		}
		// The MP4 is titled with the video's name and made when its render was asked for.
		out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format_tags=title,creation_time", "-of", "default=nw=1", file).Output()
		tags := strings.Fields(string(out))
		slices.Sort(tags)
		want := []string{"TAG:creation_time=" + att.CreatedAt.UTC().Format("2006-01-02T15:04:05") + ".000000Z", "TAG:title=Harbour"}
		if err != nil || !slices.Equal(tags, want) {
			t.Errorf("MP4 tags %q %v, want %q", tags, err, want)
		}
		for _, ext := range []string{".srt", ".vtt", ".ass"} {
			sub := e.download(joined.Output.SubtitlesKeyPrefix+ext, "subtitles"+ext)
			body, _ := os.ReadFile(sub)
			if !strings.Contains(string(body), "Boats leave for the islands.") {
				t.Fatalf("%s lacks the last sentence:\n%s", ext, body)
			}
		}

		// The burned subtitle shows at its time: the same frame rendered without
		// subtitles differs in the subtitle band.
		if len(plan.Cues) == 0 {
			t.Fatal("no subtitle cues")
		}
		cue := plan.Cues[0]
		withSubs := bottomBand(t, file, (cue.StartMs+cue.EndMs)/2)
		if err := e.store.DB().Model(&models.Video{}).Where("id = ?", v.ID).Updates(map[string]any{"hardcode_subtitles": false, "draft": true}).Error; err != nil {
			t.Fatal(err)
		}
		_, _, segs2, joined2 := e.render(v.ID)
		if segs2[0].Reused || segs2[1].Reused {
			t.Fatal("turning subtitles off reused burned segments")
		}
		plain := bottomBand(t, e.download(joined2.Output.ContentKey, "plain.mp4"), (cue.StartMs+cue.EndMs)/2)
		if d := meanDiff(withSubs, plain); d < 1 {
			t.Fatalf("the subtitle band at %d ms barely differs (%.2f) with and without burned subtitles", (cue.StartMs+cue.EndMs)/2, d)
		}

		// Nothing changed: both segments are reused. One slide's picture changed: only
		// its scene renders again.
		_, _, segs3, _ := e.render(v.ID)
		if !segs3[0].Reused || !segs3[1].Reused || !e.lastMixReused {
			t.Fatalf("an unchanged video rendered again: %+v", segs3)
		}
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: l3, AssetID: &other}}, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, _, segs4, joined4 := e.render(v.ID)
		if !segs4[0].Reused || segs4[1].Reused || !e.lastMixReused {
			t.Fatalf("after changing scene 2's media: %+v (mix reused %v), want scene 1 and the mix reused, scene 2 rendered", segs4, e.lastMixReused)
		}

		// Background music: every segment is reused, the sound is mixed again, and the
		// music is heard in the pause after the first slide.
		song := e.asset("river.wav", models.AssetTypeIDAudio, "-f", "lavfi", "-i", "sine=f=440:d=3", "-ar", "48000")
		if _, err := e.store.AddBackgroundAudio(ctx, e.pub, v.ID, song, 60, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, plan5, segs5, joined5 := e.render(v.ID)
		if !segs5[0].Reused || !segs5[1].Reused || e.lastMixReused || len(plan5.Background) != 1 {
			t.Fatalf("with music: segments %+v, mix reused %v, background %+v", segs5, e.lastMixReused, plan5.Background)
		}
		first := got.Scenes[0].Layers[0]
		pause := first.NarrationMs + 250 // inside the 500 ms pause after slide 1
		quiet := meanVolume(t, e.download(joined4.Output.ContentKey, "quiet.mp4"), pause, 200)
		loud := meanVolume(t, e.download(joined5.Output.ContentKey, "music.mp4"), pause, 200)
		if loud < quiet+20 {
			t.Fatalf("the pause is %.1f dB without music and %.1f dB with it: the music is not heard", quiet, loud)
		}
		if e.lastMix.Chunks != 2 || e.lastMix.ChunksReused != 0 {
			t.Fatalf("the mix with music: %+v, want its 2 stretches encoded", e.lastMix)
		}
		// An outro is added: the sound of scene 1 is kept, scene 2's (whose end the
		// encoder hears past) and the outro's are encoded.
		outro := e.asset("outro.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "smptebars=size=640x360:rate=30", "-t", "0.5",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
		if _, err := e.store.CreateInsert(ctx, e.pub, v.ID, models.InsertOutro, outro, time.Now()); err != nil {
			t.Fatal(err)
		}
		e.render(v.ID)
		if e.lastMixReused || e.lastMix.Chunks != 3 || e.lastMix.ChunksReused != 1 {
			t.Fatalf("after adding an outro the mix did %+v (reused whole %v), want scene 1's stretch reused", e.lastMix, e.lastMixReused)
		}
	})
}

// TestFailedRenderReleasesCredits: a render that fails gives its credits back and
// leaves the video's content as it was.
func TestFailedRenderReleasesCredits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		v := e.video("Nothing to see here today.")
		e.narrateScene(v.Scenes[0].ID)
		before, _ := e.store.CreditBalance(ctx, e.pub, time.Now())
		att, err := e.store.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: e.pub, RequiredCredits: 1,
			MaxAttempts: domain.MaxRenderAttempts, Now: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		if mid, _ := e.store.CreditBalance(ctx, e.pub, time.Now()); mid != before-1 {
			t.Fatalf("balance while rendering %d, want %d", mid, before-1)
		}
		for range 2 { // a retried FailRender releases once
			e.run(e.acts.FailRender, activities.FailRenderInput{AttemptID: att.ID, Reason: "The render failed. Please try again."}, nil)
		}
		if after, _ := e.store.CreditBalance(ctx, e.pub, time.Now()); after != before {
			t.Fatalf("balance after a failed render %d, want %d", after, before)
		}
		got, _ := e.store.VideoForWorkflow(ctx, v.ID)
		if got.ContentKey != "" || got.RenderStatus != domain.RenderStatusError {
			t.Fatalf("video after a failed render: content %q status %q", got.ContentKey, got.RenderStatus)
		}
	})
}

// sentMail records e-mails.
type sentMail struct{ got []email.Message }

func (m *sentMail) Send(_ context.Context, msg email.Message) error {
	m.got = append(m.got, msg)
	return nil
}

// TestNotifyRender: the user who asked is e-mailed when the render ends, with a link
// to the video named as they wrote it, unless their render settings turn it off.
func TestNotifyRender(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		mail := &sentMail{}
		e.acts.Mailer, e.acts.PublicURL = mail, "https://app.example"
		var user models.PublisherUser
		if err := e.store.DB().Where("publisher_id = ?", e.pub).Take(&user).Error; err != nil {
			t.Fatal(err)
		}
		v := e.video("A short slide to render.")
		// Named as users name videos: quotes and an emoji of several code points.
		if err := e.store.DB().Model(&models.Video{}).Where("id = ?", v.ID).Update("name", `Why "AI" matters 👩‍💻`).Error; err != nil {
			t.Fatal(err)
		}
		att, err := e.store.StartRender(ctx, store.StartRenderInput{VideoID: v.ID, PublisherID: e.pub, RequiredCredits: 1, Now: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		notify := func() activities.NotifyRenderResult {
			var res activities.NotifyRenderResult
			e.run(e.acts.NotifyRender, activities.NotifyRenderInput{AttemptID: att.ID, UserID: user.ID}, &res)
			return res
		}
		if res := notify(); res.Sent { // still rendering: nothing to say
			t.Fatal("mailed about a running render")
		}
		if err := e.store.FinishRender(ctx, att.ID, store.RenderOutput{ContentKey: "k.mp4", DurationMs: 1000}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if res := notify(); !res.Sent || len(mail.got) != 1 {
			t.Fatalf("sent %v, %d mails", res.Sent, len(mail.got))
		}
		m := mail.got[0]
		if m.To != "ann@example.com" || m.Subject != `Your video “Why "AI" matters 👩‍💻” is ready` || !strings.Contains(m.Text, fmt.Sprintf("https://app.example/dashboard/video/%d", v.ID)) {
			t.Fatalf("mail = %+v", m)
		}
		if err := e.store.PutUserConfig(ctx, models.UserConfig{PublisherUserID: user.ID, Data: []byte(`{"renderSettings":{"sendEmailOnRender":false}}`)}); err != nil {
			t.Fatal(err)
		}
		if res := notify(); res.Sent || len(mail.got) != 1 {
			t.Fatal("mailed although the user turned render e-mails off")
		}
		if err := e.store.PutUserConfig(ctx, models.UserConfig{PublisherUserID: user.ID, Data: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
		if err := e.store.DB().Model(&models.Video{}).Where("id = ?", v.ID).Update("deleted_at", time.Now()).Error; err != nil {
			t.Fatal(err)
		}
		if res := notify(); res.Sent || len(mail.got) != 1 {
			t.Fatal("mailed about a render of a video deleted since, linking to nothing")
		}
	})
}

// meanVolume is the mean level in dB of the file's audio from atMs for durMs.
func meanVolume(t *testing.T, file string, atMs, durMs int) float64 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-v", "info", "-nostats", "-ss", strconv.FormatFloat(float64(atMs)/1000, 'f', 3, 64),
		"-t", strconv.FormatFloat(float64(durMs)/1000, 'f', 3, 64), "-i", file, "-vn", "-af", "volumedetect", "-f", "null", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("volumedetect: %v %s", err, out)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if _, v, ok := strings.Cut(line, "mean_volume: "); ok {
			db, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " dB"), 64)
			if err == nil {
				return db
			}
		}
	}
	return -91 // silence: volumedetect reports nothing usable
}

// TestRenderWithInserts: an intro with sound, a clip before every scene and an outro
// are joined around the scenes; the MP4 is exactly as long as all of them, the
// narration and the sidecar subtitles move by what plays before them, and the intro's
// sound is heard.
func TestRenderWithInserts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		intro := e.asset("intro.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25", "-f", "lavfi",
			"-i", "sine=f=880:d=1.5", "-t", "1.5", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest")
		bumper := e.asset("bumper.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "smptebars=size=640x360:rate=30", "-t", "0.5",
			"-c:v", "libx264", "-pix_fmt", "yuv420p")
		v := e.video("The harbour wakes at dawn.", "Boats leave for the islands.")
		v, err := e.store.CreateScenes(ctx, v.ID, nil, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		e.narrateScene(v.Scenes[0].ID)
		var slides []store.SlideMedia
		for _, l := range v.Scenes[0].Layers {
			slides = append(slides, store.SlideMedia{LayerID: l.ID, Text: l.Text})
		}
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, slides, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		for _, in := range []struct {
			typ   models.InsertType
			asset int64
		}{{models.InsertIntro, intro}, {models.InsertScenePrepend, bumper}, {models.InsertOutro, bumper}} {
			if _, err := e.store.CreateInsert(ctx, e.pub, v.ID, in.typ, in.asset, time.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		_, plan, segs, joined := e.render(v.ID)
		if len(plan.Inserts) != 3 || len(e.lastInserts) != 3 {
			t.Fatalf("plan inserts %+v, rendered %+v", plan.Inserts, e.lastInserts)
		}
		lengths := map[models.InsertType]int{}
		for _, in := range e.lastInserts {
			lengths[in.Type] = in.DurationMs
		}
		introMs, prependMs, outroMs := lengths[models.InsertIntro], lengths[models.InsertScenePrepend], lengths[models.InsertOutro]
		if introMs < 1500 || introMs > 1600 || prependMs != 500 || outroMs != 500 {
			t.Fatalf("insert lengths %v", lengths)
		}
		// One scene: one prepend. The plan counts the scene in the frames its segment
		// lasts; what follows it is placed there.
		c := plan.Canvas
		sp, err := media.Tool{}.Probe(ctx, e.download(segs[0].Key, "segment.mp4"), "")
		if err != nil {
			t.Fatal(err)
		}
		frames := int(math.Round(sp.Duration * float64(c.FPS)))
		if plan.Scenes[0].Frames != frames {
			t.Fatalf("the scene lasts %d frames in the plan, its segment %d", plan.Scenes[0].Frames, frames)
		}
		want := c.FramesMs(c.Frames(introMs) + c.Frames(prependMs) + frames + c.Frames(outroMs))
		if joined.Output.DurationMs != want {
			t.Fatalf("output %d ms, want %d", joined.Output.DurationMs, want)
		}
		file := e.download(joined.Output.ContentKey, "video.mp4")
		probe, err := media.Tool{}.Probe(ctx, file, "")
		if err != nil {
			t.Fatal(err)
		}
		if d := math.Abs(probe.Duration*1000 - float64(want)); d > 100 {
			t.Fatalf("MP4 lasts %.0f ms, want %d", probe.Duration*1000, want)
		}
		// The intro's sound is heard; the first subtitle starts after intro and prepend.
		if loud := meanVolume(t, file, 300, 800); loud < -40 {
			t.Fatalf("the intro is silent (%.1f dB)", loud)
		}
		srt, _ := os.ReadFile(e.download(joined.Output.SubtitlesKeyPrefix+".srt", "s.srt"))
		if first := plan.Cues[0].StartMs + introMs + prependMs; !strings.Contains(string(srt), srtTime(first)+" --> ") {
			t.Fatalf("the first subtitle does not start at %s:\n%s", srtTime(first), srt)
		}
		// Rendering again reuses the inserts; a subtitle the user edited is the one
		// delivered.
		if _, err := e.store.EditSubtitles(ctx, e.pub, v.ID, store.SubtitleEdit{Add: true,
			Cue: models.VideoSubtitle{StartMs: 100, DurationMs: 700, Text: "Welcome aboard."}}, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, _, _, joined2 := e.render(v.ID)
		for _, in := range e.lastInserts {
			if !in.Reused {
				t.Fatalf("insert %d rendered again", in.Type)
			}
		}
		srt2, _ := os.ReadFile(e.download(joined2.Output.SubtitlesKeyPrefix+".srt", "s2.srt"))
		if !strings.Contains(string(srt2), "Welcome aboard.") || strings.Contains(string(srt2), "harbour") {
			t.Fatalf("the edited subtitles are not the delivered ones:\n%s", srt2)
		}
	})
}

// loudnessLUFS is the integrated loudness (ebur128) of file's sound from atMs for durMs.
func loudnessLUFS(t *testing.T, file string, atMs, durMs int) float64 {
	t.Helper()
	out, err := exec.Command("ffmpeg", "-nostats", "-ss", strconv.FormatFloat(float64(atMs)/1000, 'f', 3, 64),
		"-t", strconv.FormatFloat(float64(durMs)/1000, 'f', 3, 64), "-i", file, "-vn", "-af", "ebur128", "-f", "null", "-").CombinedOutput()
	if err != nil {
		t.Fatalf("ebur128: %v %s", err, out)
	}
	_, summary, _ := strings.Cut(string(out), "Summary:")
	_, v, ok := strings.Cut(summary, "I:")
	if !ok {
		t.Fatalf("ebur128 measured nothing:\n%s", out)
	}
	lufs, err := strconv.ParseFloat(strings.Fields(v)[0], 64)
	if err != nil {
		t.Fatal(err)
	}
	return lufs
}

// TestRenderPlaysALoudIntroAsLoudAsTheNarration: an intro whose sound is far louder
// than the narration (a tone near full scale) plays at the narration's loudness, both
// at media.NarrationLUFS, and the video's sound stays under full scale.
func TestRenderPlaysALoudIntroAsLoudAsTheNarration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		intro := e.asset("loud.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:d=2", "-f", "lavfi",
			"-i", "aevalsrc=0.9*sin(2*PI*440*t)|0.9*sin(2*PI*554*t):d=2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "192k", "-shortest")
		v := e.video("The harbour wakes at dawn and the boats leave for the islands.")
		v, err := e.store.CreateScenes(ctx, v.ID, nil, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		e.narrateScene(v.Scenes[0].ID)
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: v.Scenes[0].Layers[0].ID, Text: v.Scenes[0].Layers[0].Text}}, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.CreateInsert(ctx, e.pub, v.ID, models.InsertIntro, intro, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		_, plan, _, joined := e.render(v.ID)
		file := e.download(joined.Output.ContentKey, "video.mp4")
		introMs := e.lastInserts[0].DurationMs
		loudIntro := loudnessLUFS(t, file, 0, introMs)
		speech := loudnessLUFS(t, file, introMs, plan.DurationMs)
		t.Logf("intro %.1f LUFS, narration %.1f LUFS", loudIntro, speech)
		if math.Abs(loudIntro-speech) > 2 || math.Abs(speech-media.NarrationLUFS) > 2 {
			t.Errorf("the intro plays at %.1f LUFS, the narration at %.1f; want both about %d", loudIntro, speech, media.NarrationLUFS)
		}
	})
}

// TestRenderCacheAgesAndIsSwept: a render reuses only cache objects younger than a day
// short of RenderCacheAge, and stores again what it makes anew; the sweep removes what
// is older than RenderCacheAge and leaves the rendered videos.
func TestRenderCacheAgesAndIsSwept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		outro := e.asset("outro.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "smptebars=size=640x360:rate=30", "-t", "0.5",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
		song := e.asset("river.wav", models.AssetTypeIDAudio, "-f", "lavfi", "-i", "sine=f=440:d=3", "-ar", "48000")
		v := e.video("The harbour wakes at dawn.")
		e.narrateScene(v.Scenes[0].ID)
		l := v.Scenes[0].Layers[0]
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: l.ID, Text: l.Text}}, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.CreateInsert(ctx, e.pub, v.ID, models.InsertOutro, outro, time.Now()); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.AddBackgroundAudio(ctx, e.pub, v.ID, song, 60, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		cache := func() (keys []string) {
			t.Helper()
			if err := e.blob.List(ctx, fmt.Sprintf("renders/%d/", e.pub), func(o blob.ObjectInfo) error {
				keys = append(keys, o.Key)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			return keys
		}
		reused := func(segs []activities.RenderSegmentResult) bool {
			return segs[0].Reused && e.lastInserts[0].Reused && e.lastMixReused
		}
		sweep := func(ahead time.Duration) activities.SweepRenderCacheResult {
			t.Helper()
			e.acts.Now = func() time.Time { return time.Now().Add(ahead) }
			defer func() { e.acts.Now = nil }()
			var res activities.SweepRenderCacheResult
			e.run(e.acts.SweepRenderCache, activities.SweepRenderCacheInput{}, &res)
			return res
		}

		_, _, segs, _ := e.render(v.ID)
		stored := cache()
		if segs[0].Reused || len(stored) < 6 { // segment, insert (3), mix, its stretches
			t.Fatalf("first render: segment %+v, cache %q", segs[0], stored)
		}
		if _, _, segs, _ := e.render(v.ID); !reused(segs) {
			t.Fatalf("a render a moment later: segment %+v, insert %+v, mix reused %v", segs[0], e.lastInserts[0], e.lastMixReused)
		}
		// 29 days and an hour on, nothing is reused: everything is made and stored again.
		e.acts.Now = func() time.Time { return time.Now().Add(activities.RenderCacheAge - 23*time.Hour) }
		_, _, segs, _ = e.render(v.ID)
		if segs[0].Reused || e.lastInserts[0].Reused || e.lastMixReused || e.lastMix.ChunksReused != 0 {
			t.Fatalf("a render of old cache: segment %+v, insert %+v, mix %+v (reused %v)", segs[0], e.lastInserts[0], e.lastMix, e.lastMixReused)
		}
		e.acts.Now = nil
		if _, _, segs, _ := e.render(v.ID); !reused(segs) {
			t.Fatal("what the last render stored again is not reused")
		}

		if res := sweep(0); res.Objects != 0 {
			t.Fatalf("the sweep removed %+v of a fresh cache", res)
		}
		// Objects stored again between the sweep's listing and its delete are kept.
		e.acts.Blob = storedAgain{e.blob, time.Now().Add(activities.RenderCacheAge + time.Hour)}
		if res := sweep(activities.RenderCacheAge + time.Hour); res.Objects != 0 {
			t.Fatalf("the sweep removed %+v objects stored again while it listed", res)
		}
		e.acts.Blob = e.blob
		if res := sweep(activities.RenderCacheAge + time.Hour); res.Objects != len(stored) || res.Bytes == 0 {
			t.Fatalf("the sweep a month on removed %+v, want the %d objects of the cache", res, len(stored))
		}
		if left := cache(); len(left) != 0 {
			t.Fatalf("left in the cache: %q", left)
		}
		got, err := e.store.VideoForWorkflow(ctx, v.ID)
		if err != nil {
			t.Fatal(err)
		}
		e.download(got.ContentKey, "kept.mp4") // the video itself stays

		_, _, segs, joined := e.render(v.ID)
		if segs[0].Reused || e.lastInserts[0].Reused || e.lastMixReused {
			t.Fatal("a render after the sweep reused what was swept")
		}
		probe, err := media.Tool{}.Probe(ctx, e.download(joined.Output.ContentKey, "again.mp4"), "")
		if err != nil || math.Abs(probe.Duration*1000-float64(joined.Output.DurationMs)) > 100 {
			t.Fatalf("the render after the sweep: %+v, %v", probe, err)
		}
	})
}

// storedAgain is an object store whose objects all read as stored at a given time, as
// if a render had just stored each again.
type storedAgain struct {
	*blob.Store
	at time.Time
}

func (s storedAgain) Head(ctx context.Context, key string) (blob.ObjectInfo, error) {
	o, err := s.Store.Head(ctx, key)
	o.LastModified = s.at
	return o, err
}

func srtTime(ms int) string {
	return fmt.Sprintf("%02d:%02d:%02d,%03d", ms/3_600_000, ms/60_000%60, ms/1000%60, ms%1000)
}

func (e *renderEnv) exec(sql string, args ...any) {
	e.t.Helper()
	if err := e.store.DB().Exec(sql, args...).Error; err != nil {
		e.t.Fatal(err)
	}
}

// TestPansDependOnlyOnTheirScene: a still's pan is chosen within its scene, so deleting
// or moving another scene leaves a scene's segment as it was (the same hash, so it is
// reused); the same picture twice in a scene pans two ways; slides that do not pan
// carry no direction.
func TestPansDependOnlyOnTheirScene(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		picture := e.asset("harbour.jpg", models.AssetTypeIDImage, "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=1", "-frames:v", "1")
		v := models.Video{PublisherID: e.pub, Name: "Pans", AspectRatio: models.AspectHorizontal, VoiceID: &e.voice,
			PauseAfterSlideMs: 500, MaxSentencesPerSlide: 1, BuildStage: models.BuildAutomatchCompleted}
		if err := e.store.CreateVideo(ctx, &v); err != nil {
			t.Fatal(err)
		}
		v, err := e.store.CreateScenes(ctx, v.ID, []store.SceneInput{
			{Layers: []store.LayerInput{{Text: "The harbour wakes."}}},
			{Layers: []store.LayerInput{{Text: "Boats leave."}, {Text: "Gulls follow."}}},
			{Layers: []store.LayerInput{{Text: "Night falls."}}},
		}, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var slides []store.SlideMedia
		for _, sc := range v.Scenes {
			e.narrateScene(sc.ID)
			for _, l := range sc.Layers {
				slides = append(slides, store.SlideMedia{LayerID: l.ID, AssetID: &picture})
			}
		}
		slides[3] = store.SlideMedia{LayerID: slides[3].LayerID, Text: "Night falls."} // a text slide does not pan
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, slides, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		att, before := e.plan(v.ID)
		if err := e.store.FailRender(ctx, att.ID, "planned only", time.Now()); err != nil {
			t.Fatal(err)
		}
		if len(before.Scenes) != 3 {
			t.Fatalf("plan has %d scenes", len(before.Scenes))
		}
		two := before.Scenes[1].Slides
		if two[0].Motion == two[1].Motion {
			t.Errorf("the same picture twice in a scene pans the same way (motion %d)", two[0].Motion)
		}
		if text := before.Scenes[2].Slides[0]; text.KenBurns || text.Motion != 0 {
			t.Errorf("a text slide has a pan: %+v", text)
		}

		if err := e.store.DeleteScene(ctx, e.pub, v.ID, v.Scenes[0].ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		_, after := e.plan(v.ID)
		if len(after.Scenes) != 2 || after.Scenes[0].Hash != before.Scenes[1].Hash || after.Scenes[1].Hash != before.Scenes[2].Hash {
			t.Fatalf("deleting scene 1 changed the other scenes' segments:\nbefore %+v\nafter  %+v", before.Scenes, after.Scenes)
		}
	})
}

// TestSilentInsertMovedRemixes: an insert without sound still moves the narration, so
// moving a silent intro to the end mixes the sound again and the narration starts at 0.
func TestSilentInsertMovedRemixes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		quiet := e.asset("quiet.mp4", models.AssetTypeIDVideo, "-f", "lavfi", "-i", "smptebars=size=640x360:rate=30", "-t", "1.5",
			"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p")
		v := e.video("The harbour wakes at dawn.")
		e.narrateScene(v.Scenes[0].ID)
		l := v.Scenes[0].Layers[0]
		if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: l.ID, Text: l.Text}}, true, time.Now()); err != nil {
			t.Fatal(err)
		}
		in, err := e.store.CreateInsert(ctx, e.pub, v.ID, models.InsertIntro, quiet, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		_, _, _, first := e.render(v.ID)
		if loud := meanVolume(t, e.download(first.Output.ContentKey, "intro.mp4"), 100, 1000); loud > -60 {
			t.Fatalf("the silent intro is heard (%.1f dB): the narration is not after it", loud)
		}
		if _, err := e.store.UpdateInsert(ctx, e.pub, v.ID, in.ID, models.InsertOutro, quiet, time.Now()); err != nil {
			t.Fatal(err)
		}
		_, _, _, second := e.render(v.ID)
		if e.lastMixReused {
			t.Fatal("the mix made with the intro was reused with the insert at the end")
		}
		if loud := meanVolume(t, e.download(second.Output.ContentKey, "outro.mp4"), 100, 1000); loud < -40 {
			t.Fatalf("the narration is not heard at the start (%.1f dB) once the silent insert is at the end", loud)
		}
	})
}

// TestDeletingTheVideoStopsItsRender: a video deleted while it renders gets its
// credits back at once, and the render's next step stops for good: no segment
// rendered, no join, nothing captured (the attempt stays cancelled, of which
// NotifyRender says nothing).
func TestDeletingTheVideoStopsItsRender(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		v := e.video("The harbour wakes at dawn.")
		e.narrateScene(v.Scenes[0].ID)
		if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
			t.Fatal(err)
		}
		before, _ := e.store.CreditBalance(ctx, e.pub, time.Now())
		att, plan := e.plan(v.ID)
		if err := e.store.DeleteVideo(ctx, e.pub, v.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if after, _ := e.store.CreditBalance(ctx, e.pub, time.Now()); after != before {
			t.Fatalf("balance %d after deleting the rendering video, want %d back", after, before)
		}
		gone := func(step string, fn, in any) {
			t.Helper()
			env := e.ts.NewTestActivityEnvironment()
			env.RegisterActivity(e.acts)
			_, err := env.ExecuteActivity(fn, in)
			var appErr *temporal.ApplicationError
			if !errors.As(err, &appErr) || appErr.Type() != activities.ErrTypeRenderGone || !appErr.NonRetryable() {
				t.Fatalf("%s after the delete: %v, want a RenderGone error that is not retried", step, err)
			}
		}
		gone("RenderSegment", e.acts.RenderSegment, activities.RenderSegmentInput{PublisherID: e.pub, AttemptID: att.ID, Canvas: plan.Canvas,
			Style: plan.Style, Scene: plan.Scenes[0]})
		gone("JoinRender", e.acts.JoinRender, activities.JoinRenderInput{AttemptID: att.ID, Plan: plan})
		gone("CompleteRender", e.acts.CompleteRender, activities.CompleteRenderInput{AttemptID: att.ID,
			Output: store.RenderOutput{ContentKey: "videos/late.mp4"}})
		if a, _ := e.store.RenderAttemptByID(ctx, att.ID); a.Status != models.RenderAttemptCancelled {
			t.Fatalf("attempt %s, want cancelled", a.Status)
		}
	})
}

// TestRenderOutputsNothingShowsAreSwept: a week on, the sweep removes the files of a
// render a later one replaced, of a failed render and of a deleted video's render; it
// keeps the current render's, a running render's, and any other file of a video.
func TestRenderOutputsNothingShowsAreSwept(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newRenderEnv(t, db)
		ctx := t.Context()
		rendered := func(text string) models.Video {
			t.Helper()
			v := e.video(text)
			e.narrateScene(v.Scenes[0].ID)
			l := v.Scenes[0].Layers[0]
			if err := e.store.SetAutomatchedMedia(ctx, v.ID, []store.SlideMedia{{LayerID: l.ID, Text: l.Text}}, true, time.Now()); err != nil {
				t.Fatal(err)
			}
			if err := e.store.RecomputeVideoDuration(ctx, v.ID); err != nil {
				t.Fatal(err)
			}
			e.render(v.ID)
			return v
		}
		files := func(prefix string) (keys []string) {
			t.Helper()
			if err := e.blob.List(ctx, prefix, func(o blob.ObjectInfo) error {
				keys = append(keys, o.Key)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			return keys
		}
		put := func(key string) {
			t.Helper()
			if err := e.blob.Put(ctx, key, strings.NewReader("part"), 4, "video/mp4"); err != nil {
				t.Fatal(err)
			}
		}
		start := func(videoID int64) models.RenderAttempt {
			t.Helper()
			a, err := e.store.StartRender(ctx, store.StartRenderInput{VideoID: videoID, PublisherID: e.pub, RequiredCredits: 1,
				MaxAttempts: domain.MaxRenderAttempts, Now: time.Now()})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		sweep := func(ahead time.Duration) activities.SweepRenderCacheResult {
			t.Helper()
			e.acts.Now = func() time.Time { return time.Now().Add(ahead) }
			defer func() { e.acts.Now = nil }()
			var res activities.SweepRenderCacheResult
			e.run(e.acts.SweepRenderOutputs, activities.SweepRenderOutputsInput{}, &res)
			return res
		}
		prefix := func(v models.Video, attempt int) string { return activities.RenderOutputPrefix(e.pub, v.ID, attempt) }

		edited := rendered("The harbour wakes at dawn.")
		e.render(edited.ID) // attempt 2 replaces attempt 1
		failed := start(edited.ID)
		put(prefix(edited, failed.Attempt) + "video.mp4") // a join stored it, then the render failed
		if err := e.store.FailRender(ctx, failed.ID, "the join failed", time.Now()); err != nil {
			t.Fatal(err)
		}
		deleted := rendered("Boats leave the quay.")
		if err := e.store.DeleteVideo(ctx, e.pub, deleted.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		running := rendered("Gulls follow them out.")
		again := start(running.ID)
		put(prefix(running, again.Attempt) + "video.mp4") // its join is storing it
		other := fmt.Sprintf("videos/%d/%d/notes.txt", e.pub, edited.ID)
		put(other)

		gone := append(append(files(prefix(edited, 1)), files(prefix(edited, failed.Attempt))...), files(prefix(deleted, 1))...)
		kept := append(append(append(files(prefix(edited, 2)), files(prefix(running, 1))...), files(prefix(running, again.Attempt))...), other)
		if len(files(prefix(edited, 1))) < 3 || len(files(prefix(edited, 2))) < 3 {
			t.Fatalf("a render stored %q and %q, want its MP4, thumbnail and subtitles", files(prefix(edited, 1)), files(prefix(edited, 2)))
		}
		if res := sweep(0); res.Objects != 0 {
			t.Fatalf("a sweep the day they were stored removed %+v", res)
		}
		if res := sweep(activities.RenderOutputAge - time.Hour); res.Objects != 0 {
			t.Fatalf("a sweep under %v on removed %+v", activities.RenderOutputAge, res)
		}
		if res := sweep(activities.RenderOutputAge + time.Hour); res.Objects != len(gone) || res.Bytes == 0 {
			t.Fatalf("the sweep a week on removed %+v, want the %d files of %q", res, len(gone), gone)
		}
		left := files("videos/")
		for _, k := range gone {
			if slices.Contains(left, k) {
				t.Errorf("%s was kept", k)
			}
		}
		for _, k := range kept {
			if !slices.Contains(left, k) {
				t.Errorf("%s was removed", k)
			}
		}
		v, err := e.store.VideoForWorkflow(ctx, edited.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(v.ContentKey, prefix(edited, 2)) {
			t.Fatalf("content %q is not the second render's", v.ContentKey)
		}
		e.download(v.ContentKey, "kept.mp4")
	})
}
