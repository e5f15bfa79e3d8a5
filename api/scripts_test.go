package api_test

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pagecast/api"
	"pagecast/domain"
	"pagecast/models"
	"pagecast/providers/captcha"
	"pagecast/providers/llm"
	"pagecast/store/storetest"
)

const scriptTopic = "The benefits of solar panels for homeowners"

const scriptArticle = `Solar panels for homeowners

Solar panels turn sunlight into electricity for your home. A typical system costs between 10,000 and 20,000 dollars before incentives. Many states offer tax credits that cut the price by 30 percent.

How they work
Each panel holds cells made of silicon. When light hits a cell, it frees electrons and creates a current. An inverter turns that current into the power your appliances use.

Savings
Most owners see their bills drop by half. The system usually pays for itself in eight to twelve years. Panels last 25 years or more.`

// newScriptEnv is newEnv with a language model for the script calls.
func newScriptEnv(t *testing.T, db storetest.DB, model llm.Provider) *env {
	t.Helper()
	wf := &recordedWorkflows{}
	s, err := api.New(api.Deps{
		Config: testConfig(t), Store: db.Store, Workflows: wf, Captcha: captcha.Off{},
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		PasswordParams: domain.PasswordParams{Memory: 1024, Time: 1, Threads: 1},
		LLM:            model,
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return &env{t: t, store: db.Store, srv: srv, wf: wf, http: newBrowser(t)}
}

// endScriptWaits lets every user generate scripts again, as if the wait had passed.
func (e *env) endScriptWaits() {
	e.t.Helper()
	err := e.store.DB().Model(&models.ScriptThrottle{}).Where("1 = 1").
		Update("next_allowed_at", time.Now().Add(-time.Second).UTC()).Error
	if err != nil {
		e.t.Fatal(err)
	}
}

func TestGenerateVideoScriptAndThrottle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		ann, _ := e.signUp("ann@example.com")
		bo, _ := e.signUp("bo@example.com")
		const path = "/api/v2/ai/generateVideoScript"

		// Refusals: none of them starts the wait.
		bad := []struct {
			name  string
			body  map[string]any
			field string
			msg   string
		}{
			{"short prompt", map[string]any{"text": "solar panels"}, "text", domain.MsgPromptTooShort},
			{"short after collapsing spaces", map[string]any{"text": "solar      panels      ok"}, "text", domain.MsgPromptTooShort},
			{"empty prompt", map[string]any{"text": ""}, "text", domain.MsgPromptTooShort},
			{"long prompt", map[string]any{"text": strings.Repeat("solar ", 84)}, "text", domain.MsgPromptTooLong},
			{"bad sections", map[string]any{"text": scriptTopic, "sectionsAmount": 3}, "sectionsAmount", domain.MsgSections},
			{"bad tone", map[string]any{"text": scriptTopic, "toneType": "angry"}, "toneType", domain.MsgToneType},
			{"bad source", map[string]any{"text": scriptTopic, "source": "poem"}, "source", ""},
			{"long role", map[string]any{"text": scriptTopic, "role": strings.Repeat("r", 101)}, "role", ""},
		}
		for _, tt := range bad {
			r := e.do(ann, "POST", path, tt.body, true)
			if r.Status != 400 || r.code() != "validation_failed" || r.fields()[tt.field] == "" ||
				(tt.msg != "" && r.fields()[tt.field] != tt.msg) {
				t.Fatalf("%s = %d %v", tt.name, r.Status, r.Body)
			}
		}
		if r := e.do(ann, "POST", path, `{"text": 5}`, true); r.Status != 400 || r.code() != "malformed_json" {
			t.Fatalf("wrong type = %d %v", r.Status, r.Body)
		}
		if r := e.do(newBrowser(t), "POST", path, map[string]any{"text": scriptTopic}, true); r.Status != 401 {
			t.Fatalf("anonymous = %d", r.Status)
		}
		if r := e.do(ann, "POST", path, map[string]any{"text": scriptTopic}, false); r.Status != 403 {
			t.Fatalf("no CSRF = %d", r.Status)
		}

		// A topic, with names for the amount and tone, white space collapsed.
		r := e.do(ann, "POST", path, map[string]any{"text": "  The benefits of   solar panels\nfor homeowners ", "sectionsAmount": "long",
			"toneType": 2, "removeSectionTitles": false, "role": "energy advisor", "audience": "first-time buyers"}, true)
		if r.Status != 200 {
			t.Fatalf("generate = %d %v", r.Status, r.Body)
		}
		d := r.data()
		text, _ := d["text"].(string)
		if d["title"] != "The Benefits of Solar Panels for Homeowners" || !strings.Contains(d["description"].(string), "first-time buyers") ||
			!strings.HasPrefix(text, "This video is about the benefits of solar panels for homeowners.") ||
			len(domain.SplitParagraphs(text)) != 8 || !strings.Contains(text, "Now it is your turn.") {
			t.Fatalf("script = %v", d)
		}

		// Right after, the same user waits (for modifyScriptStyle too); others do not.
		r = e.do(ann, "POST", path, map[string]any{"text": scriptTopic}, true)
		secs, _ := strconv.Atoi(r.Header.Get("Retry-After"))
		if r.Status != 429 || r.code() != "script_generation_throttled" || secs < 1 || secs > 10 ||
			!strings.Contains(r.Body["error"].(map[string]any)["message"].(string), "wait "+strconv.Itoa(secs)+" second") {
			t.Fatalf("throttled = %d %v %v", r.Status, r.Header.Get("Retry-After"), r.Body)
		}
		if r := e.do(ann, "POST", "/api/v2/ai/modifyScriptStyle", map[string]any{"script": text}, true); r.Status != 429 {
			t.Fatalf("modify while throttled = %d %v", r.Status, r.Body)
		}
		if r := e.do(bo, "POST", path, map[string]any{"text": scriptTopic, "source": "article"}, true); r.Status != 200 {
			t.Fatalf("another account = %d %v", r.Status, r.Body)
		}
		// Validation answers before the throttle, so a bad request is not told to wait.
		if r := e.do(ann, "POST", path, map[string]any{"text": "short"}, true); r.Status != 400 {
			t.Fatalf("bad while throttled = %d", r.Status)
		}
		e.endScriptWaits()

		// An article becomes sections of its own sentences.
		r = e.do(ann, "POST", path, map[string]any{"text": scriptArticle, "source": "article", "sectionsAmount": 2, "removeSectionTitles": true}, true)
		if r.Status != 200 {
			t.Fatalf("article = %d %v", r.Status, r.Body)
		}
		if d := r.data(); d["title"] != "Solar panels for homeowners" || len(domain.SplitParagraphs(d["text"].(string))) != 2 ||
			strings.Contains(d["text"].(string), "How they work") {
			t.Fatalf("article script = %v", d)
		}
	})
}

func TestModifyScriptStyleAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		ann, _ := e.signUp("ann@example.com")
		const path = "/api/v2/ai/modifyScriptStyle"
		script := "Why solar pays\nIt's cheaper than you think. We're going to look at the costs. You won't need a new roof.\n\nThe numbers\nA system costs 15,000 dollars. It's paid back in ten years."

		for _, tt := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"script": script, "settings": map[string]any{"formality": "rude"}}, "settings.formality"},
			{map[string]any{"script": script, "settings": map[string]any{"tone": []string{"casual", "angry"}}}, "settings.tone"},
			{map[string]any{"script": script, "settings": map[string]any{"structure": "listicle"}}, "settings.structure"},
			{map[string]any{"script": script, "settings": map[string]any{"length": "short"}}, "settings.length"},
			{map[string]any{"script": "  ", "settings": map[string]any{}}, "script"},
			{map[string]any{"script": strings.Repeat("a", domain.MaxScriptSourceChars+1)}, "script"},
		} {
			r := e.do(ann, "POST", path, tt.body, true)
			if r.Status != 400 || r.fields()[tt.field] == "" {
				t.Fatalf("%v = %d %v", tt.field, r.Status, r.Body)
			}
		}

		r := e.do(ann, "POST", path, map[string]any{"script": script, "settings": map[string]any{
			"enabled": true, "formality": "formal", "structure": "countdownList", "length": "elaborate", "tone": "business",
			"customInstructions": "Mention our shop."}}, true)
		if r.Status != 200 {
			t.Fatalf("modify = %d %v", r.Status, r.Body)
		}
		d := r.data()
		want := "2. Why solar pays\nIt is cheaper than you think. We are going to look at the costs. You will not need a new roof.\n\n1. The numbers\nA system costs 15,000 dollars. It is paid back in ten years."
		if d["script"] != want || d["title"] != "2. Why solar pays" || len(d["warnings"].([]any)) != 1 {
			t.Fatalf("modified = %v", d)
		}
		e.endScriptWaits()

		// Preview (either flag) is the first section only.
		r = e.do(ann, "POST", path, map[string]any{"script": script, "preview": true, "settings": map[string]any{"length": "elaborate"}}, true)
		if r.Status != 200 || strings.Contains(r.data()["script"].(string), "The numbers") || len(r.data()["warnings"].([]any)) != 0 {
			t.Fatalf("preview = %d %v", r.Status, r.Body)
		}
	})
}

func TestSplitTextAndPlanLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		ann, annID := e.signUp("ann@example.com")
		const path = "/api/v2/text/split"

		r := e.do(ann, "POST", path, map[string]any{"text": "Intro title\nFirst sentence here. Second one is here! [pause 1s] Third sentence is here.\n\nNew paragraph now."}, true)
		if r.Status != 200 {
			t.Fatalf("split = %d %v", r.Status, r.Body)
		}
		var got struct {
			Data struct {
				Paragraphs []string         `json:"paragraphs"`
				Sentences  []domain.Segment `json:"sentences"`
				Slides     []struct {
					Text, Caption string
					Segments      []domain.Segment
				} `json:"slides"`
				Characters      int `json:"characters"`
				ScriptMaxLength int `json:"scriptMaxLength"`
			} `json:"data"`
		}
		raw, _ := json.Marshal(r.Body)
		_ = json.Unmarshal(raw, &got)
		g := got.Data
		if len(g.Paragraphs) != 2 || len(g.Sentences) != 6 || g.Sentences[3].Pause == nil || g.Sentences[3].Pause.DurationMs != 1000 ||
			len(g.Slides) != 2 || g.Slides[0].Text != "Intro title First sentence here. Second one is here! [pause 1s]" ||
			g.Slides[0].Caption != "Intro title First sentence here. Second one is here!" || g.ScriptMaxLength != 7000 || g.Characters != 107 {
			t.Fatalf("split = %+v", g)
		}
		if r := e.do(ann, "POST", path, map[string]any{"text": "One. Two three four. Five six seven.", "maxSentencesPerSlide": 1}, true); len(r.data()["slides"].([]any)) != 2 {
			t.Fatalf("one per slide = %v", r.Body)
		}
		if r := e.do(ann, "POST", path, map[string]any{"text": "x", "maxSentencesPerSlide": 11}, true); r.Status != 400 || r.fields()["maxSentencesPerSlide"] == "" {
			t.Fatalf("bad max = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "POST", path, map[string]any{"text": " \n "}, true); r.Status != 400 || r.fields()["text"] != domain.MsgInvalidText {
			t.Fatalf("empty = %d %v", r.Status, r.Body)
		}

		// Limits by plan: free 7,000, paid 60,000, partner 10,000; GET /user tells the client.
		limits := []struct {
			set  func()
			want int
		}{
			{func() {}, 7000},
			{func() { _ = e.store.SetPlan(t.Context(), annID, models.PlanPaid) }, 60000},
			{func() {
				e.store.DB().Model(&models.Publisher{}).Where("id = ?", annID).Update("is_partner", true)
			}, 10000},
		}
		for _, l := range limits {
			l.set()
			if u := e.do(ann, "GET", "/api/v2/user", nil, false).data(); u["scriptMaxLength"] != float64(l.want) {
				t.Fatalf("scriptMaxLength = %v, want %d", u["scriptMaxLength"], l.want)
			}
			if r := e.do(ann, "POST", path, map[string]any{"text": strings.Repeat("é", l.want)}, true); r.Status != 200 {
				t.Fatalf("at the limit %d = %d %v", l.want, r.Status, r.Body)
			}
			r := e.do(ann, "POST", path, map[string]any{"text": strings.Repeat("é", l.want+1)}, true)
			msg := domain.MsgScriptTooLong(l.want)
			if r.Status != 400 || r.code() != "script_too_long" || r.fields()["text"] != msg || !strings.Contains(msg, strconv.Itoa(l.want/1000)+",000") {
				t.Fatalf("over the limit %d = %d %v", l.want, r.Status, r.Body)
			}
		}
		// Another account keeps its own (free) limit.
		bo, _ := e.signUp("bo@example.com")
		if u := e.do(bo, "GET", "/api/v2/user", nil, false).data(); u["scriptMaxLength"] != 7000.0 {
			t.Fatalf("bo's limit = %v", u["scriptMaxLength"])
		}
	})
}

func TestSummarizeAPI(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		e := newEnv(t, db, nil)
		ann, _ := e.signUp("ann@example.com")
		const path = "/api/v2/textSummarizer/summarize"
		r := e.do(ann, "POST", path, map[string]any{"text": scriptArticle, "strategy": "concise", "ai": true}, true)
		if r.Status != 200 {
			t.Fatalf("summarize = %d %v", r.Status, r.Body)
		}
		sum := r.data()["text"].(string)
		if !strings.HasPrefix(sum, "Solar panels turn sunlight into electricity for your home.") || len(domain.SplitSentences(sum)) != 3 {
			t.Fatalf("summary = %q", sum)
		}
		for _, tt := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"text": scriptArticle, "strategy": "abstractive"}, "strategy"},
			{map[string]any{"text": ""}, "text"},
			{map[string]any{"text": strings.Repeat("a", domain.MaxScriptSourceChars+1)}, "text"},
		} {
			if r := e.do(ann, "POST", path, tt.body, true); r.Status != 400 || r.fields()[tt.field] == "" {
				t.Fatalf("%s = %d %v", tt.field, r.Status, r.Body)
			}
		}
		// Summaries are not throttled and fit the plan's limit.
		long := strings.Repeat("Solar panels cut the power bill of a home by half in most states. ", 800)
		if r := e.do(ann, "POST", path, map[string]any{"text": long, "strategy": "elaborate"}, true); r.Status != 200 || len([]rune(r.data()["text"].(string))) > 7000 {
			t.Fatalf("long summary = %d", r.Status)
		}
	})
}

// fakeChatModel is an OpenAI-compatible chat-completions server answering with
// content, or failing with status.
type fakeChatModel struct {
	mu      sync.Mutex
	content string
	status  int
	calls   int
}

func (f *fakeChatModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	if r.URL.Path != "/v1/chat/completions" || r.Header.Get("Authorization") != "Bearer sk-test" {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":{"message":"Incorrect API key provided"}}`))
		return
	}
	if f.status != 0 {
		w.WriteHeader(f.status)
		_, _ = w.Write([]byte(`{"error":{"message":"Rate limit reached"}}`))
		return
	}
	body, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{
		"message": map[string]any{"role": "assistant", "content": f.content}, "finish_reason": "stop"}}})
	_, _ = w.Write(body)
}

func (f *fakeChatModel) set(status int, content string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.status, f.content = status, content
}

func TestScriptsWithLanguageModel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db storetest.DB) {
		fake := &fakeChatModel{}
		srv := httptest.NewServer(fake)
		t.Cleanup(srv.Close)
		model, err := llm.NewOpenAI(llm.OpenAIConfig{BaseURL: srv.URL + "/v1", APIKey: "sk-test", Model: "m", Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		e := newScriptEnv(t, db, model)
		ann, _ := e.signUp("ann@example.com")
		const path = "/api/v2/ai/generateVideoScript"

		// The model is busy: 503, and the user may try again at once.
		fake.set(429, "")
		if r := e.do(ann, "POST", path, map[string]any{"text": scriptTopic}, true); r.Status != 503 || r.code() != "script_writer_unavailable" {
			t.Fatalf("busy model = %d %v", r.Status, r.Body)
		}
		// An answer that is not the JSON asked for: 502, never local output.
		fake.set(0, "Sure! Here is a script about solar panels.")
		if r := e.do(ann, "POST", path, map[string]any{"text": scriptTopic}, true); r.Status != 502 || r.code() != "script_generation_failed" {
			t.Fatalf("malformed answer = %d %v", r.Status, r.Body)
		}
		fake.set(0, `{"title":"Solar at home","description":"Why panels pay.","text":"Panels pay.\n\nHere is how."}`)
		r := e.do(ann, "POST", path, map[string]any{"text": scriptTopic}, true)
		if r.Status != 200 || r.data()["title"] != "Solar at home" || r.data()["text"] != "Panels pay.\n\nHere is how." {
			t.Fatalf("model script = %d %v", r.Status, r.Body)
		}
		if r := e.do(ann, "POST", path, map[string]any{"text": scriptTopic}, true); r.Status != 429 {
			t.Fatalf("after success = %d", r.Status)
		}
		// ai false keeps the local summary; the model is not asked.
		before := fake.calls
		r = e.do(ann, "POST", "/api/v2/textSummarizer/summarize", map[string]any{"text": scriptArticle, "ai": false}, true)
		if r.Status != 200 || !strings.HasPrefix(r.data()["text"].(string), "Solar panels turn sunlight") || fake.calls != before {
			t.Fatalf("local summary = %d %v (%d model calls)", r.Status, r.Body, fake.calls-before)
		}
		fake.set(0, `{"text":"A model summary."}`)
		if r := e.do(ann, "POST", "/api/v2/textSummarizer/summarize", map[string]any{"text": scriptArticle, "ai": true}, true); r.data()["text"] != "A model summary." {
			t.Fatalf("model summary = %v", r.Body)
		}
	})
}
