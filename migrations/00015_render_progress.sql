-- How far a running render was when an API process last heard from its workflow, so
-- every API process can answer it while no worker can (docs/decisions.md "Progress").
-- progress (00007) and scenes_rendered and scenes_reused (00013) count so far while
-- the attempt runs; scenes_total is the number of scenes its plan has.

-- +goose Up
ALTER TABLE render_attempts ADD COLUMN scenes_total INTEGER NOT NULL DEFAULT 0 CHECK (scenes_total >= 0);

-- +goose Down
ALTER TABLE render_attempts DROP COLUMN scenes_total;
