//go:build cluster

package main

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pagecast/store/storetest"
)

// TestCluster runs the docker-compose topology as processes on loopback: an external
// Temporal (`pagecast temporal`), PostgreSQL, the S3 store (`pagecast s3`), one
// `pagecast api` and two `pagecast worker`s, and sends verification e-mails through
// API -> Temporal -> worker -> activity, also after one worker is gone.
func TestCluster(t *testing.T) {
	bin := os.Getenv("PAGECAST_BIN")
	adminDSN := storetest.PostgresDSN()
	if bin == "" || adminDSN == "" {
		t.Skip("needs PAGECAST_BIN and " + storetest.EnvPostgresDSN + " (make test-cluster)")
	}
	dsn, drop, err := storetest.CreatePostgresDatabase(adminDSN)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = drop() })

	dir := t.TempDir()
	temporalPort, s3Port, apiPort := freePort(t), freePort(t), freePort(t)
	apiURL := fmt.Sprintf("http://127.0.0.1:%d", apiPort)
	outbox := filepath.Join(dir, "outbox")
	common := []string{
		"PAGECAST_DATABASE_DRIVER=postgres",
		"PAGECAST_DATABASE_DSN=" + dsn,
		fmt.Sprintf("PAGECAST_TEMPORAL_HOST_PORT=127.0.0.1:%d", temporalPort),
		"PAGECAST_TEMPORAL_UI_PORT=0",
		fmt.Sprintf("PAGECAST_S3_ENDPOINT=http://127.0.0.1:%d", s3Port),
		fmt.Sprintf("PAGECAST_S3_EMBEDDED_ADDR=127.0.0.1:%d", s3Port),
		fmt.Sprintf("PAGECAST_HTTP_ADDR=127.0.0.1:%d", apiPort),
		"PAGECAST_EMAIL_OUTBOX_DIR=" + outbox,
		"PAGECAST_LOG_LEVEL=warn",
	}
	start := func(name, command string) *exec.Cmd {
		t.Helper()
		data := filepath.Join(dir, name)
		cmd := exec.Command(bin, command)
		cmd.Env = append(append(os.Environ(), common...), "PAGECAST_DATA_DIR="+data)
		logFile, err := os.Create(filepath.Join(dir, name+".log"))
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdout, cmd.Stderr = logFile, logFile
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			_ = cmd.Process.Signal(os.Interrupt)
			done := make(chan struct{})
			go func() { _ = cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(15 * time.Second):
				_ = cmd.Process.Kill()
			}
			if t.Failed() {
				b, _ := os.ReadFile(logFile.Name())
				t.Logf("--- %s log ---\n%s", name, b)
			}
		})
		return cmd
	}

	start("temporal", "temporal")
	start("s3", "s3")
	migrate := exec.Command(bin, "migrate")
	migrate.Env = append(append(os.Environ(), common...), "PAGECAST_DATA_DIR="+filepath.Join(dir, "migrate"))
	if out, err := migrate.CombinedOutput(); err != nil {
		t.Fatalf("migrate: %v\n%s", err, out)
	}
	start("api", "api")
	worker1 := start("worker1", "worker")
	start("worker2", "worker")
	waitReady(t, apiURL)

	register := func(email string) {
		t.Helper()
		c := browser()
		token := csrfToken(t, c, apiURL)
		body := fmt.Sprintf(`{"signupEmail":%q,"signupEmailConfirm":%q,"signupPassword":"correct-horse","userCategory":"Individual"}`, email, email)
		req, _ := http.NewRequest("POST", apiURL+"/pub/v1/user/register", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-CSRF-Token", token)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("register %s: %d", email, resp.StatusCode)
		}
		link := waitForLink(t, outbox, email)
		resp, err = c.Get(link)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusSeeOther || !strings.Contains(loc, "result=verified") {
			t.Fatalf("confirm %s: %d %s", email, resp.StatusCode, loc)
		}
		status := getJSON(t, c, apiURL+"/api/v2/user/email/verify/status")
		if status["status"] != "verified" {
			t.Fatalf("status after confirm = %v", status)
		}
	}
	register("first@example.com")
	register("second@example.com")

	// One worker goes away; the other carries on.
	_ = worker1.Process.Signal(os.Interrupt)
	_, _ = worker1.Process.Wait()
	register("third@example.com")
}
