package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"pagecast/domain"
)

// Local writes scripts with the rule-based functions of package domain: offline,
// deterministic, no model. It is the default when no LLM is configured.
type Local struct{}

// GenerateVideoScript writes a script from a topic or an article (domain.GenerateVideoScript).
func (Local) GenerateVideoScript(_ context.Context, r domain.ScriptRequest) (domain.GeneratedScript, error) {
	return domain.GenerateVideoScript(r), nil
}

// ModifyScriptStyle restyles a script (domain.ModifyScriptStyle).
func (Local) ModifyScriptStyle(_ context.Context, r domain.StyleRequest) (domain.StyledScript, error) {
	return domain.ModifyScriptStyle(r), nil
}

// Summarize summarises a text extractively (domain.Summarize).
func (Local) Summarize(_ context.Context, r domain.SummaryRequest) (string, error) {
	return domain.Summarize(r), nil
}

// Scripts writes scripts with a language model. Requests must be normalised (their
// vocabularies checked) first. Answers are JSON objects, parsed and checked: a
// missing or empty field or a script over the request's limit is ErrMalformed, never
// replaced by local output.
type Scripts struct {
	LLM Provider
}

const scriptSystem = "You write narration scripts for short videos made by web publishers. " +
	"Write plain spoken prose: no markdown, no bullet symbols, no stage directions, no emojis. " +
	"Sections are paragraphs separated by one blank line; when a section has a title, the title is the " +
	"paragraph's first line, on its own, without final punctuation. Do not invent statistics, quotes or " +
	"sources. Answer with one JSON object and nothing else."

// budget is the character bound told to the model: a tenth below the hard limit, as
// models count loosely.
func budget(limit int) int { return limit * 9 / 10 }

// GenerateVideoScript asks the model for {title, description, text}.
func (s Scripts) GenerateVideoScript(ctx context.Context, r domain.ScriptRequest) (domain.GeneratedScript, error) {
	var p strings.Builder
	if r.Source == domain.SourceArticle {
		p.WriteString("Turn the article below into a video script. Use only facts from the article.\n")
	} else {
		p.WriteString("Write a video script about the topic below.\n")
	}
	fmt.Fprintf(&p, "Sections: exactly %d, plus a one-paragraph intro and outro without titles.\n", r.Sections)
	if r.RemoveSectionTitles {
		p.WriteString("Section titles: none; every paragraph is spoken text only.\n")
	} else {
		p.WriteString("Section titles: each section starts with a short title line.\n")
	}
	if r.Tone == domain.TonePersuasive {
		p.WriteString("Tone: persuasive; end with a clear call to action.\n")
	} else {
		p.WriteString("Tone: informative and neutral.\n")
	}
	if r.Role != "" {
		fmt.Fprintf(&p, "Narrator's role: %s.\n", r.Role)
	}
	if r.Audience != "" {
		fmt.Fprintf(&p, "Audience: %s.\n", r.Audience)
	}
	if r.MaxChars > 0 {
		fmt.Fprintf(&p, "Length: at most %d characters of script text.\n", budget(r.MaxChars))
	}
	p.WriteString(`Answer as {"title": "...", "description": "one or two sentences", "text": "the script"}.` + "\n\n")
	if r.Source == domain.SourceArticle {
		p.WriteString("Article:\n")
	} else {
		p.WriteString("Topic:\n")
	}
	p.WriteString(r.Text)
	var out struct {
		Title       string `json:"title"`
		Description string `json:"description"`
		Text        string `json:"text"`
	}
	if err := s.ask(ctx, p.String(), r.MaxChars, &out); err != nil {
		return domain.GeneratedScript{}, err
	}
	if err := checkScript(out.Text, r.MaxChars); err != nil {
		return domain.GeneratedScript{}, err
	}
	return domain.GeneratedScript{Title: clean(out.Title, 200), Description: clean(out.Description, 1000), Text: strings.TrimSpace(out.Text)}, nil
}

// ModifyScriptStyle asks the model for {script, title, description}.
func (s Scripts) ModifyScriptStyle(ctx context.Context, r domain.StyleRequest) (domain.StyledScript, error) {
	st := r.Settings
	if !st.Enabled {
		return domain.ModifyScriptStyle(r), nil // nothing to restyle: the script as it is
	}
	var p strings.Builder
	p.WriteString("Rewrite the video script below in the style described. Keep its facts; do not add new ones.\n")
	fmt.Fprintf(&p, "Tone: %s.\n", strings.Join(st.Tones, ", "))
	fmt.Fprintf(&p, "Structure: %s.\n", st.Structure)
	fmt.Fprintf(&p, "Reading level: %s.\n", st.ReadingLevel)
	fmt.Fprintf(&p, "Audience's knowledge of the topic: %s.\n", st.TopicProficiency)
	fmt.Fprintf(&p, "Formality: %s.\n", st.Formality)
	fmt.Fprintf(&p, "Purpose: %s.\n", st.Purpose)
	fmt.Fprintf(&p, "Length: %s (concise shortens, balanced keeps about the same length, elaborate expands).\n", st.Length)
	p.WriteString(`("match" means: keep what the original script does.)` + "\n")
	if st.CustomInstructions != "" {
		fmt.Fprintf(&p, "Further instructions from the user: %s\n", st.CustomInstructions)
	}
	if st.Preview {
		p.WriteString("Preview: rewrite only the first section.\n")
	}
	if r.MaxChars > 0 {
		fmt.Fprintf(&p, "Length limit: at most %d characters of script.\n", budget(r.MaxChars))
	}
	p.WriteString(`Answer as {"script": "the rewritten script", "title": "a title for the video", "description": "one or two sentences"}.` + "\n\nScript:\n")
	p.WriteString(r.Script)
	var out struct {
		Script      string `json:"script"`
		Title       string `json:"title"`
		Description string `json:"description"`
	}
	if err := s.ask(ctx, p.String(), r.MaxChars, &out); err != nil {
		return domain.StyledScript{}, err
	}
	if err := checkScript(out.Script, r.MaxChars); err != nil {
		return domain.StyledScript{}, err
	}
	return domain.StyledScript{Script: strings.TrimSpace(out.Script), Title: clean(out.Title, 200), Description: clean(out.Description, 1000)}, nil
}

// Summarize asks the model for {text}.
func (s Scripts) Summarize(ctx context.Context, r domain.SummaryRequest) (string, error) {
	share := map[domain.SummaryStrategy]string{
		domain.SummaryConcise: "about a fifth", domain.SummaryBalanced: "about a third", domain.SummaryElaborate: "about half",
	}[r.Strategy]
	if share == "" {
		share = "about a third"
	}
	var p strings.Builder
	fmt.Fprintf(&p, "Summarise the text below for a video narration in %s of its length. Use only its facts.\n", share)
	if r.MaxChars > 0 {
		fmt.Fprintf(&p, "At most %d characters.\n", budget(r.MaxChars))
	}
	p.WriteString(`Answer as {"text": "the summary"}.` + "\n\nText:\n")
	p.WriteString(r.Text)
	var out struct {
		Text string `json:"text"`
	}
	if err := s.ask(ctx, p.String(), r.MaxChars, &out); err != nil {
		return "", err
	}
	if err := checkScript(out.Text, r.MaxChars); err != nil {
		return "", err
	}
	return strings.TrimSpace(out.Text), nil
}

// ask completes the prompt in JSON mode and decodes the answer into out. Servers
// without JSON mode sometimes wrap the object in a code fence; that is tolerated.
func (s Scripts) ask(ctx context.Context, prompt string, limit int, out any) error {
	maxTokens := 4096
	if limit > 0 {
		maxTokens = max(1024, limit/2) // about 4 characters a token, with room for JSON
	}
	answer, err := s.LLM.Complete(ctx, Request{System: scriptSystem, Prompt: prompt, MaxTokens: maxTokens, Temperature: 0.4, JSON: true})
	if err != nil {
		return err
	}
	answer = strings.TrimSpace(answer)
	if strings.HasPrefix(answer, "```") {
		answer = strings.TrimPrefix(strings.TrimPrefix(answer, "```json"), "```")
		answer = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(answer), "```"))
	}
	if err := json.Unmarshal([]byte(answer), out); err != nil {
		return fmt.Errorf("llm: %w: the answer is not the JSON object asked for: %v", ErrMalformed, err)
	}
	return nil
}

// checkScript refuses an empty script or one over the limit.
func checkScript(text string, limit int) error {
	text = strings.TrimSpace(text)
	if text == "" {
		return fmt.Errorf("llm: %w: the answer has no script", ErrMalformed)
	}
	if limit > 0 && domain.CheckScriptLength(text, limit) != "" {
		return fmt.Errorf("llm: %w: the script is longer than the limit of %d characters", ErrMalformed, limit)
	}
	return nil
}

// clean collapses white space and bounds a title or description.
func clean(s string, limit int) string {
	s = domain.CollapseSpace(s)
	if r := []rune(s); len(r) > limit {
		s = strings.TrimSpace(string(r[:limit]))
	}
	return s
}
