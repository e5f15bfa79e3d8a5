import { describe, expect, it } from 'vitest';
import type { SlideAsset } from '../api/types';
import { cueRow, isTextSlide, videoSubtitleStyle, withoutOverrides } from './subtitle-preview';

const asset = (type: SlideAsset['type']) => ({ type }) as SlideAsset;

describe('withoutOverrides (media.withoutOverrides)', () => {
  it.each([
    ['plain text', 'Solar power', 'Solar power'],
    ['one block', '{\\b1}Hi', 'Hi'],
    // TestSubtitleFilesDropOverrideBlocks' cue.
    [
      'blocks anywhere, several commands in one',
      '{\\an8}{\\b1}Solar{\\b0} power\n{\\i1\\c&H0000FF&}costs {less}{\\i0} & <more>',
      'Solar power\ncosts {less} & <more>',
    ],
    ['a brace without a backslash stays', '{less} is {more}', '{less} is {more}'],
    ['a backslash not right after the brace stays', '{ \\b1}Hi', '{ \\b1}Hi'],
    ['a block that never closes stays', '{\\b1 Hi', '{\\b1 Hi'],
    ['a block ends at its first closing brace', '{\\pos(0,0)}{\\b1{\\i1}Hi}', 'Hi}'],
    ['a block may span lines', '{\\b1\n}Hi', 'Hi'],
    ['nothing but a block', '{\\an8}', ''],
  ])('%s', (_, text, want) => {
    expect(withoutOverrides(text)).toBe(want);
  });
});

describe('isTextSlide (activities.slideMedia)', () => {
  it.each([
    ['a picture', [asset('image')], false],
    ['a clip', [asset('video')], false],
    ['a text item', [asset('text')], true],
    ['no media at all', [], true],
    ['only a sound', [asset('audio')], true],
    ['a sound, then a picture', [asset('audio'), asset('image')], false],
    // The first text, picture or clip decides, as the render takes it.
    ['text before a picture', [asset('text'), asset('image')], true],
    ['a clip before text', [asset('video'), asset('text')], false],
  ])('%s', (_, assetList, want) => {
    expect(isTextSlide({ assetList })).toBe(want);
  });
});

describe('cueRow (media.lowCueStyle, overTextSlide)', () => {
  const style = (position: 'bottom' | 'middle' | 'top', marginVertical: number) => ({ position, marginVertical });
  it.each([
    ['middle over a picture stays', style('middle', 67), 'horizontal', false, { position: 'middle', marginVertical: 67 }],
    ['middle over a text slide goes to the bottom row', style('middle', 80), 'horizontal', true, { position: 'bottom', marginVertical: 80 }],
    // Without a margin of its own, the default style's: a sixteenth of the canvas's height.
    ['middle without a margin, 16:9', style('middle', 0), 'horizontal', true, { position: 'bottom', marginVertical: 67 }],
    ['middle without a margin, 9:16', style('middle', 0), 'vertical', true, { position: 'bottom', marginVertical: 120 }],
    ['bottom over a text slide stays', style('bottom', 50), 'horizontal', true, { position: 'bottom', marginVertical: 50 }],
    ['top over a text slide stays', style('top', 50), 'horizontal', true, { position: 'top', marginVertical: 50 }],
    ['bottom without a margin keeps none', style('bottom', 0), 'horizontal', true, { position: 'bottom', marginVertical: 0 }],
    ['no style: the default look', undefined, 'vertical', false, { position: 'bottom', marginVertical: 120 }],
  ] as const)('%s', (_, s, aspectRatio, overTextSlide, want) => {
    expect(cueRow(s, aspectRatio, overTextSlide)).toEqual(want);
  });
});

describe("videoSubtitleStyle (the store's VideoSubtitleStyle)", () => {
  const styles = [
    { subtitleStyleConfigId: 3, isDefault: true },
    { subtitleStyleConfigId: 20, isDefault: false },
  ];
  it.each([
    ['the chosen style', 20, 20],
    ['none chosen: the format default', null, 3],
    ['one not in the list (another format, or gone): the format default', 99, 3],
  ])('%s', (_, id, want) => {
    expect(videoSubtitleStyle(styles, id)?.subtitleStyleConfigId).toBe(want);
  });
  it('is none while no style is known', () => {
    expect(videoSubtitleStyle([], 20)).toBeUndefined();
  });
});
