import type { Slide } from '../api/types';

/** SubtitleCue is one line of the preview's subtitles, in seconds from the start of its slide. */
export interface SubtitleCue {
  start: number;
  end: number;
  text: string;
}

/**
 * slideCues: what the preview shows under a slide. A muted slide has none; otherwise its narration's sentences, or
 * its whole text for as long as it is on screen when it has no timed sentences yet.
 */
export function slideCues(slide: Slide, seconds: number): SubtitleCue[] {
  if (slide.muted) return [];
  const sentences = slide.narration?.sentences ?? [];
  if (sentences.length > 0) {
    return sentences.map((s) => ({ start: s.startMs / 1000, end: (s.startMs + s.durationMs) / 1000, text: s.text }));
  }
  return slide.text.trim() ? [{ start: 0, end: seconds, text: slide.text.trim() }] : [];
}

/** cueAt: the cue shown at a time (start inclusive, end exclusive), if any. */
export function cueAt(cues: SubtitleCue[], time: number): SubtitleCue | undefined {
  return cues.find((c) => time >= c.start && time < c.end);
}

/** SubtitlePlayer draws the current subtitle over the preview picture. */
export function SubtitlePlayer({ cues, time }: { cues: SubtitleCue[]; time: number }) {
  const cue = cueAt(cues, time);
  return (
    <div className="subtitle-player" aria-hidden={cue ? undefined : true} data-testid="subtitle-player">
      {cue && (
        <span className="subtitle-player__line" data-testid="subtitle-line">
          {cue.text}
        </span>
      )}
    </div>
  );
}
