package activities

import (
	"reflect"
	"testing"

	"pagecast/media"
	"pagecast/models"
)

// TestSubtitleFilesFollowTheInserts: the subtitle files show a cue where the burned
// one shows: moved by the inserts before its scene, cut to its scenes, and cut in two
// around a scene insert when it runs on into the next scene.
func TestSubtitleFilesFollowTheInserts(t *testing.T) {
	p := PlanRenderResult{Scenes: []SceneRender{{StartMs: 0, DurationMs: 3000}, {StartMs: 3000, DurationMs: 3000}}, DurationMs: 6000,
		Cues: []media.Cue{{StartMs: 500, EndMs: 2000, Text: "In scene one"}, {StartMs: 2500, EndMs: 4000, Text: "Across the join"}}}
	intro := RenderInsertResult{Type: models.InsertIntro, DurationMs: 2000}
	prepend := RenderInsertResult{Type: models.InsertScenePrepend, DurationMs: 1000}
	tests := []struct {
		name    string
		inserts []RenderInsertResult
		want    []media.Cue
	}{
		{"no inserts", nil, []media.Cue{{StartMs: 500, EndMs: 2000, Text: "In scene one"}, {StartMs: 2500, EndMs: 4000, Text: "Across the join"}}},
		{"an intro moves them whole", []RenderInsertResult{intro},
			[]media.Cue{{StartMs: 2500, EndMs: 4000, Text: "In scene one"}, {StartMs: 4500, EndMs: 6000, Text: "Across the join"}}},
		{"a scene insert cuts a cue across the join", []RenderInsertResult{intro, prepend},
			[]media.Cue{{StartMs: 3500, EndMs: 5000, Text: "In scene one"}, {StartMs: 5500, EndMs: 6000, Text: "Across the join"},
				{StartMs: 7000, EndMs: 8000, Text: "Across the join"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := timelineOf(p, tc.inserts).cues(p); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("cues = %+v\nwant   %+v", got, tc.want)
			}
		})
	}
}

// TestTimelineFollowsThePicture: each scene's segment lasts its slides in whole frames,
// so what follows a scene (the next scene's narration and subtitles, an insert and its
// sound, the end of the sound track) starts where its picture does, however many
// scenes' roundings come before, not at the sum of the slides' milliseconds. A plan
// without the frames (a voiceover's, or one made before) keeps the milliseconds.
func TestTimelineFollowsThePicture(t *testing.T) {
	c := media.Canvas16x9 // 30 fps
	// Twenty scenes of 1,810 ms: each segment is 54 frames, 1,800 ms.
	var scenes []SceneRender
	for i := range 20 {
		scenes = append(scenes, SceneRender{StartMs: i * 1810, DurationMs: 1810, Frames: c.Frames(1810)})
	}
	last := 19 * 1810
	cue := media.Cue{StartMs: last + 100, EndMs: last + 900, Text: "In the last scene"}
	noFrames := make([]SceneRender, len(scenes))
	for i, sc := range scenes {
		sc.Frames = 0
		noFrames[i] = sc
	}
	prepend := RenderInsertResult{Type: models.InsertScenePrepend, DurationMs: c.FramesMs(37), AudioKey: "p.wav"} // 1,233 ms
	intro := RenderInsertResult{Type: models.InsertIntro, DurationMs: 2000}
	outro := RenderInsertResult{Type: models.InsertOutro, DurationMs: 2500, AudioKey: "o.wav"}
	tests := []struct {
		name      string
		scenes    []SceneRender
		inserts   []RenderInsertResult
		lastScene int // where the last scene's picture starts
		total     int
	}{
		{"no inserts", scenes, nil, 19 * 1800, 20 * 1800},
		{"an intro, a prepend and an outro", scenes, []RenderInsertResult{intro, prepend, outro},
			c.FramesMs(60 + 20*37 + 19*54), c.FramesMs(60+20*37+20*54) + 2500},
		{"without frames, the milliseconds", noFrames, []RenderInsertResult{intro, outro}, 2000 + last, 2000 + 20*1810 + 2500},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := PlanRenderResult{Canvas: c, Scenes: tc.scenes, DurationMs: 20 * 1810, Cues: []media.Cue{cue}}
			tl := timelineOf(p, tc.inserts)
			if got := tl.at(p, last); got != tc.lastScene {
				t.Errorf("the last scene's narration starts at %d ms, its picture at %d", got, tc.lastScene)
			}
			if got := tl.cues(p); len(got) != 1 || got[0].StartMs != tc.lastScene+100 || got[0].EndMs != tc.lastScene+900 {
				t.Errorf("cue = %+v, want it from %d ms", got, tc.lastScene+100)
			}
			if tl.TotalMs != tc.total {
				t.Errorf("total = %d ms, want %d", tl.TotalMs, tc.total)
			}
			if n := len(tl.sounds); n > 0 && tl.sounds[n-1].Key == "o.wav" && tl.sounds[n-1].StartMs != tc.total-2500 {
				t.Errorf("the outro's sound starts at %d ms, its picture at %d", tl.sounds[n-1].StartMs, tc.total-2500)
			}
		})
	}
}
