-- A slide's own sound and picture settings (editor, issue #7): a muted slide keeps
-- its time on screen but its narration is not heard and it has no subtitles; the
-- transform says how its picture fills the frame ({"fit":"cover"|"contain",
-- "crop":{"x","y","width","height"}|null} as fractions of the picture; NULL = cover,
-- whole picture).
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
ALTER TABLE layers ADD COLUMN muted BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE layers ADD COLUMN transform {{json}};

-- +goose Down
ALTER TABLE layers DROP COLUMN transform;
ALTER TABLE layers DROP COLUMN muted;
