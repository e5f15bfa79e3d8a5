package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestLoadDefaults(t *testing.T) {
	t.Chdir(t.TempDir())
	c, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if c.Database.Driver != "sqlite" || c.Database.DSN != filepath.Join("data", "pagecast.db") {
		t.Errorf("database = %+v", c.Database)
	}
	if c.HTTP.PublicURL != "http://127.0.0.1:8080" {
		t.Errorf("public url = %q", c.HTTP.PublicURL)
	}
	// Under the 30 s a container platform usually waits after SIGTERM.
	if c.Temporal.WorkerStopTimeout != 25*time.Second {
		t.Errorf("worker stop timeout = %v", c.Temporal.WorkerStopTimeout)
	}
}

func TestLoadReadsOnlyPagecastYAML(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	// A binary built in the working directory is not a config file.
	if err := os.WriteFile(filepath.Join(dir, "pagecast"), []byte("\x7fELF\x02\x01\x01\x00"), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(""); err != nil {
		t.Fatalf("Load with a pagecast binary beside it: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pagecast.yaml"), []byte("log:\n  level: debug\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load("")
	if err != nil || c.Log.Level != "debug" {
		t.Fatalf("Load with pagecast.yaml = %+v, %v", c.Log, err)
	}
}

func TestLoadRejectsBadKeys(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		yaml    string
		wantKey string
	}{
		{name: "bad driver", env: map[string]string{"PAGECAST_DATABASE_DRIVER": "mysql"}, wantKey: "database.driver"},
		{name: "postgres without dsn", env: map[string]string{"PAGECAST_DATABASE_DRIVER": "postgres"}, wantKey: "database.dsn"},
		{name: "bad addr", env: map[string]string{"PAGECAST_HTTP_ADDR": "nope"}, wantKey: "http.addr"},
		{name: "bad duration", env: map[string]string{"PAGECAST_AUTH_SESSION_TTL": "forever"}, wantKey: "auth.session_ttl"},
		{name: "captcha without secret", env: map[string]string{"PAGECAST_CAPTCHA_PROVIDER": "turnstile"}, wantKey: "captcha.secret"},
		{name: "negative worker stop timeout", env: map[string]string{"PAGECAST_TEMPORAL_WORKER_STOP_TIMEOUT": "-1s"}, wantKey: "temporal.worker_stop_timeout"},
		{name: "bad log level", yaml: "log:\n  level: loud\n", wantKey: "log.level"},
		{name: "unknown yaml key", yaml: "http:\n  adr: x\n", wantKey: "http.adr"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			for k, v := range tt.env {
				t.Setenv(k, v)
			}
			file := ""
			if tt.yaml != "" {
				file = filepath.Join(dir, "pagecast.yaml")
				if err := os.WriteFile(file, []byte(tt.yaml), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			_, err := Load(file)
			if err == nil || !strings.Contains(err.Error(), tt.wantKey) {
				t.Fatalf("err = %v, want one naming %s", err, tt.wantKey)
			}
		})
	}
}

func TestMaskedHidesSecrets(t *testing.T) {
	t.Chdir(t.TempDir())
	t.Setenv("PAGECAST_DATABASE_DRIVER", "postgres")
	t.Setenv("PAGECAST_DATABASE_DSN", "postgres://app:hunter2@db:5432/pagecast")
	t.Setenv("PAGECAST_EMAIL_SMTP_PASSWORD", "smtp-secret")
	c, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	m := c.Masked()
	for k, v := range m {
		s, _ := v.(string)
		if strings.Contains(s, "hunter2") || strings.Contains(s, "smtp-secret") || strings.Contains(s, "pagecast-local-secret") {
			t.Errorf("%s leaks a secret: %q", k, s)
		}
	}
	if m["database.dsn"] != "postgres://app:%2A%2A%2A@db:5432/pagecast" && m["database.dsn"] != "postgres://app:***@db:5432/pagecast" {
		t.Errorf("dsn = %v", m["database.dsn"])
	}
}
