import { STYLE_CANVAS, type StyleAspectRatio, type SubtitlePosition, type SubtitleStyleFields } from '@/features/subtitle-styles';
import type { Slide } from '../api/types';

// The editor's preview draws a slide's subtitles where and as the render burns them. These are the render's rules
// (media/subtitles.go, media/render.go, activities/render.go), kept in step with them.

/** assOverride is an ASS override block in cue text ("{\b1}", "{\an8}", "{\pos(0,0)}"): a brace and a backslash up
 * to the next closing brace (media.assOverride). */
const assOverride = /\{\\[^}]*\}/g;

/**
 * withoutOverrides drops the ASS override blocks of cue or slide text, as the render does (media.withoutOverrides):
 * subtitle text is plain text, styled by the subtitle style alone. Braces that open no override stay text.
 */
export function withoutOverrides(text: string): string {
  return text.replace(assOverride, '');
}

/**
 * isTextSlide: whether the render draws the slide as a text slide, its text on a plain background
 * (activities.slideMedia): its first text, picture or clip item is text, or it has no picture or clip.
 */
export function isTextSlide(slide: Pick<Slide, 'assetList'>): boolean {
  const first = slide.assetList.find((a) => a.type === 'text' || a.type === 'image' || a.type === 'video');
  return !first || first.type === 'text';
}

/** CueRow is where a cue is drawn: the row and the vertical margin, in pixels of the style's canvas. */
export interface CueRow {
  position: SubtitlePosition;
  marginVertical: number;
}

/**
 * cueRow: where the render draws a cue of style (the default look, at the bottom, when there is none yet). A middle
 * cue over a text slide goes to the bottom row, at the style's vertical margin or the default style's (a sixteenth of
 * the canvas's height) when it has none, as the slide's own text stands in the middle (media.lowCueStyle).
 */
export function cueRow(
  style: Pick<SubtitleStyleFields, 'position' | 'marginVertical'> | undefined,
  aspectRatio: StyleAspectRatio,
  overTextSlide: boolean,
): CueRow {
  const defaultMargin = Math.floor(STYLE_CANVAS[aspectRatio].height / 16);
  if (!style) return { position: 'bottom', marginVertical: defaultMargin };
  if (style.position === 'middle' && overTextSlide) {
    return { position: 'bottom', marginVertical: style.marginVertical > 0 ? style.marginVertical : defaultMargin };
  }
  return { position: style.position, marginVertical: Math.max(style.marginVertical, 0) };
}

/**
 * videoSubtitleStyle: the style the render uses for a video, among the styles of its format
 * (store.VideoSubtitleStyle): the chosen one, else the format's default.
 */
export function videoSubtitleStyle<S extends { subtitleStyleConfigId: number; isDefault: boolean }>(
  styles: S[],
  chosenId: number | null,
): S | undefined {
  return styles.find((s) => s.subtitleStyleConfigId === chosenId) ?? styles.find((s) => s.isDefault);
}
