import type { CSSProperties } from 'react';
import { STYLE_CANVAS, type StyleAspectRatio } from '@/features/subtitle-styles';
import type { Slide } from '../api/types';
import { type CueRow, withoutOverrides } from '../utils/subtitle-preview';

/** SubtitleCue is one line of the preview's subtitles, in seconds from the start of its slide. */
export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

/**
 * slideCues: what the preview shows under a slide. A muted slide has none; otherwise its narration's sentences, or
 * its whole text for as long as it is on screen when it has no timed sentences yet. Override blocks are dropped, as
 * the render drops them, and a cue they leave blank shows nothing, as in the render.
 */
export function slideCues(slide: Slide, seconds: number): SubtitleCue[] {
  if (slide.muted) return [];
  const sentences = slide.narration?.sentences ?? [];
  const cues =
    sentences.length > 0
      ? sentences.map((s) => ({ start: s.startMs / 1000, end: (s.startMs + s.durationMs) / 1000, text: s.text }))
      : [{ start: 0, end: seconds, text: slide.text }];
  return cues.map((c) => ({ ...c, text: withoutOverrides(c.text).trim() })).filter((c) => c.text !== '');
}

/** cueAt: the cue shown at a time (start inclusive, end exclusive), if any. */
export function cueAt(cues: SubtitleCue[], time: number): SubtitleCue | undefined {
  return cues.find((c) => time >= c.start && time < c.end);
}

/** rowStyle places the subtitles in their row on a canvas of the format; ASS ignores a middle line's margin. */
function rowStyle(row: CueRow, aspectRatio: StyleAspectRatio): CSSProperties {
  const margin = `${Number(((row.marginVertical / STYLE_CANVAS[aspectRatio].height) * 100).toFixed(3))}%`;
  if (row.position === 'top') return { top: margin, bottom: 'auto' };
  if (row.position === 'middle') return { top: '50%', bottom: 'auto', transform: 'translateY(-50%)' };
  return { top: 'auto', bottom: margin };
}

/** SubtitlePlayer draws the current subtitle over the preview picture, in the row the render draws it in. */
export function SubtitlePlayer({
  cues,
  time,
  row,
  aspectRatio,
}: {
  cues: SubtitleCue[];
  time: number;
  row: CueRow;
  aspectRatio: StyleAspectRatio;
}) {
  const cue = cueAt(cues, time);
  return (
    <div
      className="subtitle-player"
      style={rowStyle(row, aspectRatio)}
      aria-hidden={cue ? undefined : true}
      data-position={row.position}
      data-testid="subtitle-player"
    >
      {cue && (
        <span className="subtitle-player__line" data-testid="subtitle-line">
          {cue.text}
        </span>
      )}
    </div>
  );
}
