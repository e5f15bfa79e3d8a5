import { describe, expect, it } from 'vitest';
import { normalizeSubtitleStyle } from '../api/normalize';
import { rawStyle } from '../test/fixtures';
import { copyName, draftOf, fieldsOf, numberLimits, previewOf, validateStyleDraft } from './limits';

const classic = normalizeSubtitleStyle(rawStyle());

describe('validateStyleDraft', () => {
  it('accepts a saved style and the edges of every range', () => {
    expect(validateStyleDraft(draftOf(classic), 'horizontal')).toEqual({});
    const lows = { ...draftOf(classic), fontSize: '10', spacing: '0', outline: '0', shadowOffset: '0', blurEdges: '0', marginLeft: '0', marginRight: '0', marginVertical: '0', angle: '0' };
    expect(validateStyleDraft(lows, 'horizontal')).toEqual({});
    const highs = { ...draftOf(classic), fontSize: '200', spacing: '100', outline: '50', shadowOffset: '50', blurEdges: '50', marginLeft: '200', marginRight: '200', marginVertical: '1070', angle: '359' };
    expect(validateStyleDraft(highs, 'horizontal')).toEqual({});
  });

  it('refuses one past every edge, in the server words', () => {
    const over = { ...draftOf(classic), fontSize: '201', spacing: '101', outline: '51', shadowOffset: '51', blurEdges: '51', marginLeft: '201', marginRight: '-1', marginVertical: '1071', angle: '360' };
    expect(validateStyleDraft(over, 'horizontal')).toEqual({
      fontSize: 'Font size must be between 10 and 200.',
      spacing: 'Spacing must be between 0 and 100.',
      outline: 'Outline must be between 0 and 50.',
      shadowOffset: 'Shadow offset must be between 0 and 50.',
      blurEdges: 'Blur edges must be between 0 and 50.',
      marginLeft: 'Left margin must be between 0 and 200.',
      marginRight: 'Right margin must be between 0 and 200.',
      marginVertical: 'Vertical margin must be between 0 and 1070.',
      angle: 'Angle must be between 0 and 359.',
    });
    expect(validateStyleDraft({ ...draftOf(classic), fontSize: '9' }, 'horizontal').fontSize).toBe('Font size must be between 10 and 200.');
  });

  it('measures the vertical margin against the format canvas', () => {
    expect(numberLimits('horizontal').marginVertical.max).toBe(1070);
    expect(numberLimits('vertical').marginVertical.max).toBe(1910);
    expect(validateStyleDraft({ ...draftOf(classic), marginVertical: '1910' }, 'vertical')).toEqual({});
    expect(validateStyleDraft({ ...draftOf(classic), marginVertical: '1911' }, 'vertical').marginVertical).toBe('Vertical margin must be between 0 and 1910.');
  });

  it('wants a name of 1 to 60 characters, a font, whole numbers and 6-digit colours', () => {
    const bad = { ...draftOf(classic), name: '   ', fontFamily: '', fontSize: '', angle: '1.5', outlineColor: 'FFF', shadowColor: '#12345G' };
    expect(validateStyleDraft(bad, 'horizontal')).toEqual({
      name: 'Name is required.',
      fontFamily: 'Choose a font.',
      fontSize: 'Font size is required.',
      angle: 'Angle must be a whole number.',
      outlineColor: 'Outline colour must be a 6-digit hex colour such as FFFFFF.',
      shadowColor: 'Shadow colour must be a 6-digit hex colour such as FFFFFF.',
    });
    expect(validateStyleDraft({ ...draftOf(classic), name: 'x'.repeat(61) }, 'horizontal').name).toBe('Name must be at most 60 characters.');
    expect(validateStyleDraft({ ...draftOf(classic), name: 'x'.repeat(60), primaryColor: '#abcdef' }, 'horizontal')).toEqual({});
  });
});

describe('fieldsOf and previewOf', () => {
  it('sends numbers, upper-case colours without # and a tidy name', () => {
    const fields = fieldsOf({ ...draftOf(classic), name: ' My   style ', fontSize: '80', primaryColor: '#ffd400' });
    expect(fields).toMatchObject({ name: 'My style', fontSize: 80, primaryColor: 'FFD400', outline: 3 });
  });

  it('draws half-typed values with the saved ones and clamps the rest', () => {
    const preview = previewOf({ ...draftOf(classic), fontSize: '', angle: '400', primaryColor: 'FF' }, 'horizontal', classic);
    expect(preview).toMatchObject({ fontSize: 54, angle: 359, primaryColor: 'FFFFFF' });
  });

  it('names a copy after its original, within 60 characters', () => {
    expect(copyName('Classic')).toBe('Classic (copy)');
    expect([...copyName('y'.repeat(60))]).toHaveLength(60);
  });
});
