package activities

import (
	"strings"
	"testing"

	"pagecast/models"
)

// TestRenderMail: the render e-mail names the video as its user wrote it (a name with
// quotes or an emoji made of several code points is not shown Go-escaped), links to
// it, and says nothing while the render runs or once it was cancelled.
func TestRenderMail(t *testing.T) {
	const link = "https://app.example/dashboard/video/7"
	for _, tt := range []struct {
		name, video string
		att         models.RenderAttempt
		ok          bool
		wantSubject string
		wantText    []string
	}{
		{"ready", "Harbour at dawn", models.RenderAttempt{Status: models.RenderAttemptCompleted}, true,
			"Your video “Harbour at dawn” is ready", []string{"Your video “Harbour at dawn” has finished rendering.", link}},
		{"quotes", `Why "AI" matters`, models.RenderAttempt{Status: models.RenderAttemptCompleted}, true,
			`Your video “Why "AI" matters” is ready`, []string{`Your video “Why "AI" matters” has finished`}},
		{"emoji", "Team 👩‍💻 update", models.RenderAttempt{Status: models.RenderAttemptCompleted}, true,
			"Your video “Team 👩‍💻 update” is ready", []string{"“Team 👩‍💻 update”"}},
		{"failed", `A "B"`, models.RenderAttempt{Status: models.RenderAttemptFailed, Error: "The render failed. Please try again."}, true,
			`Your video “A "B"” could not be rendered`, []string{`Rendering your video “A "B"” failed: The render failed.`, "credits were returned", link}},
		{"running", "x", models.RenderAttempt{Status: models.RenderAttemptRendering}, false, "", nil},
		{"cancelled", "x", models.RenderAttempt{Status: models.RenderAttemptCancelled}, false, "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			msg, ok := renderMail(tt.att, tt.video, link)
			if ok != tt.ok || msg.Subject != tt.wantSubject {
				t.Fatalf("renderMail = %q, %v; want %q, %v", msg.Subject, ok, tt.wantSubject, tt.ok)
			}
			for _, w := range tt.wantText {
				if !strings.Contains(msg.Text, w) {
					t.Errorf("text lacks %q:\n%s", w, msg.Text)
				}
			}
			if n := strings.Count(strings.ToLower(msg.Text), "try again"); n > 1 {
				t.Errorf("says try again %d times:\n%s", n, msg.Text)
			}
			if strings.Contains(msg.Subject+msg.Text, `\`) {
				t.Errorf("escaped: %q / %q", msg.Subject, msg.Text)
			}
		})
	}
}
