-- Media library: assets of an account and presigned browser uploads.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE assets (
    id {{id}},
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    asset_type_id INTEGER NOT NULL,
    source INTEGER NOT NULL,
    state TEXT NOT NULL,
    content_type TEXT NOT NULL DEFAULT '',
    size BIGINT NOT NULL DEFAULT 0,
    duration DOUBLE PRECISION NOT NULL DEFAULT 0,
    width INTEGER NOT NULL DEFAULT 0,
    height INTEGER NOT NULL DEFAULT 0,
    video_codec TEXT NOT NULL DEFAULT '',
    audio_codec TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT '',
    source_url TEXT NOT NULL DEFAULT '',
    original_key TEXT NOT NULL DEFAULT '',
    media_key TEXT NOT NULL DEFAULT '',
    preview_key TEXT NOT NULL DEFAULT '',
    thumbnail_key TEXT NOT NULL DEFAULT '',
    error_message TEXT NOT NULL DEFAULT '',
    error_key TEXT NOT NULL DEFAULT '',
    parent_asset_id BIGINT REFERENCES assets(id) ON DELETE SET NULL,
    is_public BOOLEAN NOT NULL DEFAULT FALSE,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL,
    completed_at {{time}},
    deleted_at {{time}},
    objects_deleted_at {{time}}
);
-- The library page: an account's live assets, newest first.
CREATE INDEX assets_publisher_created ON assets (publisher_id, created_at);
-- The sweep for deleted assets whose objects are still stored.
CREATE INDEX assets_deleted ON assets (deleted_at, objects_deleted_at);

CREATE TABLE file_uploads (
    id TEXT PRIMARY KEY,
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    extension TEXT NOT NULL,
    declared_size BIGINT NOT NULL,
    duration DOUBLE PRECISION NOT NULL DEFAULT 0,
    width INTEGER NOT NULL DEFAULT 0,
    height INTEGER NOT NULL DEFAULT 0,
    object_key TEXT NOT NULL,
    asset_id BIGINT REFERENCES assets(id) ON DELETE SET NULL,
    created_at {{time}} NOT NULL,
    expires_at {{time}} NOT NULL
);
CREATE INDEX file_uploads_publisher ON file_uploads (publisher_id);

-- +goose Down
DROP TABLE file_uploads;
DROP TABLE assets;
