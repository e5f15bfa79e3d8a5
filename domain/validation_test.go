package domain

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestValidateVideo(t *testing.T) {
	picture := []ValidationMedia{{AssetID: 7, Kind: MediaKindMedia, State: MediaStateComplete}}
	good := func(id int64, index int) ValidationSlide {
		return ValidationSlide{ID: id, Index: index, Text: "Solar panels pay for themselves.", HasNarration: true, NarrationMs: 2400, Media: picture}
	}
	// video is a valid two-scene video of 10 s; each case changes it.
	video := func() ValidationInput {
		return ValidationInput{
			VideoID:    1,
			DurationMs: 10_000,
			Scenes: []ValidationScene{
				{ID: 10, Index: 1, Slides: []ValidationSlide{good(100, 1), good(101, 2)}},
				{ID: 20, Index: 2, Slides: []ValidationSlide{good(200, 1), good(201, 2), good(202, 3)}},
			},
			Subtitles: []ValidationCue{{SceneID: 10, LayerID: 100, StartMs: 0, EndMs: 2400}, {SceneID: 20, LayerID: 202, StartMs: 7000, EndMs: 10_000}},
		}
	}
	v := func(scene, layer int64, key, msg string) Validation {
		return Validation{VideoID: 1, SceneID: scene, LayerID: layer, ErrorMessage: msg, ErrorMessageKey: key}
	}
	media := func(kind, state string) []ValidationMedia {
		return []ValidationMedia{{AssetID: 9, Kind: kind, State: state}}
	}
	for _, c := range []struct {
		name   string
		change func(*ValidationInput)
		want   []Validation
	}{
		{"valid video", func(*ValidationInput) {}, nil},
		{"empty video", func(in *ValidationInput) { in.Scenes, in.Subtitles = nil, nil }, nil},
		{"slide missing media", func(in *ValidationInput) { in.Scenes[1].Slides[2].Media = nil },
			[]Validation{v(20, 202, ValidationKeySlideMissingMedia, "Slide 3 of scene 2 has no media.")}},
		{"a text slide has media", func(in *ValidationInput) { in.Scenes[1].Slides[2].Media = media(MediaKindText, "") }, nil},
		{"text items are not import-checked", func(in *ValidationInput) { in.Scenes[1].Slides[2].Media = media(MediaKindText, MediaStateError) }, nil},
		{"placeholder slide", func(in *ValidationInput) {
			sl := &in.Scenes[0].Slides[1]
			sl.IsPlaceholder, sl.Media, sl.HasNarration = true, nil, false
		}, []Validation{v(10, 101, ValidationKeySlidePlaceholder, "Slide 2 of scene 1 is a placeholder. Add content or delete it.")}},
		{"asset import failed", func(in *ValidationInput) { in.Scenes[0].Slides[0].Media = media(MediaKindMedia, MediaStateError) },
			[]Validation{v(10, 100, ValidationKeyAssetBroken, "The media of slide 1 of scene 1 failed to import or was deleted. Replace it.")}},
		{"asset deleted", func(in *ValidationInput) { in.Scenes[0].Slides[0].Media = media(MediaKindMedia, MediaStateDeleted) },
			[]Validation{v(10, 100, ValidationKeyAssetBroken, "The media of slide 1 of scene 1 failed to import or was deleted. Replace it.")}},
		{"asset missing", func(in *ValidationInput) { in.Scenes[0].Slides[0].Media = media(MediaKindMedia, MediaStateMissing) },
			[]Validation{v(10, 100, ValidationKeyAssetBroken, "The media of slide 1 of scene 1 failed to import or was deleted. Replace it.")}},
		{"unknown asset state is broken", func(in *ValidationInput) { in.Scenes[0].Slides[0].Media = media(MediaKindMedia, "exploded") },
			[]Validation{v(10, 100, ValidationKeyAssetBroken, "The media of slide 1 of scene 1 failed to import or was deleted. Replace it.")}},
		{"created and empty states are usable", func(in *ValidationInput) {
			in.Scenes[0].Slides[0].Media = media(MediaKindMedia, MediaStateCreated)
			in.Scenes[0].Slides[1].Media = media(MediaKindMedia, "")
		}, nil},
		{"asset pending", func(in *ValidationInput) { in.Scenes[1].Slides[0].Media = media(MediaKindMedia, MediaStatePending) },
			[]Validation{v(20, 200, ValidationKeyAssetImporting, "The media of slide 1 of scene 2 is still importing. Wait for it to finish.")}},
		{"asset processing", func(in *ValidationInput) { in.Scenes[1].Slides[0].Media = media(MediaKindMedia, MediaStateProcessing) },
			[]Validation{v(20, 200, ValidationKeyAssetImporting, "The media of slide 1 of scene 2 is still importing. Wait for it to finish.")}},
		{"broken and importing media of one slide, once each", func(in *ValidationInput) {
			in.Scenes[1].Slides[0].Media = []ValidationMedia{
				{AssetID: 1, Kind: MediaKindMedia, State: MediaStatePending}, {AssetID: 2, Kind: MediaKindMedia, State: MediaStateError},
				{AssetID: 3, Kind: MediaKindMedia, State: MediaStateProcessing}, {AssetID: 4, Kind: MediaKindMedia, State: MediaStateDeleted},
			}
		}, []Validation{
			v(20, 200, ValidationKeyAssetBroken, "The media of slide 1 of scene 2 failed to import or was deleted. Replace it."),
			v(20, 200, ValidationKeyAssetImporting, "The media of slide 1 of scene 2 is still importing. Wait for it to finish."),
		}},
		{"media file missing from storage", func(in *ValidationInput) { in.Scenes[0].Slides[1].Media = media(MediaKindMedia, MediaStateFileMissing) },
			[]Validation{v(10, 101, ValidationKeyAssetBroken, "The media file of slide 2 of scene 1 is missing from storage. Replace it.")}},
		{"a failed import and a missing file of one slide, once", func(in *ValidationInput) {
			in.Scenes[0].Slides[1].Media = []ValidationMedia{
				{AssetID: 1, Kind: MediaKindMedia, State: MediaStateFileMissing}, {AssetID: 2, Kind: MediaKindMedia, State: MediaStateError},
			}
		}, []Validation{v(10, 101, ValidationKeyAssetBroken, "The media of slide 2 of scene 1 failed to import or was deleted. Replace it.")}},
		{"narration file missing from storage", func(in *ValidationInput) { in.Scenes[1].Slides[2].NarrationFileMissing = true },
			[]Validation{v(20, 202, ValidationKeyAssetBroken, "The narration of slide 3 of scene 2 is missing from storage. Generate the scene's audio again.")}},
		{"a scene awaiting audio is not checked for narration files", func(in *ValidationInput) {
			in.Scenes[1].NeedsAudio = true
			in.Scenes[1].Slides[2].NarrationFileMissing = true
		}, nil},
		{"voiceover missing", func(in *ValidationInput) {
			in.IsVoiceover, in.VoiceoverMissing = true, true
			in.Scenes[0].Slides[0].Media = nil
		}, []Validation{
			v(0, 0, ValidationKeyAssetBroken, "The uploaded voiceover of this video is missing from storage. Create the video again from the recording."),
			v(10, 100, ValidationKeySlideMissingMedia, "Slide 1 of scene 1 has no media."),
		}},
		{"stored insert clips and music are fine", func(in *ValidationInput) {
			in.Inserts = []ValidationInsert{{Type: "Intro"}, {Type: "Outro"}}
			in.Music = []ValidationMusic{{Order: 1, Name: "river.mp3"}}
		}, nil},
		{"insert clip files missing from storage", func(in *ValidationInput) {
			in.Inserts = []ValidationInsert{{Type: "Intro", FileMissing: true}, {Type: "Outro"}, {Type: "Scene prepend", FileMissing: true}}
		}, []Validation{
			v(0, 0, ValidationKeyAssetBroken, "The intro clip is missing from storage. Remove it or choose another."),
			v(0, 0, ValidationKeyAssetBroken, "The scene prepend clip is missing from storage. Remove it or choose another."),
		}},
		{"music files missing from storage, named when known", func(in *ValidationInput) {
			in.Music = []ValidationMusic{{Order: 1, Name: "river.mp3"}, {Order: 2, Name: "rain.mp3", FileMissing: true}, {Order: 3, FileMissing: true}}
		}, []Validation{
			v(0, 0, ValidationKeyAssetBroken, `Soundtrack item 2 ("rain.mp3") is missing from storage. Remove it or choose another.`),
			v(0, 0, ValidationKeyAssetBroken, "Soundtrack item 3 is missing from storage. Remove it or choose another."),
		}},
		{"order: voiceover, inserts, music, then scenes", func(in *ValidationInput) {
			in.IsVoiceover, in.VoiceoverMissing = true, true
			in.Music = []ValidationMusic{{Order: 1, Name: "river.mp3", FileMissing: true}}
			in.Inserts = []ValidationInsert{{Type: "Outro", FileMissing: true}}
			in.Scenes[0].Slides[0].Media = nil
		}, []Validation{
			v(0, 0, ValidationKeyAssetBroken, "The uploaded voiceover of this video is missing from storage. Create the video again from the recording."),
			v(0, 0, ValidationKeyAssetBroken, "The outro clip is missing from storage. Remove it or choose another."),
			v(0, 0, ValidationKeyAssetBroken, `Soundtrack item 1 ("river.mp3") is missing from storage. Remove it or choose another.`),
			v(10, 100, ValidationKeySlideMissingMedia, "Slide 1 of scene 1 has no media."),
		}},
		{"slide with text but no narration", func(in *ValidationInput) { in.Scenes[1].Slides[1].HasNarration = false },
			[]Validation{v(20, 201, ValidationKeySceneMissingNarration, "Slide 2 of scene 2 has no narration. Generate the scene's audio.")}},
		{"zero-length narration", func(in *ValidationInput) { in.Scenes[1].Slides[1].NarrationMs = 0 },
			[]Validation{v(20, 201, ValidationKeySceneMissingNarration, "Slide 2 of scene 2 has no narration. Generate the scene's audio.")}},
		{"a slide without text needs no narration", func(in *ValidationInput) {
			sl := &in.Scenes[1].Slides[1]
			sl.Text, sl.HasNarration, sl.NarrationMs = " \n", false, 0
		}, nil},
		{"voiceover videos need no slide narration", func(in *ValidationInput) {
			in.IsVoiceover = true
			in.Scenes[1].Slides[1].HasNarration = false
		}, nil},
		{"a scene awaiting audio is not checked for narration", func(in *ValidationInput) {
			in.Scenes[1].NeedsAudio = true
			in.Scenes[1].Slides[1].HasNarration = false
		}, nil},
		{"subtitle starts before the video", func(in *ValidationInput) { in.Subtitles[0].StartMs = -1 },
			[]Validation{v(10, 100, ValidationKeySubtitleOutOfRange, "Subtitle 1 starts before the video.")}},
		{"subtitle of zero length", func(in *ValidationInput) { in.Subtitles[1].EndMs = in.Subtitles[1].StartMs },
			[]Validation{v(20, 202, ValidationKeySubtitleOutOfRange, "Subtitle 2 does not end after it starts.")}},
		{"subtitle ending before it starts", func(in *ValidationInput) { in.Subtitles[1].EndMs = 10 },
			[]Validation{v(20, 202, ValidationKeySubtitleOutOfRange, "Subtitle 2 does not end after it starts.")}},
		{"subtitle ends after the video", func(in *ValidationInput) { in.Subtitles[1].EndMs = 10_001 },
			[]Validation{v(20, 202, ValidationKeySubtitleOutOfRange, "Subtitle 2 ends after the video.")}},
		{"unknown duration: no end check", func(in *ValidationInput) { in.DurationMs = 0; in.Subtitles[1].EndMs = 99_000 }, nil},
		{"order: scenes, slides, then subtitles, whatever the input order", func(in *ValidationInput) {
			in.Scenes[0], in.Scenes[1] = in.Scenes[1], in.Scenes[0]
			sl := in.Scenes[0].Slides // scene 2
			sl[0], sl[2] = sl[2], sl[0]
			in.Subtitles[0].StartMs = -5
			sl[0].Media = nil                  // slide 3 of scene 2
			sl[2].HasNarration = false         // slide 1 of scene 2
			in.Scenes[1].Slides[1].Media = nil // slide 2 of scene 1
			in.Scenes[1].Slides[1].HasNarration = false
		}, []Validation{
			v(10, 101, ValidationKeySlideMissingMedia, "Slide 2 of scene 1 has no media."),
			v(10, 101, ValidationKeySceneMissingNarration, "Slide 2 of scene 1 has no narration. Generate the scene's audio."),
			v(20, 200, ValidationKeySceneMissingNarration, "Slide 1 of scene 2 has no narration. Generate the scene's audio."),
			v(20, 202, ValidationKeySlideMissingMedia, "Slide 3 of scene 2 has no media."),
			v(10, 100, ValidationKeySubtitleOutOfRange, "Subtitle 1 starts before the video."),
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := video()
			c.change(&in)
			if got := ValidateVideo(in); !reflect.DeepEqual(got, c.want) {
				t.Errorf("ValidateVideo =\n%+v\nwant\n%+v", got, c.want)
			}
		})
	}
}

func TestValidateVideoKeepsInputOrder(t *testing.T) {
	in := ValidationInput{Scenes: []ValidationScene{{Index: 2}, {Index: 1}}}
	ValidateVideo(in)
	if in.Scenes[0].Index != 2 {
		t.Error("ValidateVideo reordered its input")
	}
}

func TestValidationJSON(t *testing.T) {
	b, err := json.Marshal(Validation{VideoID: 1, SceneID: 2, LayerID: 3, ErrorMessage: "m", ErrorMessageKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"videoId":1,"sceneId":2,"layerId":3,"errorMessage":"m","errorMessageKey":"k"}`; string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
}
