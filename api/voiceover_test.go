package api_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"pagecast/api"
	"pagecast/config"
	"pagecast/models"
	"pagecast/store/storetest"
	"pagecast/workflows"
)

// The real starter builds voiceover videos.
var _ api.VoiceoverWorkflows = workflows.Starter{}

// CreateVoiceoverVideo records a voiceover video's start like CreateVideo.
func (r *recordedWorkflows) CreateVoiceoverVideo(ctx context.Context, publisherID, videoID, _ int64) error {
	return r.CreateVideo(ctx, publisherID, videoID, false)
}

// testWAV is half a second of 16-bit mono PCM at 8 kHz.
func testWAV() []byte {
	const rate, samples = 8000, 4000
	var b bytes.Buffer
	w := func(v any) { _ = binary.Write(&b, binary.LittleEndian, v) }
	b.WriteString("RIFF")
	w(uint32(36 + samples*2))
	b.WriteString("WAVEfmt ")
	w(uint32(16))
	w(uint16(1))
	w(uint16(1))
	w(uint32(rate))
	w(uint32(rate * 2))
	w(uint16(2))
	w(uint16(16))
	b.WriteString("data")
	w(uint32(samples * 2))
	for i := 0; i < samples; i++ {
		w(int16((i % 40) * 500))
	}
	return b.Bytes()
}

// m4aBytes starts like an MP4 audio file (ftyp brand M4A).
var m4aBytes = append([]byte("\x00\x00\x00\x20ftypM4A \x00\x00\x02\x00M4A mp42isom\x00\x00\x00\x08free"), bytes.Repeat([]byte{3}, 2000)...)

const voiceoverScript = "Solar panels turn sunlight into power for the home.\n\nThey pay for themselves within ten years, on most roofs. Then the power is free."

// postVoiceover posts the form fields and, unless fileName is "", the narration.
func (e *assetEnv) postVoiceover(c *http.Client, fields map[string]string, fileName string, content []byte, csrf bool) response {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	if fileName != "" {
		w, _ := mw.CreateFormFile(api.NarrationField, fileName)
		_, _ = w.Write(content)
	}
	mw.Close()
	req, _ := http.NewRequest("POST", e.srv.URL+"/api/v2/video/voiceover", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if csrf {
		req.Header.Set(api.CSRFHeader, e.csrfToken(c))
	}
	resp, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	out := response{Status: resp.StatusCode, Header: resp.Header}
	raw, _ := io.ReadAll(resp.Body)
	_ = json.Unmarshal(raw, &out.Body)
	return out
}

// liveAssets counts assets that are not deleted.
func (e *assetEnv) liveAssets() int64 {
	var n int64
	if err := e.store.DB().Model(&models.Asset{}).Where("deleted_at IS NULL").Count(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestVoiceoverVideoCreated(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, nil)
		ann, pub := e.signUp("ann@example.com")
		wav := testWAV()
		r := e.postVoiceover(ann, map[string]string{
			"name": "  Solar   basics ", "text": voiceoverScript, "keywords": `["solar","roofs"]`,
			"maxSentencesPerSlide": "1", "aspectRatio": "9:16", "hardcodeSubtitles": "true", "pauseAfterSlide": "1",
			"automatch": `{"enabled":true,"includeStockImages":false}`, "generateTaglines": "false",
		}, "My narration.wav", wav, true)
		if r.Status != 201 {
			t.Fatalf("create = %d %v", r.Status, r.Body)
		}
		id := num(r.data()["videoId"])
		if id == 0 || len(e.wf.videos) != 1 || e.wf.videos[0] != id {
			t.Fatalf("videoId %d, started %v", id, e.wf.videos)
		}
		var v models.Video
		if err := e.store.DB().Take(&v, id).Error; err != nil {
			t.Fatal(err)
		}
		if !v.IsVoiceover || v.VoiceoverAssetID == nil || v.PublisherID != pub || v.Name != "Solar basics" ||
			v.MaxSentencesPerSlide != 1 || v.AspectRatio != models.AspectVertical || !v.HardcodeSubtitles ||
			v.PauseAfterSlideMs != 1000 || strings.Join(v.Keywords, ",") != "solar,roofs" || v.Text != voiceoverScript ||
			v.BuildStage != models.BuildPopulatingData {
			t.Fatalf("video = %+v", v)
		}
		var a models.Asset
		if err := e.store.DB().Take(&a, *v.VoiceoverAssetID).Error; err != nil {
			t.Fatal(err)
		}
		if a.TypeID != models.AssetTypeIDAudio || a.State != models.AssetStatePending || a.VideoID == nil || *a.VideoID != id ||
			a.PublisherID != pub || a.Name != "My narration.wav" || a.ContentType != "audio/wav" || a.Size != int64(len(wav)) ||
			a.OriginalKey != models.AssetPrefix(pub, a.ID)+"original.wav" {
			t.Fatalf("narration asset = %+v", a)
		}
		rc, _, err := e.objects.Get(t.Context(), a.OriginalKey)
		if err != nil {
			t.Fatal(err)
		}
		stored, _ := io.ReadAll(rc)
		rc.Close()
		if !bytes.Equal(stored, wav) {
			t.Fatalf("stored %d bytes, want the upload's %d", len(stored), len(wav))
		}
		// CreateVideo imports the narration: the API starts no import of its own.
		if len(e.awf.imports) != 0 {
			t.Fatalf("imports started by the API: %v", e.awf.imports)
		}
		// The narration belongs to the video: it is not in the media library.
		if d := e.do(ann, "GET", "/api/v2/asset/page", nil, false).data(); num(d["totalItems"]) != 0 {
			t.Fatalf("library = %v", d)
		}

		// An .m4a is stored as MP4 audio, which the import accepts.
		r = e.postVoiceover(ann, map[string]string{"text": voiceoverScript}, "take2.M4A", m4aBytes, true)
		if r.Status != 201 {
			t.Fatalf("m4a = %d %v", r.Status, r.Body)
		}
		v, a = models.Video{}, models.Asset{}
		if err := e.store.DB().Take(&v, num(r.data()["videoId"])).Error; err != nil {
			t.Fatal(err)
		}
		if err := e.store.DB().Take(&a, *v.VoiceoverAssetID).Error; err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(a.OriginalKey, "/original.mp4") || a.ContentType != "audio/mp4" || v.Name != models.DefaultVideoName {
			t.Fatalf("m4a asset = %+v, video name %q", a, v.Name)
		}
	})
}

func TestVoiceoverVideoRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newAssetEnv(t, db, func(c *config.Config) { c.Assets.MaxUploadBytes = 1 << 20 })
		ann, _ := e.signUp("ann@example.com")
		wav := testWAV()
		exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), bytes.Repeat([]byte{0}, 500)...)
		ok := map[string]string{"text": voiceoverScript}
		with := func(k, v string) map[string]string { return map[string]string{"text": voiceoverScript, k: v} }
		cases := []struct {
			name     string
			fields   map[string]string
			file     string
			content  []byte
			csrf     bool
			status   int
			code     string
			message  string
			badField string
		}{
			{"no file", ok, "", nil, true, 400, "no_file", "No file provided", ""},
			{"empty file", ok, "n.wav", nil, true, 400, "no_file", "No file provided", ""},
			{"not audio by name", ok, "slide.png", pngBytes, true, 400, "file_type_not_allowed", "", ""},
			{"renamed program", ok, "voice.mp3", exe, true, 415, "file_type_not_allowed", "This file is not a supported image, video or audio file.", ""},
			{"picture named wav", ok, "voice.wav", pngBytes, true, 415, "file_type_not_allowed", "This file's content does not match its extension (.wav).", ""},
			{"too large", ok, "long.wav", append(wav, make([]byte, 1<<20)...), true, 413, "file_too_large", "File is too large. The maximum size is 1 MB.", ""},
			{"empty text", with("text", "  "), "n.wav", wav, true, 400, "validation_failed", "invalid text", "text"},
			{"unknown voice", with("voiceId", "999999"), "n.wav", wav, true, 400, "validation_failed", api.MsgUnknownVoice, "voiceId"},
			{"not a number", with("maxSentencesPerSlide", "two"), "n.wav", wav, true, 400, "validation_failed", "", "maxSentencesPerSlide"},
			{"bad keywords", with("keywords", `["a",`), "n.wav", wav, true, 400, "validation_failed", "", "keywords"},
			{"bad automatch", with("automatch", `[1]`), "n.wav", wav, true, 400, "validation_failed", "", "automatch"},
			{"no csrf", ok, "n.wav", wav, false, 403, "csrf_failed", "", ""},
		}
		for _, tc := range cases {
			r := e.postVoiceover(ann, tc.fields, tc.file, tc.content, tc.csrf)
			if r.Status != tc.status || r.code() != tc.code || tc.message != "" && r.message() != tc.message {
				t.Errorf("%s = %d %v", tc.name, r.Status, r.Body)
				continue
			}
			if tc.badField != "" && !strings.Contains(fieldsOf(r), tc.badField) {
				t.Errorf("%s: fields %v, want %s", tc.name, r.Body, tc.badField)
			}
		}
		if n := e.count(&models.Video{}); n != 0 || len(e.wf.videos) != 0 {
			t.Fatalf("%d videos left, started %v", n, e.wf.videos)
		}
		if n := e.count(&models.Asset{}); n != 0 {
			t.Fatalf("%d assets left", n)
		}

		// A build that cannot start leaves no video, and the stored narration is deleted
		// for the sweep.
		e.wf.failVideo = errors.New("temporal unreachable")
		r := e.postVoiceover(ann, ok, "n.wav", wav, true)
		if r.Status != 500 {
			t.Fatalf("failed start = %d %v", r.Status, r.Body)
		}
		if n := e.count(&models.Video{}); n != 0 {
			t.Fatalf("%d videos left after a failed start", n)
		}
		if n := e.liveAssets(); n != 0 {
			t.Fatalf("%d live assets left after a failed start", n)
		}
	})
}

// fieldsOf lists the field names of a validation error.
func fieldsOf(r response) string {
	e, _ := r.Body["error"].(map[string]any)
	fs, _ := e["fields"].([]any)
	var names []string
	for _, f := range fs {
		m, _ := f.(map[string]any)
		name, _ := m["field"].(string)
		names = append(names, name)
	}
	return strings.Join(names, ",")
}
