// Package store holds Pagecast's queries and transactions, one file per aggregate.
// The same code runs on PostgreSQL (production) and SQLite (`pagecast run`).
package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver

	"pagecast/migrations"
	"pagecast/models"
)

// Store is the app database.
type Store struct {
	db      *gorm.DB
	dialect migrations.Dialect

	fingerprintOnce sync.Once
	fingerprintSQL  string
}

// Options selects and tunes the database.
type Options struct {
	Driver       string // "sqlite" or "postgres"
	DSN          string // file path for sqlite, URL or key=value DSN for postgres
	MaxOpenConns int
}

// Open connects to the database. It does not migrate: call Migrate.
func Open(ctx context.Context, o Options) (*Store, error) {
	cfg := &gorm.Config{
		TranslateError: true,
		Logger:         logger.Discard,
		NowFunc:        func() time.Time { return time.Now().UTC() },
	}
	var (
		db      *gorm.DB
		err     error
		dialect migrations.Dialect
	)
	switch o.Driver {
	case "sqlite":
		dialect = migrations.SQLite
		if dir := filepath.Dir(o.DSN); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return nil, fmt.Errorf("store: create %s: %w", dir, err)
			}
		}
		db, err = gorm.Open(sqlite.New(sqlite.Config{DriverName: "sqlite", DSN: sqliteDSN(o.DSN)}), cfg)
	case "postgres":
		dialect = migrations.Postgres
		db, err = gorm.Open(postgres.Open(o.DSN), cfg)
	default:
		return nil, fmt.Errorf("store: unknown driver %q", o.Driver)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", o.Driver, err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if o.MaxOpenConns > 0 {
		sqlDB.SetMaxOpenConns(o.MaxOpenConns)
		sqlDB.SetMaxIdleConns(o.MaxOpenConns)
	}
	if err := sqlDB.PingContext(ctx); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("store: ping %s: %w", o.Driver, err)
	}
	return &Store{db: db, dialect: dialect}, nil
}

// sqliteDSN turns a file path into a modernc DSN: WAL for concurrent readers, a busy
// timeout so writers queue instead of failing, foreign keys on, and write
// transactions that take the lock at BEGIN (no upgrade deadlocks).
func sqliteDSN(path string) string {
	if strings.HasPrefix(path, "file:") {
		return path
	}
	return "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
}

// Migrate applies pending migrations and returns the schema version.
func (s *Store) Migrate(ctx context.Context) (int64, error) {
	sqlDB, err := s.db.DB()
	if err != nil {
		return 0, err
	}
	return migrations.Up(ctx, sqlDB, s.dialect)
}

// Ping checks the database answers, for readiness.
func (s *Store) Ping(ctx context.Context) error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.PingContext(ctx)
}

// Close releases the connections.
func (s *Store) Close() error {
	sqlDB, err := s.db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// Dialect names the database in use.
func (s *Store) Dialect() migrations.Dialect { return s.dialect }

// translate maps GORM's errors to our sentinels, with context.
func translate(err error, what string) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return fmt.Errorf("%s: %w", what, models.ErrNotFound)
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("%s: %w", what, models.ErrConflict)
	case isUniqueViolation(err):
		return fmt.Errorf("%s: %w", what, models.ErrConflict)
	default:
		return fmt.Errorf("%s: %w", what, err)
	}
}

// isUniqueViolation catches SQLite's unique errors, which GORM's sqlite dialector
// only translates for the cgo driver.
func isUniqueViolation(err error) bool {
	return strings.Contains(err.Error(), "UNIQUE constraint failed")
}

// DB exposes the GORM handle to tests and benchmarks of this module.
func (s *Store) DB() *gorm.DB { return s.db }

// isNotFound reports whether err is GORM's record-not-found.
func isNotFound(err error) bool { return errors.Is(err, gorm.ErrRecordNotFound) }
