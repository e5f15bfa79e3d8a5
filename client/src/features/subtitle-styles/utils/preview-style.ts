import type { CSSProperties } from 'react';
import type { StyleAspectRatio, SubtitleStyleFields } from '../api/types';
import { STYLE_CANVAS } from './limits';

/**
 * ASS_EM: libass sizes a font by its line height (ascent + descent), CSS by its em; DejaVu's line is about 1.16 em, so
 * an ASS size of 54 draws glyphs about as big as a CSS size of 46.
 */
const ASS_EM = 0.86;

/** genericFamily: what the browser draws when it does not have the renderer's font. */
function genericFamily(fontFamily: string): string {
  const f = fontFamily.toLowerCase();
  if (f.includes('mono')) return 'monospace';
  if (f.includes('serif') && !f.includes('sans')) return 'serif';
  return 'sans-serif';
}

/** round3 rounds to thousandths, so that a turned offset of 0 is 0 and not -0 or 1e-16. */
function round3(n: number): number {
  return Math.round(n * 1000) / 1000 || 0;
}

/** SubtitlePreviewStyle: the CSS of the line of sample text (text) and of the box that places it on the canvas (box). */
export interface SubtitlePreviewStyle {
  box: CSSProperties;
  text: CSSProperties;
}

/**
 * subtitlePreviewStyle draws a style with CSS on a canvas of any width: every size is in cqw (hundredths of the
 * preview's width), so a 1920 px wide canvas scaled down to a 338 px tile keeps its proportions.
 *
 * It is an honest approximation, not the render: libass draws the real subtitles. The outline is a stroke twice as
 * wide painted under the fill (so `outline` pixels show outside the glyph, as in ASS), the shadow a text-shadow moved
 * down and right, blur a soft edge in the outline's colour (or the text's without an outline), the angle a rotation
 * counter-clockwise (ASS) about the point the subtitles hang from. Browsers without the font draw a similar one.
 */
export function subtitlePreviewStyle(style: SubtitleStyleFields, aspectRatio: StyleAspectRatio): SubtitlePreviewStyle {
  const canvas = STYLE_CANVAS[aspectRatio];
  const cqw = (px: number) => `${Number(((px / canvas.width) * 100).toFixed(3))}cqw`;
  const percentOfHeight = (px: number) => `${Number(((px / canvas.height) * 100).toFixed(3))}%`;

  const shadows: string[] = [];
  if (style.shadowOffset > 0) {
    // libass moves the shadow down and right on the screen whatever the angle; a text-shadow turns with its box, so
    // its offset is turned back by the angle.
    const a = (style.angle * Math.PI) / 180;
    const d = style.shadowOffset;
    const x = round3(d * Math.cos(a) - d * Math.sin(a));
    const y = round3(d * Math.sin(a) + d * Math.cos(a));
    shadows.push(`${cqw(x)} ${cqw(y)} ${cqw(style.blurEdges)} #${style.shadowColor}`);
  }
  if (style.blurEdges > 0) {
    shadows.push(`0 0 ${cqw(style.blurEdges)} #${style.outline > 0 ? style.outlineColor : style.primaryColor}`);
  }

  const text: CSSProperties = {
    fontFamily: `'${style.fontFamily.replace(/'/g, '')}', ${genericFamily(style.fontFamily)}`,
    fontSize: cqw(style.fontSize * ASS_EM),
    fontWeight: style.bold ? 700 : 400,
    fontStyle: style.italic ? 'italic' : 'normal',
    color: `#${style.primaryColor}`,
    letterSpacing: cqw(style.spacing),
    WebkitTextStroke: style.outline > 0 ? `${cqw(style.outline * 2)} #${style.outlineColor}` : undefined,
    paintOrder: 'stroke fill',
    textShadow: shadows.length ? shadows.join(', ') : 'none',
  };

  const rotate = style.angle ? ` rotate(${-style.angle}deg)` : '';
  const box: CSSProperties = {
    left: `${Number(((style.marginLeft / canvas.width) * 100).toFixed(3))}%`,
    right: `${Number(((style.marginRight / canvas.width) * 100).toFixed(3))}%`,
  };
  if (style.position === 'top') {
    box.top = percentOfHeight(style.marginVertical);
    box.transformOrigin = 'top center';
    box.transform = rotate.trim() || undefined;
  } else if (style.position === 'middle') {
    // ASS ignores the vertical margin of a middle line.
    box.top = '50%';
    box.transformOrigin = 'center';
    box.transform = `translateY(-50%)${rotate}`;
  } else {
    box.bottom = percentOfHeight(style.marginVertical);
    box.transformOrigin = 'bottom center';
    box.transform = rotate.trim() || undefined;
  }
  return { box, text };
}
