package llm

import (
	"context"
	"errors"
	"strings"
	"testing"

	"pagecast/domain"
)

// scripted answers each Complete with the next answer and records the requests.
type scripted struct {
	answers []string
	err     error
	reqs    []Request
}

func (s *scripted) Complete(_ context.Context, r Request) (string, error) {
	s.reqs = append(s.reqs, r)
	if s.err != nil {
		return "", s.err
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a, nil
}

func topicRequest(t *testing.T) domain.ScriptRequest {
	t.Helper()
	r, fields := domain.ScriptRequest{Text: "How heat pumps keep a house warm", Sections: 2, Tone: domain.TonePersuasive,
		Role: "installer", Audience: "homeowners", RemoveSectionTitles: true, MaxChars: 7000}.Normalize()
	if fields != nil {
		t.Fatal(fields)
	}
	return r
}

func TestScriptsGenerate(t *testing.T) {
	p := &scripted{answers: []string{"```json\n" + `{"title":" Heat  pumps ","description":"Why they work.","text":"Intro.\n\nPart one.\n\nPart two."}` + "\n```"}}
	g, err := Scripts{LLM: p}.GenerateVideoScript(t.Context(), topicRequest(t))
	if err != nil || g.Title != "Heat pumps" || g.Text != "Intro.\n\nPart one.\n\nPart two." || g.Description != "Why they work." {
		t.Fatalf("script = %+v, %v", g, err)
	}
	req := p.reqs[0]
	for _, want := range []string{"exactly 2", "Section titles: none", "persuasive", "installer", "homeowners", "at most 6300 characters", "How heat pumps keep a house warm"} {
		if !strings.Contains(req.Prompt, want) {
			t.Errorf("prompt lacks %q:\n%s", want, req.Prompt)
		}
	}
	if !req.JSON || req.System == "" {
		t.Errorf("request = %+v", req)
	}
}

func TestScriptsRefuseBadAnswers(t *testing.T) {
	tests := []struct {
		name   string
		answer string
		err    error
		want   error
	}{
		{name: "not JSON", answer: "Here is your script: ...", want: ErrMalformed},
		{name: "no text", answer: `{"title":"x","description":"y"}`, want: ErrMalformed},
		{name: "over the limit", answer: `{"title":"x","text":"` + strings.Repeat("a", 7001) + `"}`, want: ErrMalformed},
		{name: "provider down", err: ErrUnavailable, want: ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &scripted{answers: []string{tt.answer}, err: tt.err}
			if _, err := (Scripts{LLM: p}).GenerateVideoScript(t.Context(), topicRequest(t)); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestScriptsModifyAndSummarize(t *testing.T) {
	st, _ := domain.StyleSettings{Enabled: true, Formality: "formal", Tones: []string{"business"}, CustomInstructions: "Mention our shop.", Preview: true}.Normalize("")
	p := &scripted{answers: []string{`{"script":"A formal script.","title":"T","description":"D"}`, `{"text":"Short."}`}}
	s := Scripts{LLM: p}
	out, err := s.ModifyScriptStyle(t.Context(), domain.StyleRequest{Settings: st, Script: "It's a script.", MaxChars: 7000})
	if err != nil || out.Script != "A formal script." || out.Title != "T" || len(out.Warnings) != 0 {
		t.Fatalf("modify = %+v, %v", out, err)
	}
	for _, want := range []string{"Formality: formal", "Tone: business", "Mention our shop.", "only the first section", "It's a script."} {
		if !strings.Contains(p.reqs[0].Prompt, want) {
			t.Errorf("prompt lacks %q:\n%s", want, p.reqs[0].Prompt)
		}
	}
	sum, err := s.Summarize(t.Context(), domain.SummaryRequest{Text: "Long text.", Strategy: domain.SummaryConcise})
	if err != nil || sum != "Short." || !strings.Contains(p.reqs[1].Prompt, "about a fifth") {
		t.Fatalf("summary = %q, %v", sum, err)
	}
	// Disabled settings never reach the model.
	st.Enabled = false
	if out, err := s.ModifyScriptStyle(t.Context(), domain.StyleRequest{Settings: st, Script: "Keep me as I am."}); err != nil || out.Script != "Keep me as I am." || len(p.reqs) != 2 {
		t.Fatalf("disabled = %+v, %v, %d calls", out, err, len(p.reqs))
	}
}

func TestLocalWriter(t *testing.T) {
	g, err := Local{}.GenerateVideoScript(t.Context(), topicRequest(t))
	if err != nil || !strings.Contains(g.Text, "heat pumps") {
		t.Fatalf("local = %+v, %v", g, err)
	}
}
