//go:build !noembed

package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"

	"pagecast/workflows"
)

// TestRunAllSurvivesRestart starts `pagecast run` in-process (embedded Temporal, S3,
// SQLite, API, worker), signs up through the API so the verification e-mail goes
// API -> Temporal -> worker -> activity -> outbox, confirms the link, then restarts on
// the same data dir and finds the user, the session and the workflow history kept.
func TestRunAllSurvivesRestart(t *testing.T) {
	cfg := localConfig(t)
	base := cfg.HTTP.PublicURL
	start := func() (stop func()) { return startRunAll(t, cfg) }

	stop := start()
	c := browser()
	token := csrfToken(t, c, base)
	body := `{"signupEmail":"rae@example.com","signupEmailConfirm":"rae@example.com","signupPassword":"correct-horse","userCategory":"Business","websiteUrl":"example.com"}`
	req, _ := http.NewRequest("POST", base+"/pub/v1/user/register", strings.NewReader(body))
	req.Header.Set("X-CSRF-Token", token)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("register = %d", resp.StatusCode)
	}
	link := waitForLink(t, cfg.Email.OutboxDir, "rae@example.com")
	resp, err = c.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !strings.Contains(resp.Header.Get("Location"), "result=verified") {
		t.Fatalf("confirm = %d %s", resp.StatusCode, resp.Header.Get("Location"))
	}
	stop()

	stop = start()
	defer stop()
	if u := getJSON(t, c, base+"/api/v2/user"); u["email"] != "rae@example.com" || u["isEmailVerified"] != true {
		t.Fatalf("after restart user = %v", u)
	}
	tc, err := client.Dial(client.Options{HostPort: cfg.Temporal.HostPort, Namespace: cfg.Temporal.Namespace})
	if err != nil {
		t.Fatal(err)
	}
	defer tc.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	list, err := tc.ListWorkflow(ctx, &workflowservice.ListWorkflowExecutionsRequest{Namespace: cfg.Temporal.Namespace})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, e := range list.Executions {
		if strings.HasPrefix(e.Execution.WorkflowId, "SendVerificationEmail:") && e.Type.Name == "SendVerificationEmail" {
			found = true
		}
	}
	if !found {
		t.Fatalf("the verification workflow is not in the history after restart: %v", list.Executions)
	}
	ns, err := tc.WorkflowService().DescribeNamespace(ctx, &workflowservice.DescribeNamespaceRequest{Namespace: cfg.Temporal.Namespace})
	if err != nil {
		t.Fatal(err)
	}
	if got := ns.Config.WorkflowExecutionRetentionTtl.AsDuration(); got != 30*24*time.Hour {
		t.Fatalf("namespace retention = %s, want 720h", got)
	}
	if _, err := tc.ScheduleClient().GetHandle(ctx, workflows.PurgeExpiredSessionsScheduleID).Describe(ctx); err != nil {
		t.Fatalf("session purge schedule: %v", err)
	}
	sweep, err := tc.ScheduleClient().GetHandle(ctx, workflows.SweepRenderCacheScheduleID).Describe(ctx)
	if err != nil {
		t.Fatalf("render cache sweep schedule: %v", err)
	}
	if iv := sweep.Schedule.Spec.Intervals; len(iv) != 1 || iv[0].Every != 24*time.Hour {
		t.Fatalf("render cache sweep runs every %+v, want daily", iv)
	}
}
