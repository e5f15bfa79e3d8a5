package embedded_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	sdklog "go.temporal.io/sdk/log"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"pagecast/embedded"
)

const taskQueue = "embedded-test"

// Greet is the trivial workflow the tests run.
func Greet(ctx workflow.Context, name string) (string, error) {
	return "hello " + name, nil
}

func startTemporal(t *testing.T, o embedded.TemporalOptions) *embedded.Temporal {
	t.Helper()
	o.Logger = slog.New(slog.NewTextHandler(t.Output(), nil))
	begin := time.Now()
	tmp, err := embedded.StartTemporal(t.Context(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("StartTemporal took %s", time.Since(begin))
	t.Cleanup(func() { _ = tmp.Stop() })
	return tmp
}

func dial(t *testing.T, tmp *embedded.Temporal) client.Client {
	t.Helper()
	c, err := client.Dial(client.Options{
		HostPort:  tmp.FrontendHostPort(),
		Namespace: "default",
		Logger:    sdklog.NewStructuredLogger(slog.New(slog.DiscardHandler)),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// runGreet runs Greet to completion as workflow id with a worker on c.
func runGreet(t *testing.T, c client.Client, id string) {
	t.Helper()
	w := worker.New(c, taskQueue, worker.Options{})
	w.RegisterWorkflow(Greet)
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	run, err := c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{ID: id, TaskQueue: taskQueue}, Greet, "pagecast")
	if err != nil {
		t.Fatal(err)
	}
	var got string
	if err := run.Get(ctx, &got); err != nil {
		t.Fatal(err)
	}
	if got != "hello pagecast" {
		t.Fatalf("workflow result %q", got)
	}
}

// waitListed polls visibility until workflow id is listed as completed.
func waitListed(t *testing.T, c client.Client, id string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, err := c.ListWorkflow(t.Context(), &workflowservice.ListWorkflowExecutionsRequest{
			Query: "WorkflowId = '" + id + "'",
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Executions) == 1 && resp.Executions[0].Status == enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("workflow %s not listed as completed: %v", id, resp.Executions)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// freePort is a loopback port for a server the test starts; see
// embedded.ReservePorts for why it is not simply a closed listener's.
func freePort(t *testing.T) int {
	t.Helper()
	ports, err := embedded.ReservePorts("127.0.0.1", 1)
	if err != nil {
		t.Fatal(err)
	}
	return ports[0]
}

func httpGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s %s", url, resp.Status, body)
	}
	return string(body)
}

func TestTemporalWorkflowAndUI(t *testing.T) {
	tmp := startTemporal(t, embedded.TemporalOptions{UIPort: freePort(t), Namespaces: []string{"default", "other"}})
	c := dial(t, tmp)
	runGreet(t, c, "greet-ui")
	waitListed(t, c, "greet-ui")

	ui := tmp.UIAddress()
	if !strings.HasPrefix(ui, "http://127.0.0.1:") {
		t.Fatalf("UIAddress %q", ui)
	}
	if page := httpGet(t, ui+"/"); !strings.Contains(page, "<html") {
		t.Fatalf("UI index is not HTML: %.200s", page)
	}
	// The UI's own API, as used by the browser app.
	var nss struct {
		Namespaces []struct {
			NamespaceInfo struct{ Name string } `json:"namespaceInfo"`
		} `json:"namespaces"`
	}
	if err := json.Unmarshal([]byte(httpGet(t, ui+"/api/v1/namespaces")), &nss); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, ns := range nss.Namespaces {
		names[ns.NamespaceInfo.Name] = true
	}
	if !names["default"] || !names["other"] {
		t.Fatalf("UI namespaces %v", names)
	}
	if runs := httpGet(t, ui+"/api/v1/namespaces/default/workflows"); !strings.Contains(runs, "greet-ui") {
		t.Fatalf("UI workflow list lacks greet-ui: %.500s", runs)
	}
}

func TestTemporalWithoutUI(t *testing.T) {
	tmp := startTemporal(t, embedded.TemporalOptions{})
	if tmp.UIAddress() != "" {
		t.Fatalf("UIAddress %q without UIPort", tmp.UIAddress())
	}
	if err := tmp.Stop(); err != nil {
		t.Fatal(err)
	}
	if err := tmp.Stop(); err != nil {
		t.Fatalf("second Stop: %v", err)
	}
}

// restartDBEnv makes the test binary run only the first life of
// TestTemporalRestart, so that the database is reopened by a new process.
const restartDBEnv = "EMBEDDED_TEMPORAL_RESTART_DB"

func TestTemporalRestart(t *testing.T) {
	if db := os.Getenv(restartDBEnv); db != "" {
		tmp := startTemporal(t, embedded.TemporalOptions{DatabaseFile: db})
		runGreet(t, dial(t, tmp), "greet-restart")
		if err := tmp.Stop(); err != nil {
			t.Fatal(err)
		}
		return
	}

	db := filepath.Join(t.TempDir(), "state", "temporal.db")
	cmd := exec.CommandContext(t.Context(), os.Args[0], "-test.run=^TestTemporalRestart$", "-test.v")
	cmd.Env = append(os.Environ(), restartDBEnv+"="+db)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("first life: %v\n%s", err, out)
	}

	// Second life in this process; then a third after an in-process restart.
	for life := 2; life <= 3; life++ {
		tmp := startTemporal(t, embedded.TemporalOptions{DatabaseFile: db})
		c := dial(t, tmp)
		desc, err := c.DescribeWorkflowExecution(t.Context(), "greet-restart", "")
		if err != nil {
			t.Fatalf("life %d: describe: %v", life, err)
		}
		if st := desc.WorkflowExecutionInfo.Status; st != enumspb.WORKFLOW_EXECUTION_STATUS_COMPLETED {
			t.Fatalf("life %d: status %s", life, st)
		}
		waitListed(t, c, "greet-restart")
		c.Close()
		if err := tmp.Stop(); err != nil {
			t.Fatal(err)
		}
	}
}
