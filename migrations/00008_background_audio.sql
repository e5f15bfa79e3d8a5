-- Background audio of videos (spec 000 section 3 "Background audio item"): music from
-- the account's media library under the narration, each at its volume, in order.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE video_background_audios (
    id {{id}},
    video_id BIGINT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    asset_id BIGINT NOT NULL REFERENCES assets(id) ON DELETE CASCADE,
    item_order INTEGER NOT NULL CHECK (item_order >= 1),
    volume INTEGER NOT NULL CHECK (volume >= 0 AND volume <= 100),
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);
CREATE INDEX video_background_audios_video ON video_background_audios (video_id, item_order);

-- +goose Down
DROP TABLE video_background_audios;
