-- How a completed render attempt came about (issue #7): how many of its scenes were
-- rendered and how many reused, unchanged, from an earlier render's segments.
-- Attempts that completed before this migration count 0 of both.

-- +goose Up
ALTER TABLE render_attempts ADD COLUMN scenes_rendered INTEGER NOT NULL DEFAULT 0 CHECK (scenes_rendered >= 0);
ALTER TABLE render_attempts ADD COLUMN scenes_reused INTEGER NOT NULL DEFAULT 0 CHECK (scenes_reused >= 0);

-- +goose Down
ALTER TABLE render_attempts DROP COLUMN scenes_reused;
ALTER TABLE render_attempts DROP COLUMN scenes_rendered;
