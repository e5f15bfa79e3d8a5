import { describe, expect, it } from 'vitest';
import { MEDIA_POLL_MS, isInProgress, overlayFor, pollInterval, stateOf } from './asset-state';
import { formatDuration, formatSize } from './format';

describe('tile overlay by state', () => {
  it.each([
    ['pending', 'processing'],
    ['processing', 'processing'],
    ['complete', null],
    ['created', null],
    ['error', 'error'],
    ['failed', 'error'],
    ['', 'error'],
  ])('%s -> %s', (state, overlay) => {
    expect(overlayFor(state)).toBe(overlay);
  });

  it('reads the numeric status when the state string is missing', () => {
    expect(stateOf({ state: undefined as never, status: 2 })).toBe('pending');
    expect(stateOf({ state: undefined as never, status: 4 })).toBe('complete');
    expect(stateOf({ state: undefined as never, status: 5 })).toBe('error');
    expect(stateOf({ state: 'processing', status: 4 })).toBe('processing');
  });

  it('is in progress only while pending or processing', () => {
    expect(['created', 'pending', 'processing', 'complete', 'error'].filter(isInProgress)).toEqual(['pending', 'processing']);
  });
});

describe('polling stop condition', () => {
  const a = (state: string) => ({ state: state as never });
  it.each([
    ['no data yet', undefined, false],
    ['empty page', [], false],
    ['all complete', [a('complete'), a('complete')], false],
    ['created and error only', [a('created'), a('error')], false],
    ['one pending', [a('complete'), a('pending')], MEDIA_POLL_MS],
    ['one processing', [a('error'), a('processing')], MEDIA_POLL_MS],
  ])('%s', (_name, assets, expected) => {
    expect(pollInterval(assets)).toBe(expected);
  });
});

describe('formatDuration (m:ss)', () => {
  it.each([
    [undefined, ''],
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [0.3, '0:01'],
    [3, '0:03'],
    [3.04, '0:03'],
    [59.6, '1:00'],
    [75, '1:15'],
    [600, '10:00'],
    [3725, '62:05'],
  ])('%s -> "%s"', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('formats sizes', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(524_288_000)).toBe('500 MB');
  });
});
