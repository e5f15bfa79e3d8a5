package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"pagecast/api"
	"pagecast/blob"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/captcha"
	"pagecast/providers/tts"
	"pagecast/store/storetest"
)

// fakeVoiceProvider speaks ElevenLabs' voice API as documented: POST /v1/voices/add
// (xi-api-key header; multipart name and files) answering {"voice_id"}, and
// DELETE /v1/voices/{voice_id}. fail makes every call answer that status.
type fakeVoiceProvider struct {
	mu      sync.Mutex
	adds    int
	deletes []string
	names   []string
	files   map[string][]byte // file name -> content of the last add
	fail    int
}

func (f *fakeVoiceProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if r.Header.Get("xi-api-key") != "xi-test" {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}`))
		return
	}
	if f.fail != 0 {
		w.WriteHeader(f.fail)
		_, _ = w.Write([]byte(`{"detail":{"status":"failed","message":"provider says no"}}`))
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/voices/add":
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			w.WriteHeader(http.StatusUnprocessableEntity)
			return
		}
		f.adds++
		f.names = append(f.names, r.FormValue("name"))
		f.files = map[string][]byte{}
		for _, fh := range r.MultipartForm.File["files"] {
			file, _ := fh.Open()
			b, _ := io.ReadAll(file)
			f.files[fh.Filename] = b
		}
		fmt.Fprintf(w, `{"voice_id":"el%04d","requires_verification":false}`, f.adds)
	case r.Method == http.MethodDelete && strings.HasPrefix(r.URL.Path, "/v1/voices/"):
		f.deletes = append(f.deletes, strings.TrimPrefix(r.URL.Path, "/v1/voices/"))
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	default:
		http.NotFound(w, r)
	}
}

func (f *fakeVoiceProvider) calls() (adds, deletes int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.adds, len(f.deletes)
}

// countingSpeaker counts the samples spoken.
type countingSpeaker struct {
	api.VoiceSpeaker
	n atomic.Int32
}

func (c *countingSpeaker) Synthesize(ctx context.Context, req tts.Request) (tts.Result, error) {
	c.n.Add(1)
	return c.VoiceSpeaker.Synthesize(ctx, req)
}

// voiceEnv is the API with voices over one database, espeak-ng, an in-memory S3 (the
// gofakes3 server embedded.StartS3 runs, without linking the Temporal server) and,
// when cloning is on, a fake ElevenLabs.
type voiceEnv struct {
	*env
	backend  *s3mem.Backend
	objects  *blob.Store
	speaker  *countingSpeaker
	provider *fakeVoiceProvider
}

func needEspeak(t *testing.T) *tts.Espeak {
	t.Helper()
	if _, err := exec.LookPath("espeak-ng"); err != nil {
		t.Skip("espeak-ng is not on PATH; install it (Debian: apt-get install espeak-ng) to run this test")
	}
	e, err := tts.NewEspeak("")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func newVoiceEnv(t *testing.T, db storetest.DB, cloning, voiceDeps bool) *voiceEnv {
	t.Helper()
	espeak := needEspeak(t)
	if _, err := api.SeedLocalVoices(t.Context(), db.Store, espeak); err != nil {
		t.Fatal(err)
	}
	backend := s3mem.New()
	if err := backend.CreateBucket("pagecast"); err != nil {
		t.Fatal(err)
	}
	s3srv := httptest.NewServer(gofakes3.New(backend, gofakes3.WithoutVersioning()).Server())
	t.Cleanup(s3srv.Close)
	cfg := testConfig(t)
	objects, err := blob.New(t.Context(), blob.Config{Endpoint: s3srv.URL, Region: "us-east-1", Bucket: "pagecast",
		AccessKeyID: "k", SecretAccessKey: "s", UsePathStyle: true, PresignTTL: cfg.S3.PresignTTL})
	if err != nil {
		t.Fatal(err)
	}
	ve := &voiceEnv{backend: backend, objects: objects, speaker: &countingSpeaker{VoiceSpeaker: espeak}}
	var deps *api.VoiceDeps
	if voiceDeps {
		deps = &api.VoiceDeps{Objects: objects, Speaker: ve.speaker, SpoolDir: t.TempDir()}
	}
	if cloning {
		ve.provider = &fakeVoiceProvider{}
		psrv := httptest.NewServer(ve.provider)
		t.Cleanup(psrv.Close)
		el, err := tts.NewElevenLabs(tts.ElevenLabsConfig{BaseURL: psrv.URL, APIKey: "xi-test"})
		if err != nil {
			t.Fatal(err)
		}
		deps.Cloner = el
	}
	wf := &recordedWorkflows{}
	s, err := api.New(api.Deps{
		Config: cfg, Store: db.Store, Workflows: wf, Captcha: captcha.Off{},
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		PasswordParams: domain.PasswordParams{Memory: 1024, Time: 1, Threads: 1},
		Voices:         deps,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	ve.env = &env{t: t, store: db.Store, srv: srv, wf: wf, http: newBrowser(t)}
	return ve
}

// voiceID finds a catalogue voice by its espeak-ng name.
func (e *voiceEnv) voiceID(providerVoiceID string) int64 {
	e.t.Helper()
	var v models.Voice
	if err := e.store.DB().Where("provider_voice_id = ?", providerVoiceID).Take(&v).Error; err != nil {
		e.t.Fatalf("voice %s: %v", providerVoiceID, err)
	}
	return v.ID
}

// objectKeys lists the keys in the bucket.
func (e *voiceEnv) objectKeys() []string {
	e.t.Helper()
	list, err := e.backend.ListBucket("pagecast", nil, gofakes3.ListBucketPage{})
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, c := range list.Contents {
		out = append(out, c.Key)
	}
	sort.Strings(out)
	return out
}

func (e *voiceEnv) clonedRows() int64 {
	var n int64
	if err := e.store.DB().Model(&models.Voice{}).Where("cloned = ?", true).Count(&n).Error; err != nil {
		e.t.Fatal(err)
	}
	return n
}

// addClone stores a cloned voice for pub directly, without the provider.
func (e *voiceEnv) addClone(pub int64, name string) models.Voice {
	e.t.Helper()
	v := models.Voice{Name: name, Provider: models.VoiceProviderElevenLabs, ProviderVoiceID: "direct-" + name, PublisherID: &pub}
	if err := e.store.CreateClonedVoice(e.t.Context(), &v, domain.MaxClonedVoices); err != nil {
		e.t.Fatal(err)
	}
	return v
}

func (r response) voices() []map[string]any {
	raw, _ := r.data()["voices"].([]any)
	out := make([]map[string]any, len(raw))
	for i, v := range raw {
		out[i], _ = v.(map[string]any)
	}
	return out
}

func voiceNames(vs []map[string]any) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i], _ = v["voiceProviderVoiceId"].(string)
	}
	return out
}

// tagIDs reads the voice tag group: category name -> tag -> id, with counts.
func tagIDs(t *testing.T, r response) (ids map[string]map[string]int64, counts, recommended map[int64]int64) {
	t.Helper()
	ids, counts, recommended = map[string]map[string]int64{}, map[int64]int64{}, map[int64]int64{}
	groups := r.list()
	if r.Status != 200 || len(groups) != 1 || num(groups[0]["tagGroupId"]) != 5 {
		t.Fatalf("tag groups = %d %v", r.Status, r.Body)
	}
	for _, c := range groups[0]["categories"].([]any) {
		cat := c.(map[string]any)
		name := cat["name"].(string)
		ids[name] = map[string]int64{}
		for _, tg := range cat["tags"].([]any) {
			m := tg.(map[string]any)
			id := num(m["tagId"])
			ids[name][m["tag"].(string)] = id
			counts[id], recommended[id] = num(m["count"]), num(m["recommendedCount"])
		}
	}
	return ids, counts, recommended
}

func TestVoiceList(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVoiceEnv(t, db, false, true)
		ann, annID := e.signUp("ann@example.com")
		_, boID := e.signUp("bo@example.com")
		annClone := e.addClone(annID, "Ann reads")
		e.addClone(boID, "Bo reads")
		// A hidden and a deleted catalogue voice are never listed.
		if err := e.store.DB().Model(&models.Voice{}).Where("id = ?", e.voiceID("cy")).Update("is_public", false).Error; err != nil {
			t.Fatal(err)
		}
		if err := e.store.DB().Model(&models.Voice{}).Where("id = ?", e.voiceID("cy+f3")).Update("deleted_at", time.Now().UTC()).Error; err != nil {
			t.Fatal(err)
		}
		var catalogue int64
		e.store.DB().Model(&models.Voice{}).Where("cloned = ?", false).Count(&catalogue)
		visibleCatalogue := int(catalogue) - 2

		// The default is the recommended voices: English (US, GB), French, German, Spanish
		// and Italian, male and female, 1000 per page.
		r := e.do(ann, "GET", "/api/v2/voice", nil, false)
		d := r.data()
		if r.Status != 200 || num(d["total"]) != 12 || num(d["page"]) != 1 || num(d["pageSize"]) != 1000 || len(r.voices()) != 12 {
			t.Fatalf("default list = %d %v", r.Status, r.Body)
		}
		wantRec := []string{"en-us+f3", "en-us", "en-gb+f3", "en-gb", "fr-fr+f3", "fr-fr", "de+f3", "de", "it+f3", "it", "es+f3", "es"}
		if got := voiceNames(r.voices()); strings.Join(got, " ") != strings.Join(wantRec, " ") {
			t.Fatalf("recommended = %v", got)
		}
		v := r.voices()[0]
		tags := v["tags"].([]any)
		if v["name"] != "English (America) – Female" || v["gender"] != "female" || v["languageCode"] != "en-US" ||
			v["isRecommended"] != true || v["isPublic"] != true || v["cloned"] != false || v["deletedAt"] != nil ||
			num(v["voiceProviderId"]) != 4 || len(tags) != 3 ||
			v["audioSampleURL"] != "/api/v2/voice/"+strconv.FormatInt(num(v["voiceId"]), 10)+"/sample" {
			t.Fatalf("voice = %v", v)
		}

		groups := e.do(ann, "GET", "/api/v2/tag/group", nil, false)
		ids, counts, recCounts := tagIDs(t, groups)
		cats := groups.list()[0]["categories"].([]any)
		var catNames []string
		for _, c := range cats {
			m := c.(map[string]any)
			catNames = append(catNames, fmt.Sprintf("%v:%v:%v", m["tagCategoryId"], m["name"], m["maxTagsPerEntity"]))
		}
		if strings.Join(catNames, " ") != "20:Gender:1 21:Age:1 22:Accent:1 23:Use case:3 24:Language:1" {
			t.Fatalf("categories = %v", catNames)
		}
		female, english, welsh := ids["Gender"]["Female"], ids["Language"]["English"], ids["Language"]["Welsh"]
		if female == 0 || english == 0 || welsh != 0 || ids["Accent"]["Great Britain"] == 0 || len(ids["Age"]) != 0 {
			t.Fatalf("tags = %v", ids)
		}
		if counts[female] != int64(visibleCatalogue/2) || recCounts[female] != 6 || recCounts[english] != 4 {
			t.Fatalf("female %d (%d recommended), english %d recommended; %d visible", counts[female], recCounts[female], recCounts[english], visibleCatalogue)
		}

		tests := []struct {
			name  string
			query string
			total int
			want  []string // the first voices, by espeak-ng name or clone name
		}{
			{"everything visible: ann's clone first", "?recommendedOnly=false", visibleCatalogue + 1, []string{annClone.ProviderVoiceID}},
			{"both tags must match", fmt.Sprintf("?tags=%d&tags=%d", female, english), 2, []string{"en-us+f3", "en-gb+f3"}},
			{"comma-separated tags", fmt.Sprintf("?tags=%d,%d&recommendedOnly=false", female, ids["Accent"]["Great Britain"]), 1, []string{"en-gb+f3"}},
			{"search ignores case", "?search=FRENCH%20(fr&recommendedOnly=false", 2, []string{"fr-fr+f3", "fr-fr"}},
			{"search within recommended", "?search=female&tags=" + strconv.FormatInt(english, 10), 2, []string{"en-us+f3", "en-gb+f3"}},
			{"search without a match", "?search=klingon%20opera", 0, nil},
			{"own clones only", "?cloned=true", 1, []string{annClone.ProviderVoiceID}},
			{"own clones are not recommended", "?cloned=true&recommendedOnly=true", 0, nil},
			{"a page", "?recommendedOnly=false&page=2&pageSize=3", visibleCatalogue + 1, nil},
			{"past the end", "?page=3&pageSize=6", 12, nil},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := e.do(ann, "GET", "/api/v2/voice"+tt.query, nil, false)
				if r.Status != 200 || num(r.data()["total"]) != int64(tt.total) {
					t.Fatalf("%s = %d total %v: %v", tt.query, r.Status, r.data()["total"], voiceNames(r.voices()))
				}
				got := voiceNames(r.voices())
				if len(got) < len(tt.want) || strings.Join(got[:len(tt.want)], " ") != strings.Join(tt.want, " ") {
					t.Fatalf("%s = %v, want %v first", tt.query, got, tt.want)
				}
				for _, name := range got {
					if name == "cy" || name == "cy+f3" || name == "direct-Bo reads" {
						t.Fatalf("%s lists %s", tt.query, name)
					}
				}
			})
		}
		if r := e.do(ann, "GET", "/api/v2/voice?recommendedOnly=false&page=2&pageSize=3", nil, false); len(r.voices()) != 3 {
			t.Fatalf("page of 3 = %d voices", len(r.voices()))
		}
		if r := e.do(ann, "GET", "/api/v2/voice?pageSize=5000", nil, false); num(r.data()["pageSize"]) != 1000 {
			t.Fatalf("pageSize 5000 = %v", r.data()["pageSize"])
		}
		for q, field := range map[string]string{"?recommendedOnly=maybe": "recommendedOnly", "?tags=abc": "tags", "?tags=0": "tags",
			"?page=0": "page", "?pageSize=x": "pageSize", "?cloned=yes": "cloned", "?search=" + strings.Repeat("a", 201): "search"} {
			if r := e.do(ann, "GET", "/api/v2/voice"+q, nil, false); r.Status != 400 || r.fields()[field] == "" {
				t.Errorf("%s = %d %v", q, r.Status, r.Body)
			}
		}
		if r := e.do(newBrowser(t), "GET", "/api/v2/voice", nil, false); r.Status != 401 {
			t.Fatalf("anonymous = %d", r.Status)
		}
		if r := e.do(newBrowser(t), "GET", "/api/v2/tag/group", nil, false); r.Status != 401 {
			t.Fatalf("anonymous tag groups = %d", r.Status)
		}
	})
}

// getRedirect asks for a sample and returns where it redirects to.
func (e *voiceEnv) getRedirect(c *http.Client, path string) (int, string, http.Header) {
	e.t.Helper()
	resp, err := c.Get(e.srv.URL + path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Location"), resp.Header
}

func fetch(t *testing.T, u string) []byte {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s = %d %s", u, resp.StatusCode, b)
	}
	return b
}

func TestVoiceSample(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVoiceEnv(t, db, false, true)
		ann, annID := e.signUp("ann@example.com")
		_, boID := e.signUp("bo@example.com")
		en := e.voiceID("en-us+f3")
		path := "/api/v2/voice/" + strconv.FormatInt(en, 10) + "/sample"

		// The first request speaks the sample with espeak-ng into the object store.
		status, loc, h := e.getRedirect(ann, path)
		if status != 302 || !strings.Contains(loc, "voices/"+strconv.FormatInt(en, 10)+"/sample.wav") ||
			!strings.Contains(loc, "X-Amz-Signature=") || !strings.Contains(h.Get("Cache-Control"), "max-age=") {
			t.Fatalf("sample = %d %q %v", status, loc, h)
		}
		wav := fetch(t, loc)
		p, err := tts.DecodeWAV(wav)
		if err != nil || p.DurationMs() < 1000 || p.DurationMs() > 10000 {
			t.Fatalf("sample audio: %v, %d ms", err, p.DurationMs())
		}
		// Later requests only redirect.
		if status, loc2, _ := e.getRedirect(ann, path); status != 302 || !strings.Contains(loc2, "sample.wav") {
			t.Fatalf("second sample = %d %q", status, loc2)
		}
		if n := e.speaker.n.Load(); n != 1 {
			t.Fatalf("spoken %d times", n)
		}
		v, _ := e.store.Voice(t.Context(), en)
		if v.SampleKey != models.VoiceSampleKey(en) {
			t.Fatalf("sample key = %q", v.SampleKey)
		}

		// A burst of first requests speaks once and every caller gets the same object.
		fr := "/api/v2/voice/" + strconv.FormatInt(e.voiceID("fr-fr"), 10) + "/sample"
		var wg sync.WaitGroup
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := ann.Get(e.srv.URL + fr)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				if resp.StatusCode != 302 {
					t.Errorf("concurrent sample = %d", resp.StatusCode)
				}
			}()
		}
		wg.Wait()
		if n := e.speaker.n.Load(); n != 2 {
			t.Fatalf("spoken %d times after the burst", n)
		}
		if keys := e.objectKeys(); len(keys) != 2 {
			t.Fatalf("objects = %v", keys)
		}

		// A cloned voice's sample is its first recording, for its owner only.
		annClone := e.addClone(annID, "Ann reads")
		boClone := e.addClone(boID, "Bo reads")
		key := models.VoiceRecordingKey(annClone.ID, 1, ".wav")
		if err := e.objects.Put(t.Context(), key, bytes.NewReader(wav), int64(len(wav)), "audio/wav"); err != nil {
			t.Fatal(err)
		}
		if err := e.store.SetVoiceSample(t.Context(), annClone.ID, key); err != nil {
			t.Fatal(err)
		}
		if status, loc, _ := e.getRedirect(ann, "/api/v2/voice/"+strconv.FormatInt(annClone.ID, 10)+"/sample"); status != 302 ||
			!bytes.Equal(fetch(t, loc), wav) {
			t.Fatalf("clone sample = %d %q", status, loc)
		}
		for _, tt := range []struct {
			path   string
			status int
			code   string
		}{
			{"/api/v2/voice/" + strconv.FormatInt(boClone.ID, 10) + "/sample", 404, "voice_not_found"},
			{"/api/v2/voice/999999/sample", 404, "voice_not_found"},
			{"/api/v2/voice/abc/sample", 400, "invalid_voice_id"},
		} {
			if r := e.do(ann, "GET", tt.path, nil, false); r.Status != tt.status || r.code() != tt.code {
				t.Errorf("%s = %d %v", tt.path, r.Status, r.Body)
			}
		}
		// A clone whose recording never got stored has no sample.
		bare := e.addClone(annID, "No recording")
		if r := e.do(ann, "GET", "/api/v2/voice/"+strconv.FormatInt(bare.ID, 10)+"/sample", nil, false); r.Status != 404 || r.code() != "voice_sample_not_found" {
			t.Fatalf("bare clone sample = %d %v", r.Status, r.Body)
		}
		if r := e.do(newBrowser(t), "GET", path, nil, false); r.Status != 401 {
			t.Fatalf("anonymous sample = %d", r.Status)
		}
	})

	// Without the voice dependencies samples are unavailable but the list works.
	e := newVoiceEnv(t, storetest.SQLite(t), false, false)
	c, _ := e.signUp("cy@example.com")
	if r := e.do(c, "GET", "/api/v2/voice/"+strconv.FormatInt(e.voiceID("en-us"), 10)+"/sample", nil, false); r.Status != 503 || r.code() != "voice_samples_unavailable" {
		t.Fatalf("sample without deps = %d %v", r.Status, r.Body)
	}
	if r := e.do(c, "GET", "/api/v2/voice", nil, false); r.Status != 200 || num(r.data()["total"]) != 12 {
		t.Fatalf("list without deps = %d %v", r.Status, r.Body)
	}
}

// upload is one file of a clone request.
type upload struct {
	name    string
	content []byte
}

// cloneRequest sends PUT /api/v2/voice/clone with name (omitted when nil) and files.
func (e *voiceEnv) cloneRequest(c *http.Client, name *string, files ...upload) response {
	e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="files"; filename=%q`, f.name))
		h.Set("Content-Type", "application/octet-stream")
		w, _ := mw.CreatePart(h)
		_, _ = w.Write(f.content)
	}
	if name != nil { // after the files, as a form may send it
		_ = mw.WriteField("name", *name)
	}
	_ = mw.Close()
	req, _ := http.NewRequest("PUT", e.srv.URL+"/api/v2/voice/clone", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set(api.CSRFHeader, e.csrfToken(c))
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

func str(s string) *string { return &s }

// Recordings whose first bytes are what they claim.
var (
	wavTake = tts.EncodeWAV(tts.PCM{SampleRate: 16000, Channels: 1, Data: bytes.Repeat([]byte{1, 2}, 8000)})
	mp3Take = append([]byte("ID3\x04\x00\x00\x00\x00\x00\x00\xff\xfb\x90\x00"), bytes.Repeat([]byte{0x55}, 4000)...)
	exeTake = append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), bytes.Repeat([]byte{0}, 4000)...)
)

func TestCloneVoice(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newVoiceEnv(t, db, true, true)
		ann, _ := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		features, _ := e.do(ann, "GET", "/api/v2/user", nil, false).data()["featuresEnabled"].([]any)
		if len(features) != 1 || features[0] != api.FeatureVoiceCloning {
			t.Fatalf("featuresEnabled = %v", features)
		}

		// Every bad request is refused with the spec's message before anything is stored
		// or sent to the provider.
		eleven := make([]upload, 11)
		for i := range eleven {
			eleven[i] = upload{fmt.Sprintf("take%d.wav", i), wavTake}
		}
		bad := []struct {
			name   string
			voice  *string
			files  []upload
			status int
			code   string
			msg    string
		}{
			{"eleven files", str("Narrator"), eleven, 400, "too_many_files", "You can only upload 10 files at a time."},
			{"an 11 MB file", str("Narrator"), []upload{{"long.wav", append(append([]byte{}, wavTake...), make([]byte, 11_000_000)...)}}, 413, "file_too_large",
				"File size is too large. Please upload a file less than 10MB."},
			{"a program renamed .mp3", str("Narrator"), []upload{{"song.mp3", exeTake}}, 415, "file_type_not_allowed", `"song.mp3" is not a real mp3 audio file.`},
			{"a wav renamed .mp3", str("Narrator"), []upload{{"take.mp3", wavTake}}, 415, "file_type_not_allowed", `"take.mp3" is not a real mp3 audio file.`},
			{"a program", str("Narrator"), []upload{{"setup.exe", exeTake}}, 415, "file_type_not_allowed", domain.MsgCloneFileType},
			{"an empty name", str("  "), []upload{{"take.wav", wavTake}}, 400, "validation_failed", domain.MsgCloneNameRequired},
			{"no name", nil, []upload{{"take.wav", wavTake}}, 400, "validation_failed", domain.MsgCloneNameRequired},
			{"no file", str("Narrator"), nil, 400, "validation_failed", domain.MsgCloneFileRequired},
			{"an empty file", str("Narrator"), []upload{{"take.wav", nil}}, 415, "file_type_not_allowed", `"take.wav" is not a real wav audio file.`},
		}
		for _, tt := range bad {
			t.Run(tt.name, func(t *testing.T) {
				r := e.cloneRequest(ann, tt.voice, tt.files...)
				if r.Status != tt.status || r.code() != tt.code || r.message() != tt.msg {
					t.Fatalf("got %d %q %q, want %d %q %q", r.Status, r.code(), r.message(), tt.status, tt.code, tt.msg)
				}
				if adds, _ := e.provider.calls(); adds != 0 || e.clonedRows() != 0 || len(e.objectKeys()) != 0 {
					t.Fatalf("stored or sent: %d provider calls, %d rows, objects %v", adds, e.clonedRows(), e.objectKeys())
				}
			})
		}
		if r := e.do(ann, "PUT", "/api/v2/voice/clone", map[string]any{"name": "x"}, true); r.Status != 400 || r.code() != "invalid_clone_request" {
			t.Fatalf("JSON clone = %d %v", r.Status, r.Body)
		}

		// A clone: the provider gets the name and files, the recordings are kept and the
		// first is the sample.
		r := e.cloneRequest(ann, str("  My   narrator "), upload{"take 1.wav", wavTake}, upload{`C:\voice\take2.MP3`, mp3Take})
		d := r.data()
		if r.Status != 201 || d["name"] != "My narrator" || d["cloned"] != true || num(d["voiceProviderId"]) != 2 ||
			d["voiceProviderVoiceId"] != "el0001" || d["isPublic"] != false || d["isRecommended"] != false || d["deletedAt"] != nil {
			t.Fatalf("clone = %d %v", r.Status, r.Body)
		}
		id := num(d["voiceId"])
		if e.provider.names[0] != "My narrator" || !bytes.Equal(e.provider.files["take 1.wav"], wavTake) || !bytes.Equal(e.provider.files["take2.MP3"], mp3Take) {
			t.Fatalf("provider got %v %v", e.provider.names, len(e.provider.files))
		}
		prefix := "voices/" + strconv.FormatInt(id, 10) + "/samples/"
		if keys := e.objectKeys(); strings.Join(keys, " ") != prefix+"01.wav "+prefix+"02.mp3" {
			t.Fatalf("objects = %v", keys)
		}
		status, loc, _ := e.getRedirect(ann, d["audioSampleURL"].(string))
		if status != 302 || !bytes.Equal(fetch(t, loc), wavTake) {
			t.Fatalf("clone sample = %d %s", status, loc)
		}
		if got := voiceNames(e.do(ann, "GET", "/api/v2/voice?cloned=true", nil, false).voices()); len(got) != 1 || got[0] != "el0001" {
			t.Fatalf("ann's clones = %v", got)
		}
		if got := e.do(bo, "GET", "/api/v2/voice?cloned=true", nil, false).voices(); len(got) != 0 {
			t.Fatalf("bo sees %v", voiceNames(got))
		}

		// Ten files are fine; a third clone is not.
		ten := eleven[:10]
		if r := e.cloneRequest(ann, str("Second"), ten...); r.Status != 201 {
			t.Fatalf("ten files = %d %v", r.Status, r.Body)
		}
		keysBefore := e.objectKeys()
		r = e.cloneRequest(ann, str("Third"), upload{"take.wav", wavTake})
		if r.Status != 409 || r.code() != "clone_limit_reached" || r.message() != domain.MsgCloneLimitReached {
			t.Fatalf("third clone = %d %v", r.Status, r.Body)
		}
		if adds, _ := e.provider.calls(); adds != 2 || e.clonedRows() != 2 || len(e.objectKeys()) != len(keysBefore) {
			t.Fatalf("after the refused third clone: %d adds, %d rows, %d objects", adds, e.clonedRows(), len(e.objectKeys()))
		}

		// Provider failures leave nothing behind.
		e.provider.mu.Lock()
		e.provider.fail = http.StatusServiceUnavailable
		e.provider.mu.Unlock()
		if r := e.cloneRequest(bo, str("Bo"), upload{"take.wav", wavTake}); r.Status != 502 || r.code() != "voice_provider_unavailable" {
			t.Fatalf("provider down = %d %v", r.Status, r.Body)
		}
		e.provider.mu.Lock()
		e.provider.fail = http.StatusBadRequest
		e.provider.mu.Unlock()
		if r := e.cloneRequest(bo, str("Bo"), upload{"take.wav", wavTake}); r.Status != 422 || r.code() != "voice_provider_rejected" {
			t.Fatalf("provider refuses = %d %v", r.Status, r.Body)
		}
		e.provider.mu.Lock()
		e.provider.fail = 0
		e.provider.mu.Unlock()
		if e.clonedRows() != 2 || len(e.objectKeys()) != len(keysBefore) {
			t.Fatalf("failed clones stored %d rows, %d objects", e.clonedRows(), len(e.objectKeys()))
		}

		// Deleting: only the owner's cloned voices; the recordings stay.
		path := "/api/v2/voice/" + strconv.FormatInt(id, 10)
		if r := e.do(bo, "DELETE", path, nil, true); r.Status != 404 || r.code() != "voice_not_found" {
			t.Fatalf("bo deletes ann's voice = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", "/api/v2/voice/"+strconv.FormatInt(e.voiceID("en-us"), 10), nil, true); r.Status != 404 {
			t.Fatalf("delete a catalogue voice = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", path, nil, false); r.Status != 403 {
			t.Fatalf("delete without CSRF = %d", r.Status)
		}
		r = e.do(ann, "DELETE", path, nil, true)
		if r.Status != 200 || r.data()["deletedAt"] == nil || num(r.data()["voiceId"]) != id || r.data()["audioSampleURL"] != "" {
			t.Fatalf("delete = %d %v", r.Status, r.Body)
		}
		if e.provider.deletes[0] != "el0001" {
			t.Fatalf("provider deletes = %v", e.provider.deletes)
		}
		if v, _ := e.store.Voice(t.Context(), id); v.DeletedAt == nil || v.ProviderDeletedAt == nil {
			t.Fatalf("deleted voice = %+v", v)
		}
		if r := e.do(ann, "DELETE", path, nil, true); r.Status != 404 {
			t.Fatalf("delete twice = %d", r.Status)
		}
		if r := e.do(ann, "GET", path+"/sample", nil, false); r.Status != 404 {
			t.Fatalf("deleted voice sample = %d", r.Status)
		}
		if keys := e.objectKeys(); len(keys) != len(keysBefore) {
			t.Fatalf("recordings removed: %v", keys)
		}
		// The freed place takes a new clone; a provider failing to delete does not fail
		// the user's delete.
		r = e.cloneRequest(ann, str("Again"), upload{"take.ogg", append([]byte("OggS\x00\x02"), bytes.Repeat([]byte{0}, 100)...)})
		if r.Status != 201 {
			t.Fatalf("clone after delete = %d %v", r.Status, r.Body)
		}
		again := num(r.data()["voiceId"])
		e.provider.mu.Lock()
		e.provider.fail = http.StatusInternalServerError
		e.provider.mu.Unlock()
		if r := e.do(ann, "DELETE", "/api/v2/voice/"+strconv.FormatInt(again, 10), nil, true); r.Status != 200 {
			t.Fatalf("delete with the provider down = %d %v", r.Status, r.Body)
		}
		if v, _ := e.store.Voice(t.Context(), again); v.DeletedAt == nil || v.ProviderDeletedAt != nil {
			t.Fatalf("voice deleted with the provider down = %+v", v)
		}
	})
}

func TestCloneVoiceUnavailable(t *testing.T) {
	e := newVoiceEnv(t, storetest.SQLite(t), false, true)
	c, _ := e.signUp("ann@example.com")
	if f, _ := e.do(c, "GET", "/api/v2/user", nil, false).data()["featuresEnabled"].([]any); len(f) != 0 {
		t.Fatalf("featuresEnabled = %v", f)
	}
	r := e.cloneRequest(c, str("Narrator"), upload{"take.wav", wavTake})
	if r.Status != 501 || r.code() != "voice_cloning_unavailable" || r.message() != "Voice cloning needs a voice provider to be configured." {
		t.Fatalf("clone = %d %v", r.Status, r.Body)
	}
	if e.clonedRows() != 0 || len(e.objectKeys()) != 0 {
		t.Fatal("stored something")
	}
}
