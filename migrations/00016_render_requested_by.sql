-- Render attempts the API stored but never started (issue: stalled renders). The
-- RenderVideo workflow's input names the user to e-mail; a reconciler that starts the
-- workflow later needs it from the attempt. Attempts made before this migration, and
-- those whose user was removed since, have none: their render e-mails nobody.

-- +goose Up
ALTER TABLE render_attempts ADD COLUMN requested_by BIGINT REFERENCES publisher_users(id) ON DELETE SET NULL;
-- The reconciler's question, "which attempts are still active and older than a few
-- minutes?", pages by ID through the active attempts only (at most one per video).
CREATE INDEX render_attempts_active ON render_attempts (id)
    WHERE status IN ('pending', 'rendering');

-- +goose Down
DROP INDEX render_attempts_active;
ALTER TABLE render_attempts DROP COLUMN requested_by;
