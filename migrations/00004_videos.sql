-- Videos: an account's narrated videos, their scenes, slides (layers) and slide media.
-- {{id}}, {{time}} and {{json}} are rendered per database by migrations.go.

-- +goose Up
CREATE TABLE videos (
    id {{id}},
    publisher_id BIGINT NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
    created_by BIGINT REFERENCES publisher_users(id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    text TEXT NOT NULL DEFAULT '',
    keywords {{json}},
    page_url TEXT NOT NULL DEFAULT '',
    aspect_ratio TEXT NOT NULL,
    voice_id BIGINT REFERENCES voices(id) ON DELETE SET NULL,
    template_id INTEGER NOT NULL DEFAULT 0,
    subtitle_style_config_id INTEGER NOT NULL DEFAULT 0,
    hardcode_subtitles BOOLEAN NOT NULL DEFAULT FALSE,
    pause_after_slide_ms INTEGER NOT NULL,
    max_sentences_per_slide INTEGER NOT NULL,
    can_create_text_slides BOOLEAN NOT NULL DEFAULT FALSE,
    generate_taglines BOOLEAN NOT NULL DEFAULT FALSE,
    automatch {{json}},
    initial_assets {{json}},
    is_voiceover BOOLEAN NOT NULL DEFAULT FALSE,
    voiceover_asset_id BIGINT REFERENCES assets(id) ON DELETE SET NULL,
    create_video_request_id TEXT NOT NULL DEFAULT '',
    build_stage INTEGER NOT NULL,
    build_step TEXT NOT NULL DEFAULT '',
    build_error TEXT NOT NULL DEFAULT '',
    draft BOOLEAN NOT NULL DEFAULT TRUE,
    render_status TEXT NOT NULL DEFAULT '',
    content_key TEXT NOT NULL DEFAULT '',
    thumbnail_key TEXT NOT NULL DEFAULT '',
    duration_ms INTEGER NOT NULL DEFAULT 0,
    copied_from BIGINT,
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL,
    deleted_at {{time}}
);
-- Manage Videos: an account's live videos, newest first.
CREATE INDEX videos_publisher_created ON videos (publisher_id, created_at);

CREATE TABLE scenes (
    id {{id}},
    video_id BIGINT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    scene_order INTEGER NOT NULL,
    template_id INTEGER NOT NULL DEFAULT 0,
    needs_audio BOOLEAN NOT NULL DEFAULT TRUE,
    audio_error TEXT NOT NULL DEFAULT '',
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);
CREATE INDEX scenes_video ON scenes (video_id, scene_order);

-- Slides are "layers" in the spec's calls.
CREATE TABLE layers (
    id {{id}},
    scene_id BIGINT NOT NULL REFERENCES scenes(id) ON DELETE CASCADE,
    video_id BIGINT NOT NULL REFERENCES videos(id) ON DELETE CASCADE,
    layer_order INTEGER NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    tagline TEXT NOT NULL DEFAULT '',
    keywords {{json}},
    paragraph INTEGER NOT NULL DEFAULT -1,
    voice_id BIGINT REFERENCES voices(id) ON DELETE SET NULL,
    is_full_screen BOOLEAN NOT NULL DEFAULT FALSE,
    is_placeholder BOOLEAN NOT NULL DEFAULT FALSE,
    duration_ms INTEGER NOT NULL DEFAULT 0,
    narration_asset_id BIGINT REFERENCES assets(id) ON DELETE SET NULL,
    narration_hash TEXT NOT NULL DEFAULT '',
    narration_ms INTEGER NOT NULL DEFAULT 0,
    narration_timings {{json}},
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);
CREATE INDEX layers_scene ON layers (scene_id, layer_order);
CREATE INDEX layers_video ON layers (video_id);

-- The media of a slide: an asset of the account, or a text slide (asset_id NULL).
CREATE TABLE layer_assets (
    id {{id}},
    layer_id BIGINT NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
    asset_id BIGINT REFERENCES assets(id) ON DELETE CASCADE,
    position INTEGER NOT NULL DEFAULT 0,
    kind TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    automatched BOOLEAN NOT NULL DEFAULT FALSE,
    created_at {{time}} NOT NULL
);
CREATE INDEX layer_assets_layer ON layer_assets (layer_id, position);

-- Assets a video owns (narration audio) are kept out of the media library.
ALTER TABLE assets ADD COLUMN video_id BIGINT REFERENCES videos(id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE assets DROP COLUMN video_id;
DROP TABLE layer_assets;
DROP TABLE layers;
DROP TABLE scenes;
DROP TABLE videos;
