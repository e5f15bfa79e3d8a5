-- Rendering: each video's render attempts and each account's credit ledger.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
-- One row per render of a video, numbered per video (spec 001 "Render request").
CREATE TABLE render_attempts (
    id {{id}},
    video_id BIGINT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    attempt INTEGER NOT NULL CHECK (attempt >= 1),
    status TEXT NOT NULL CHECK (status IN ('pending', 'rendering', 'completed', 'failed', 'cancelled')),
    required_credits INTEGER NOT NULL CHECK (required_credits >= 0),
    duration_ms INTEGER NOT NULL DEFAULT 0,
    content_key TEXT NOT NULL DEFAULT '',
    thumbnail_key TEXT NOT NULL DEFAULT '',
    subtitles_key_prefix TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    progress REAL NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL,
    finished_at {{time}},
    UNIQUE (video_id, attempt)
);
-- At most one active attempt per video, whatever the application does.
CREATE UNIQUE INDEX render_attempts_one_active ON render_attempts (video_id)
    WHERE status IN ('pending', 'rendering');
CREATE INDEX render_attempts_publisher ON render_attempts (publisher_id, created_at);

-- The credit ledger: only ever appended to; an account's balance is SUM(amount).
-- The unique keys make each step happen once however often it is retried: one
-- reserve, release and capture per attempt, one grant per grant key. An attempt's
-- entries outlive it (SET NULL): discarding a video keeps its charges in the ledger.
CREATE TABLE credit_entries (
    id {{id}},
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('grant', 'reserve', 'release', 'capture')),
    amount INTEGER NOT NULL,
    render_attempt_id BIGINT REFERENCES render_attempts(id) ON DELETE SET NULL,
    grant_key TEXT,
    note TEXT NOT NULL DEFAULT '',
    created_at {{time}} NOT NULL,
    CHECK ((kind = 'grant' AND amount >= 0 AND grant_key IS NOT NULL)
        OR (kind = 'reserve' AND amount <= 0 AND grant_key IS NULL)
        OR (kind = 'release' AND amount >= 0 AND grant_key IS NULL)
        OR (kind = 'capture' AND amount = 0 AND grant_key IS NULL)),
    UNIQUE (render_attempt_id, kind),
    UNIQUE (publisher_id, grant_key)
);
CREATE INDEX credit_entries_publisher_created ON credit_entries (publisher_id, created_at);

-- How many attempts a video has had (its latest attempt number), and when its
-- current content was rendered.
ALTER TABLE videos ADD COLUMN render_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE videos ADD COLUMN rendered_at {{time}};

-- +goose Down
ALTER TABLE videos DROP COLUMN rendered_at;
ALTER TABLE videos DROP COLUMN render_attempts;
DROP TABLE credit_entries;
DROP TABLE render_attempts;
