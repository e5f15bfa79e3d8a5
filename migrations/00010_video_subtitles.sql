-- Subtitles a user edited (spec 000 section 7 "subtitles get/insert/edit/delete").
-- A video without rows shows the subtitles its narration timing makes; the first edit
-- stores the whole list, which from then on is the user's.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE video_subtitles (
    id {{id}},
    video_id BIGINT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    start_ms INTEGER NOT NULL CHECK (start_ms >= 0),
    duration_ms INTEGER NOT NULL CHECK (duration_ms > 0),
    text TEXT NOT NULL,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);
CREATE INDEX video_subtitles_video ON video_subtitles (video_id, start_ms);

-- +goose Down
DROP TABLE video_subtitles;
