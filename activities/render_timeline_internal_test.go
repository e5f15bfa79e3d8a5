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
