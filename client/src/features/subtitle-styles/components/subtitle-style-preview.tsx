import type { StyleAspectRatio, SubtitleStyleFields } from '../api/types';
import { STYLE_TILE_WIDTH } from '../utils/limits';
import { subtitlePreviewStyle } from '../utils/preview-style';

/** SAMPLE_SUBTITLE: the line every preview shows. */
export const SAMPLE_SUBTITLE = 'Subtitles look like this';

interface SubtitleStylePreviewProps {
  style: SubtitleStyleFields;
  aspectRatio: StyleAspectRatio;
  /** Width in px (at most the space there is); a landscape tile's by default. */
  width?: number;
  /** Makes the preview an image with this name; without it the preview is decoration next to the style's name. */
  label?: string;
  testId?: string;
}

/**
 * SubtitleStylePreview is a sample canvas of the style's format, scaled down, with a line of subtitles drawn by CSS
 * (see subtitlePreviewStyle: an approximation of what libass renders).
 */
export function SubtitleStylePreview({ style, aspectRatio, width = STYLE_TILE_WIDTH[aspectRatio], label, testId }: SubtitleStylePreviewProps) {
  const css = subtitlePreviewStyle(style, aspectRatio);
  return (
    <div
      className={`subtitle-style-preview subtitle-style-preview--${aspectRatio}`}
      style={{ width }}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-testid={testId}
    >
      <div className="subtitle-style-preview__line" style={css.box}>
        <span className="subtitle-style-preview__text" style={css.text}>
          {SAMPLE_SUBTITLE}
        </span>
      </div>
    </div>
  );
}
