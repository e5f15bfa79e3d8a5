-- Voices: the narrator catalogue and accounts' cloned voices, with their tags.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE voices (
    id {{id}},
    name TEXT NOT NULL,
    gender TEXT NOT NULL DEFAULT '',
    language_code TEXT NOT NULL DEFAULT '',
    provider INTEGER NOT NULL,
    provider_voice_id TEXT NOT NULL,
    is_recommended BOOLEAN NOT NULL DEFAULT FALSE,
    is_public BOOLEAN NOT NULL DEFAULT FALSE,
    cloned BOOLEAN NOT NULL DEFAULT FALSE,
    publisher_id BIGINT REFERENCES publishers(id) ON DELETE CASCADE,
    sample_key TEXT NOT NULL DEFAULT '',
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL,
    deleted_at {{time}},
    provider_deleted_at {{time}},
    CHECK (NOT cloned OR publisher_id IS NOT NULL)
);
-- Seeding upserts by provider and the provider's voice id.
CREATE UNIQUE INDEX voices_provider_voice ON voices (provider, provider_voice_id);
-- An account's cloned voices (the clone limit counts them).
CREATE INDEX voices_publisher ON voices (publisher_id);

-- Tags of any entity, by category (tag group kind); voices use categories 20 to 24.
CREATE TABLE tags (
    id {{id}},
    tag_category_id INTEGER NOT NULL,
    tag TEXT NOT NULL,
    parent_tag_id BIGINT REFERENCES tags(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX tags_category_tag ON tags (tag_category_id, tag);

CREATE TABLE voice_tags (
    voice_id BIGINT NOT NULL REFERENCES voices(id) ON DELETE CASCADE,
    tag_id BIGINT NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    PRIMARY KEY (voice_id, tag_id)
);
CREATE INDEX voice_tags_tag ON voice_tags (tag_id);

-- +goose Down
DROP TABLE voice_tags;
DROP TABLE tags;
DROP TABLE voices;
