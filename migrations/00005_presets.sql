-- Create-video presets: named sets of video settings. Public presets (published by
-- Pagecast, seeded at API start) are shown to every account; the others belong to
-- one account. {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE create_video_presets (
    id {{id}},
    publisher_id BIGINT REFERENCES publishers(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    is_public BOOLEAN NOT NULL DEFAULT FALSE,
    -- seed_key names a seeded public preset, so seeding upserts it; NULL otherwise.
    seed_key TEXT,
    -- settings is a JSON array of {"key", "datatype", "value"}.
    settings {{json}} NOT NULL,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL,
    CHECK (is_public OR publisher_id IS NOT NULL)
);
CREATE UNIQUE INDEX create_video_presets_seed_key ON create_video_presets (seed_key);
-- An account's presets, newest first.
CREATE INDEX create_video_presets_publisher ON create_video_presets (publisher_id, created_at);

-- +goose Down
DROP TABLE create_video_presets;
