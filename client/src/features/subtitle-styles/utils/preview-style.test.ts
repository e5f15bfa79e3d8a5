import { describe, expect, it } from 'vitest';
import { normalizeSubtitleStyle } from '../api/normalize';
import { ownStyle, rawStyle } from '../test/fixtures';
import { subtitlePreviewStyle } from './preview-style';

describe('subtitlePreviewStyle', () => {
  it('scales the sizes of a 1920 px wide canvas to the width of the preview', () => {
    const { text, box } = subtitlePreviewStyle(normalizeSubtitleStyle(rawStyle()), 'horizontal');
    // 54 px on a 1920 px canvas, as libass sizes fonts (line height, about 0.86 em).
    expect(text.fontSize).toBe(`${Number(((54 * 0.86) / 1920 * 100).toFixed(3))}cqw`);
    expect(text).toMatchObject({ fontWeight: 700, fontStyle: 'normal', color: '#FFFFFF', fontFamily: "'DejaVu Sans', sans-serif" });
    // Outline 3 px outside the glyph: a 6 px stroke under the fill; a shadow 2 px down and right.
    expect(text.WebkitTextStroke).toBe('0.313cqw #000000');
    expect(text.paintOrder).toBe('stroke fill');
    expect(text.textShadow).toBe('0.104cqw 0.104cqw 0cqw #000000');
    // Margins 96 px left and right of 1920, 67 px up from the bottom of 1080.
    expect(box).toMatchObject({ left: '5%', right: '5%', bottom: '6.204%', transformOrigin: 'bottom center' });
    expect(box.transform).toBeUndefined();
  });

  it('turns the text counter-clockwise by the angle, as ASS does', () => {
    const { text, box } = subtitlePreviewStyle(normalizeSubtitleStyle(ownStyle({ angle: 15, position: 'top', marginVertical: 108 })), 'horizontal');
    expect(box).toMatchObject({ top: '10%', transform: 'rotate(-15deg)', transformOrigin: 'top center' });
    expect(text).toMatchObject({ fontStyle: 'italic', color: '#00FF88', fontFamily: "'DejaVu Serif', serif" });
  });

  it('keeps the shadow down and right on the screen when the text is turned, as libass draws it', () => {
    const shadow = (angle: number) =>
      subtitlePreviewStyle(normalizeSubtitleStyle(rawStyle({ angle, shadowOffset: 10, blurEdges: 0 })), 'horizontal').text.textShadow;
    // 10 px of 1920 is 0.521cqw; the box turns by -angle, the offset by +angle.
    expect(shadow(0)).toBe('0.521cqw 0.521cqw 0cqw #000000');
    expect(shadow(180)).toBe('-0.521cqw -0.521cqw 0cqw #000000');
    expect(shadow(90)).toBe('-0.521cqw 0.521cqw 0cqw #000000');
    expect(shadow(270)).toBe('0.521cqw -0.521cqw 0cqw #000000');
  });

  it('centres a middle line and ignores its vertical margin', () => {
    const { box } = subtitlePreviewStyle(normalizeSubtitleStyle(rawStyle({ position: 'middle', marginVertical: 500, angle: 90 })), 'horizontal');
    expect(box).toMatchObject({ top: '50%', transform: 'translateY(-50%) rotate(-90deg)' });
    expect(box.bottom).toBeUndefined();
  });

  it('measures a vertical style against 1080x1920 and blurs its edges', () => {
    const style = normalizeSubtitleStyle(rawStyle({ aspectRatio: 'vertical', fontFamily: 'DejaVu Sans Mono', marginLeft: 54, marginVertical: 192, shadowOffset: 0, blurEdges: 10, outline: 0, spacing: 27 }));
    const { text, box } = subtitlePreviewStyle(style, 'vertical');
    expect(box).toMatchObject({ left: '5%', bottom: '10%' });
    expect(text.letterSpacing).toBe('2.5cqw');
    expect(text.fontFamily).toBe("'DejaVu Sans Mono', monospace");
    expect(text.WebkitTextStroke).toBeUndefined();
    expect(text.textShadow).toBe('0 0 0.926cqw #FFFFFF');
  });
});
