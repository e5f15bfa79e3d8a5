// Package storetest opens fresh, migrated databases for tests: SQLite always, and
// PostgreSQL when PAGECAST_TEST_POSTGRES_DSN points at a server (each call creates a
// new database there and drops it when the test ends).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // "pgx" driver for creating test databases

	"pagecast/store"
)

// EnvPostgresDSN names the variable that enables the PostgreSQL runs.
const EnvPostgresDSN = "PAGECAST_TEST_POSTGRES_DSN"

// DB is one database a test runs against.
type DB struct {
	Name  string // "sqlite" or "postgres"
	Store *store.Store
	// Options opens the same database again (for another process or a restart).
	Options store.Options
}

// Each runs f as a subtest against every database available: SQLite always, and
// PostgreSQL when PAGECAST_TEST_POSTGRES_DSN is set.
func Each(t *testing.T, f func(t *testing.T, db DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, SQLite(t)) })
	if dsn := PostgresDSN(); dsn != "" {
		t.Run("postgres", func(t *testing.T) { f(t, Postgres(t, dsn)) })
	}
}

// PostgresDSN returns the admin DSN of the test PostgreSQL server, or "".
func PostgresDSN() string { return os.Getenv(EnvPostgresDSN) }

// SQLite opens a fresh migrated SQLite database in a temporary directory.
func SQLite(t testing.TB) DB {
	t.Helper()
	o := store.Options{Driver: "sqlite", DSN: filepath.Join(t.TempDir(), "app.db"), MaxOpenConns: 8}
	return open(t, "sqlite", o)
}

// Postgres creates a new database on the server at adminDSN, migrates it, and drops
// it when the test ends.
func Postgres(t testing.TB, adminDSN string) DB {
	t.Helper()
	dsn, drop, err := CreatePostgresDatabase(adminDSN)
	if err != nil {
		t.Fatal(err)
	}
	o := store.Options{Driver: "postgres", DSN: dsn, MaxOpenConns: 10}
	db := open(t, "postgres", o)
	t.Cleanup(func() {
		if err := drop(); err != nil {
			t.Logf("drop test database: %v", err)
		}
	})
	return db
}

// CreatePostgresDatabase makes a uniquely named database on the server at adminDSN
// (a postgres:// URL) and returns its DSN and a function that drops it.
func CreatePostgresDatabase(adminDSN string) (string, func() error, error) {
	u, err := url.Parse(adminDSN)
	if err != nil {
		return "", nil, fmt.Errorf("storetest: parse %s: %w", EnvPostgresDSN, err)
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "pagecast_test_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", adminDSN)
	if err != nil {
		return "", nil, err
	}
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("storetest: create database: %w", err)
	}
	u.Path = "/" + name
	drop := func() error {
		defer admin.Close()
		_, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		return err
	}
	return u.String(), drop, nil
}

func open(t testing.TB, name string, o store.Options) DB {
	t.Helper()
	ctx := context.Background()
	s, err := store.Open(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return DB{Name: name, Store: s, Options: o}
}
