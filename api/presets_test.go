package api_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"pagecast/api"
	"pagecast/models"
	"pagecast/store/storetest"
)

// newPresetEnv is the API over one database with the public presets seeded.
func newPresetEnv(t *testing.T, db storetest.DB) *env {
	t.Helper()
	e := newEnv(t, db, nil)
	if _, err := api.SeedPublicPresets(t.Context(), db.Store); err != nil {
		t.Fatal(err)
	}
	return e
}

func setting(key, datatype string, value any) map[string]any {
	return map[string]any{"key": key, "datatype": datatype, "value": value}
}

func (r response) presets() []map[string]any {
	raw, _ := r.data()["presets"].([]any)
	out := make([]map[string]any, len(raw))
	for i, v := range raw {
		out[i], _ = v.(map[string]any)
	}
	return out
}

func presetNamesOf(ps []map[string]any) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i], _ = p["name"].(string)
	}
	return out
}

func TestPresetCreateGetListDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newPresetEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")

		if r := e.do(newBrowser(t), "GET", "/api/v2/presets/createvideo", nil, false); r.Status != 401 || r.code() != "unauthenticated" {
			t.Fatalf("anonymous list = %d %v", r.Status, r.Body)
		}

		// Everyone starts with the public presets, the default first.
		r := e.do(ann, "GET", "/api/v2/presets/createvideo", nil, false)
		if r.Status != 200 || num(r.data()["total"]) != 3 || num(r.data()["page"]) != 0 || num(r.data()["pageSize"]) != 10 {
			t.Fatalf("first list = %d %v", r.Status, r.Body)
		}
		public := r.presets()
		if got := presetNamesOf(public); got[0] != "Article video (16:9)" || got[1] != "Vertical short (9:16)" {
			t.Fatalf("public presets = %v", got)
		}
		if public[0]["isPublic"] != true || len(public[0]["settings"].([]any)) == 0 {
			t.Fatalf("public preset = %v", public[0])
		}
		first := public[0]["settings"].([]any)[0].(map[string]any)
		if first["key"] != "aspectRatio" || first["datatype"] != "string" || first["value"] != "16:9" {
			t.Fatalf("first setting = %v", first)
		}

		body := map[string]any{"name": "  My   preset ", "settings": []any{
			setting("aspectRatio", "string", "9:16"),
			setting("autoTaglines", "bool", "true"),
			setting("pauseBetweenSlides", "uint", "1500"),
			setting("maxSentencesPerSlide", "uint", "3"),
			setting("automatch.imageStyle", "string", "cinematic"),
		}}
		r = e.do(ann, "POST", "/api/v2/presets/createvideo", body, true)
		if r.Status != 201 || r.data()["name"] != "My preset" || r.data()["isPublic"] != false || num(r.data()["presetId"]) < 1 {
			t.Fatalf("create = %d %v", r.Status, r.Body)
		}
		if ss := r.data()["settings"].([]any); len(ss) != 5 || ss[2].(map[string]any)["value"] != "1500" {
			t.Fatalf("created settings = %v", ss)
		}
		if _, err := time.Parse(time.RFC3339, r.data()["createdAt"].(string)); err != nil {
			t.Fatalf("createdAt = %v", r.data()["createdAt"])
		}
		annID := num(r.data()["presetId"])
		if r := e.do(ann, "POST", "/api/v2/presets/createvideo", map[string]any{"name": "Second"}, true); r.Status != 201 ||
			len(r.data()["settings"].([]any)) != 0 {
			t.Fatalf("create without settings = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "POST", "/api/v2/presets/createvideo", map[string]any{"name": "x"}, false); r.Status != 403 || r.code() != "csrf_failed" {
			t.Fatalf("create without CSRF = %d %v", r.Status, r.Body)
		}

		// Public first, then own presets newest first; Bo sees only the public ones.
		r = e.do(ann, "GET", "/api/v2/presets/createvideo?page=0&pageSize=10", nil, false)
		if got := presetNamesOf(r.presets()); len(got) != 5 || got[3] != "Second" || got[4] != "My preset" || num(r.data()["total"]) != 5 {
			t.Fatalf("ann's list = %v", got)
		}
		r = e.do(bo, "GET", "/api/v2/presets/createvideo", nil, false)
		if num(r.data()["total"]) != 3 {
			t.Fatalf("bo's list = %v", presetNamesOf(r.presets()))
		}
		r = e.do(ann, "GET", "/api/v2/presets/createvideo/metadata", nil, false)
		if r.Status != 200 || num(r.data()["totalPublicPresets"]) != 3 || num(r.data()["totalUserPresets"]) != 2 {
			t.Fatalf("ann's metadata = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "GET", "/api/v2/presets/createvideo/metadata", nil, false); num(r.data()["totalUserPresets"]) != 0 {
			t.Fatalf("bo's metadata = %v", r.Body)
		}

		// One preset: Ann's own and public ones; Bo cannot read or delete Ann's.
		path := fmt.Sprintf("/api/v2/presets/createvideo/%d", annID)
		if r := e.do(ann, "GET", path, nil, false); r.Status != 200 || r.data()["name"] != "My preset" {
			t.Fatalf("ann gets hers = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "GET", path, nil, false); r.Status != 404 || r.code() != "preset_not_found" {
			t.Fatalf("bo gets ann's = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "DELETE", path, nil, true); r.Status != 404 || r.code() != "preset_not_found" {
			t.Fatalf("bo deletes ann's = %d %v", r.Status, r.Body)
		}
		publicPath := fmt.Sprintf("/api/v2/presets/createvideo/%d", num(public[0]["presetId"]))
		if r := e.do(bo, "GET", publicPath, nil, false); r.Status != 200 || r.data()["isPublic"] != true {
			t.Fatalf("bo gets a public preset = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "DELETE", publicPath, nil, true); r.Status != 403 || r.code() != "preset_read_only" {
			t.Fatalf("bo deletes a public preset = %d %v", r.Status, r.Body)
		}
		for _, p := range []string{"/api/v2/presets/createvideo/0", "/api/v2/presets/createvideo/abc"} {
			if r := e.do(ann, "GET", p, nil, false); r.Status != 400 || r.code() != "invalid_preset_id" {
				t.Fatalf("GET %s = %d %v", p, r.Status, r.Body)
			}
		}
		if r := e.do(ann, "GET", "/api/v2/presets/createvideo/999999", nil, false); r.Status != 404 {
			t.Fatalf("missing preset = %d %v", r.Status, r.Body)
		}

		if r := e.do(ann, "DELETE", path, nil, true); r.Status != 200 || r.data()["name"] != "My preset" {
			t.Fatalf("ann deletes hers = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "GET", path, nil, false); r.Status != 404 {
			t.Fatalf("deleted preset = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "DELETE", path, nil, true); r.Status != 404 {
			t.Fatalf("second delete = %d %v", r.Status, r.Body)
		}
		if n := e.count(&models.Preset{}); n != 4 {
			t.Fatalf("presets stored = %d", n)
		}
	})
}

func TestPresetPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newPresetEnv(t, db)
		ann, _ := e.signUp("ann@example.com")
		for i := 1; i <= 9; i++ {
			if r := e.do(ann, "POST", "/api/v2/presets/createvideo", map[string]any{"name": fmt.Sprintf("P%d", i)}, true); r.Status != 201 {
				t.Fatalf("create = %d %v", r.Status, r.Body)
			}
		}
		for _, c := range []struct {
			query          string
			page, size, n  int
			first, wantErr string
		}{
			{"", 0, 10, 10, "Article video (16:9)", ""},
			{"?page=1", 1, 10, 2, "P2", ""},
			{"?page=2", 2, 10, 0, "", ""},
			{"?page=0&pageSize=0", 0, 10, 10, "Article video (16:9)", ""}, // a size below 1 is ignored
			{"?pageSize=-3", 0, 10, 10, "Article video (16:9)", ""},
			{"?page=1&pageSize=4", 1, 4, 4, "P8", ""},
			{"?pageSize=1000", 0, 100, 12, "Article video (16:9)", ""},
			{"?page=99999999999", 99999999999, 10, 0, "", ""},
			{"?page=99999999999999999999", 0, 0, 0, "", "page"},
			{"?page=-1", 0, 0, 0, "", "page"},
			{"?page=x", 0, 0, 0, "", "page"},
			{"?pageSize=ten", 0, 0, 0, "", "pageSize"},
			{"?page=2147483647&pageSize=100", 2147483647, 100, 0, "", ""},
		} {
			r := e.do(ann, "GET", "/api/v2/presets/createvideo"+c.query, nil, false)
			if c.wantErr != "" {
				if r.Status != 400 || r.fields()[c.wantErr] == "" {
					t.Errorf("%s = %d %v, want a %s error", c.query, r.Status, r.Body, c.wantErr)
				}
				continue
			}
			ps := r.presets()
			if r.Status != 200 || num(r.data()["page"]) != int64(c.page) || num(r.data()["pageSize"]) != int64(c.size) ||
				len(ps) != c.n || num(r.data()["total"]) != 12 || (c.n > 0 && ps[0]["name"] != c.first) {
				t.Errorf("%s = %d page %v size %v %v", c.query, r.Status, r.data()["page"], r.data()["pageSize"], presetNamesOf(ps))
			}
		}
	})
}

func TestPresetValidation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newPresetEnv(t, db)
		ann, annID := e.signUp("ann@example.com")
		_, boID := e.signUp("bo@example.com")
		catalogue := models.Voice{Name: "Public", Provider: models.VoiceProviderEspeak, ProviderVoiceID: "en-us", IsPublic: true}
		bosClone := models.Voice{Name: "Bo", Provider: models.VoiceProviderElevenLabs, ProviderVoiceID: "el1", Cloned: true, PublisherID: &boID}
		annsClone := models.Voice{Name: "Ann", Provider: models.VoiceProviderElevenLabs, ProviderVoiceID: "el2", Cloned: true, PublisherID: &annID}
		for _, v := range []*models.Voice{&catalogue, &bosClone, &annsClone} {
			if err := e.store.DB().Create(v).Error; err != nil {
				t.Fatal(err)
			}
		}
		one := func(s map[string]any) map[string]any { return map[string]any{"name": "P", "settings": []any{s}} }
		id := func(n int64) string { return fmt.Sprint(n) }
		for _, c := range []struct {
			name  string
			body  any
			field string // "" = accepted
		}{
			{"bool true", one(setting("autoTaglines", "bool", "false")), ""},
			{"bool capitalised", one(setting("autoTaglines", "bool", "True")), "settings[0].value"},
			{"bool as 1", one(setting("autoTaglines", "bool", "1")), "settings[0].value"},
			{"bool not a string", one(setting("autoTaglines", "bool", true)), "settings[0].value"},
			{"value missing", one(map[string]any{"key": "autoTaglines", "datatype": "bool"}), "settings[0].value"},
			{"value null", one(setting("autoTaglines", "bool", nil)), "settings[0].value"},
			{"uint", one(setting("templateId", "uint", "88")), ""},
			{"uint negative", one(setting("templateId", "uint", "-1")), "settings[0].value"},
			{"uint fraction", one(setting("pauseBetweenSlides", "uint", "1.5")), "settings[0].value"},
			{"uint spaces", one(setting("pauseBetweenSlides", "uint", " 500")), "settings[0].value"},
			{"uint too big", one(setting("pauseBetweenSlides", "uint", "18446744073709551616")), "settings[0].value"},
			{"pause above 10 s", one(setting("pauseBetweenSlides", "uint", "10001")), "settings[0].value"},
			{"pause of 0", one(setting("pauseAfterShortSlides", "uint", "0")), ""},
			{"template id 0", one(setting("templateId", "uint", "0")), "settings[0].value"},
			{"max sentences 0", one(setting("maxSentencesPerSlide", "uint", "0")), "settings[0].value"},
			{"max sentences 11", one(setting("maxSentencesPerSlide", "uint", "11")), "settings[0].value"},
			{"wrong datatype for key", one(setting("templateId", "int", "88")), "settings[0].datatype"},
			{"float for a uint", one(setting("pauseBetweenSlides", "float", "0.5")), "settings[0].datatype"},
			{"unknown datatype", one(setting("templateId", "number", "88")), "settings[0].datatype"},
			{"unknown key", one(setting("colour", "string", "red")), "settings[0].key"},
			{"empty key", one(setting("", "string", "red")), "settings[0].key"},
			{"aspect ratio", one(setting("aspectRatio", "string", "4:3")), "settings[0].value"},
			{"media type", one(setting("automatch.mediaType", "string", "images")), ""},
			{"bad media type", one(setting("automatch.mediaType", "string", "gifs")), "settings[0].value"},
			{"image style", one(setting("automatch.imageStyle", "string", "<b>")), "settings[0].value"},
			{"long string", one(setting("automatch.imageStyle", "string", string(make([]byte, 101)))), "settings[0].value"},
			{"visible voice", one(setting("voiceId", "uint", id(catalogue.ID))), ""},
			{"own clone", one(setting("voiceId", "uint", id(annsClone.ID))), ""},
			{"another account's clone", one(setting("voiceId", "uint", id(bosClone.ID))), "settings[0].value"},
			{"missing voice", one(setting("voiceId", "uint", "999999")), "settings[0].value"},
			{"huge voice id", one(setting("voiceId", "uint", "18446744073709551615")), "settings[0].value"},
			{"key twice", map[string]any{"name": "P", "settings": []any{setting("autoTaglines", "bool", "true"),
				setting("autoTaglines", "bool", "false")}}, "settings[1].key"},
			{"no name", map[string]any{"name": "   "}, "name"},
			{"long name", map[string]any{"name": strings.Repeat("é", 101)}, "name"},
			{"name of 100 characters", map[string]any{"name": strings.Repeat("é", 100)}, ""},
			{"NUL in the name", map[string]any{"name": "a\x00b"}, "name"},
			{"public", map[string]any{"name": "P", "isPublic": true}, "isPublic"},
		} {
			r := e.do(ann, "POST", "/api/v2/presets/createvideo", c.body, true)
			if c.field == "" {
				if r.Status != 201 {
					t.Errorf("%s: %d %v", c.name, r.Status, r.Body)
				}
				continue
			}
			if r.Status != 400 || r.code() != "validation_failed" || r.fields()[c.field] == "" || len(r.fields()) != 1 {
				t.Errorf("%s: %d %v, want one error on %s", c.name, r.Status, r.Body, c.field)
			}
		}
		// Several errors are reported together, each under its setting.
		r := e.do(ann, "POST", "/api/v2/presets/createvideo", map[string]any{"name": "", "settings": []any{
			setting("autoTaglines", "bool", "yes"), setting("aspectRatio", "string", "16:9"), setting("nope", "bool", "true")}}, true)
		if f := r.fields(); r.Status != 400 || len(f) != 3 || f["name"] == "" || f["settings[0].value"] == "" || f["settings[2].key"] == "" {
			t.Fatalf("several errors = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "POST", "/api/v2/presets/createvideo", `{"name": "P", "settings": {}}`, true); r.Status != 400 || r.code() != "malformed_json" {
			t.Fatalf("settings not a list = %d %v", r.Status, r.Body)
		}
	})
}

func TestPresetLimitPerAccount(t *testing.T) {
	e := newPresetEnv(t, storetest.SQLite(t))
	ann, annID := e.signUp("ann@example.com")
	for i := range models.MaxPresetsPerAccount - 1 {
		p := models.Preset{PublisherID: &annID, Name: fmt.Sprint(i)}
		if err := e.store.CreatePreset(t.Context(), &p, models.MaxPresetsPerAccount); err != nil {
			t.Fatal(err)
		}
	}
	if r := e.do(ann, "POST", "/api/v2/presets/createvideo", map[string]any{"name": "last"}, true); r.Status != 201 {
		t.Fatalf("100th = %d %v", r.Status, r.Body)
	}
	r := e.do(ann, "POST", "/api/v2/presets/createvideo", map[string]any{"name": "one more"}, true)
	if r.Status != http.StatusConflict || r.code() != "preset_limit_reached" {
		t.Fatalf("101st = %d %v", r.Status, r.Body)
	}
}

func TestSeedPublicPresetsIsIdempotent(t *testing.T) {
	db := storetest.SQLite(t)
	for i, want := range []int{3, 0} {
		res, err := api.SeedPublicPresets(t.Context(), db.Store)
		if err != nil || res.Added != want || res.Updated != 0 {
			t.Fatalf("seed %d = %+v, %v", i, res, err)
		}
	}
}
