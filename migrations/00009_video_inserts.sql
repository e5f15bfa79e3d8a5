-- Inserts of videos (spec 000 section 3 "Video insert"): a clip from the account's
-- media library played before the video (intro, 1), after it (outro, 2) or before
-- every scene (scene prepend, 3); one of each type per video.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE video_inserts (
    id {{id}},
    video_id BIGINT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    insert_type_id INTEGER NOT NULL CHECK (insert_type_id IN (1, 2, 3)),
    asset_id BIGINT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL,
    UNIQUE (video_id, insert_type_id)
);

-- +goose Down
DROP TABLE video_inserts;
