-- Plans and script generation: an account's standalone plan (it sets the script
-- length limit, domain.ScriptLimit) and each user's script generation throttle.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
ALTER TABLE publishers ADD COLUMN plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'paid'));

-- When a user may next generate or restyle a script; one row per user who has.
CREATE TABLE script_throttles (
    publisher_user_id BIGINT PRIMARY KEY REFERENCES publisher_users(id) ON DELETE CASCADE,
    next_allowed_at {{time}} NOT NULL
);

-- +goose Down
DROP TABLE script_throttles;
ALTER TABLE publishers DROP COLUMN plan;
