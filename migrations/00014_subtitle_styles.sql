-- Subtitle style configs (spec 000 "Subtitle style config", spec 001 "Subtitle style
-- editor limits"): how burned-in and ASS subtitles look. Built-in styles (publisher_id
-- NULL) are shown to every account and edited by nobody; the others belong to one
-- account. Sizes and margins are pixels of the style's canvas (1920x1080 or 1080x1920).

-- +goose Up
CREATE TABLE subtitle_style_configs (
    id {{id}},
    publisher_id BIGINT REFERENCES publishers(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    aspect_ratio TEXT NOT NULL CHECK (aspect_ratio IN ('horizontal', 'vertical')),
    font_family TEXT NOT NULL,
    font_size INTEGER NOT NULL CHECK (font_size BETWEEN 10 AND 200),
    bold BOOLEAN NOT NULL DEFAULT FALSE,
    italic BOOLEAN NOT NULL DEFAULT FALSE,
    primary_color TEXT NOT NULL,
    outline_color TEXT NOT NULL,
    shadow_color TEXT NOT NULL,
    spacing INTEGER NOT NULL DEFAULT 0 CHECK (spacing BETWEEN 0 AND 100),
    outline INTEGER NOT NULL DEFAULT 0 CHECK (outline BETWEEN 0 AND 50),
    shadow_offset INTEGER NOT NULL DEFAULT 0 CHECK (shadow_offset BETWEEN 0 AND 50),
    blur_edges INTEGER NOT NULL DEFAULT 0 CHECK (blur_edges BETWEEN 0 AND 50),
    margin_left INTEGER NOT NULL DEFAULT 0 CHECK (margin_left BETWEEN 0 AND 200),
    margin_right INTEGER NOT NULL DEFAULT 0 CHECK (margin_right BETWEEN 0 AND 200),
    margin_vertical INTEGER NOT NULL DEFAULT 0 CHECK (margin_vertical BETWEEN 0 AND 1910),
    angle INTEGER NOT NULL DEFAULT 0 CHECK (angle BETWEEN 0 AND 359),
    position TEXT NOT NULL CHECK (position IN ('bottom', 'middle', 'top')),
    created_at {{time}} NOT NULL,
    updated_at {{time}} NOT NULL
);
-- An account's styles, newest first.
CREATE INDEX subtitle_style_configs_publisher ON subtitle_style_configs (publisher_id, created_at);

-- The built-in styles, added one by one to the new table so that they take ids 1 to 4:
-- 3 and 4 are the spec's defaults for 16:9 and 9:16, the look every render had before
-- styles were configurable (media.DefaultSubtitleStyle on each canvas).
INSERT INTO subtitle_style_configs (publisher_id, name, aspect_ratio, font_family, font_size, bold, italic,
    primary_color, outline_color, shadow_color, spacing, outline, shadow_offset, blur_edges,
    margin_left, margin_right, margin_vertical, angle, position, created_at, updated_at)
VALUES (NULL, 'Bold yellow', 'horizontal', 'DejaVu Sans', 64, TRUE, FALSE, 'FFD400', '000000', '000000',
    0, 4, 0, 0, 96, 96, 80, 0, 'bottom', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);
INSERT INTO subtitle_style_configs (publisher_id, name, aspect_ratio, font_family, font_size, bold, italic,
    primary_color, outline_color, shadow_color, spacing, outline, shadow_offset, blur_edges,
    margin_left, margin_right, margin_vertical, angle, position, created_at, updated_at)
VALUES (NULL, 'Bold yellow', 'vertical', 'DejaVu Sans', 72, TRUE, FALSE, 'FFD400', '000000', '000000',
    0, 5, 0, 0, 60, 60, 480, 0, 'bottom', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);
INSERT INTO subtitle_style_configs (publisher_id, name, aspect_ratio, font_family, font_size, bold, italic,
    primary_color, outline_color, shadow_color, spacing, outline, shadow_offset, blur_edges,
    margin_left, margin_right, margin_vertical, angle, position, created_at, updated_at)
VALUES (NULL, 'Classic', 'horizontal', 'DejaVu Sans', 54, TRUE, FALSE, 'FFFFFF', '000000', '000000',
    0, 3, 2, 0, 96, 96, 67, 0, 'bottom', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);
INSERT INTO subtitle_style_configs (publisher_id, name, aspect_ratio, font_family, font_size, bold, italic,
    primary_color, outline_color, shadow_color, spacing, outline, shadow_offset, blur_edges,
    margin_left, margin_right, margin_vertical, angle, position, created_at, updated_at)
VALUES (NULL, 'Classic', 'vertical', 'DejaVu Sans', 54, TRUE, FALSE, 'FFFFFF', '000000', '000000',
    0, 3, 2, 0, 54, 54, 120, 0, 'bottom', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP);

-- +goose Down
DROP TABLE subtitle_style_configs;
