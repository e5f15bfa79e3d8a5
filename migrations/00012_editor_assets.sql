-- Editor media help (issue #7, contract group B): avatars, whose gender the avatar
-- suggestion compares with a voice's (spec 000 section 4 "Avatar suggestion"), and the
-- count of editor automatch runs of a video, which numbers their workflow IDs
-- (AutomatchVideo:<videoId>:<n>).
-- An avatar is shown by an asset (source 12, "avatar"); a slide uses it when the
-- asset is among the slide's media. Catalogue avatars have no publisher.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE avatars (
    id {{id}},
    publisher_id BIGINT REFERENCES publishers(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    gender TEXT NOT NULL DEFAULT '' CHECK (gender IN ('', 'male', 'female')),
    asset_id BIGINT REFERENCES assets(id) ON DELETE SET NULL,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL,
    deleted_at {{time}}
);
CREATE INDEX avatars_asset ON avatars (asset_id);

ALTER TABLE videos ADD COLUMN automatch_runs INTEGER NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE videos DROP COLUMN automatch_runs;
DROP TABLE avatars;
