import { describe, expect, it } from 'vitest';
import { BUILD_FAILED_FALLBACK, generatingProgress } from './generating-steps';

const video = (over: { buildStage?: number; buildStep?: string; buildError?: string; pageUrl?: string }) => ({
  buildStage: 1,
  buildStep: '',
  buildError: '',
  pageUrl: '',
  ...over,
});

describe('generating progress', () => {
  it('is "Preparing to create" before the first answer', () => {
    const p = generatingProgress(undefined);
    expect(p.state).toBe('working');
    expect(p.current).toBe('preparing');
    expect(p.message).toBe('Preparing to create…');
  });

  it.each([
    ['retrievingContent', 'Retrieving content…'],
    ['generatingScript', 'Generating script…'],
    ['summarizing', 'Summarizing…'],
    ['splittingText', 'Splitting into slides…'],
    ['matchingMedia', 'Matching media…'],
    ['generatingNarration', 'Generating narration…'],
  ])('buildStep %s shows %s', (buildStep, message) => {
    const p = generatingProgress(video({ buildStep, pageUrl: 'https://example.com' }));
    expect(p.state).toBe('working');
    expect(p.current).toBe(buildStep);
    expect(p.message).toBe(message);
    expect(p.steps.find((s) => s.status === 'current')?.key).toBe(buildStep);
  });

  it.each([
    [1, 'splittingText'],
    [2, 'matchingMedia'],
    [3, 'generatingNarration'],
  ])('without a known buildStep, buildStage %i means %s', (buildStage, current) => {
    expect(generatingProgress(video({ buildStage, buildStep: 'somethingNew' })).current).toBe(current);
  });

  it('marks earlier steps done and later ones to do, in order', () => {
    const p = generatingProgress(video({ buildStage: 2, buildStep: 'matchingMedia', pageUrl: 'https://example.com/a' }));
    expect(p.steps.map((s) => [s.key, s.status])).toEqual([
      ['retrievingContent', 'done'],
      ['splittingText', 'done'],
      ['matchingMedia', 'current'],
      ['generatingNarration', 'todo'],
    ]);
    expect(p.fraction).toBeCloseTo(0.5);
  });

  it('shows retrieving content only for page videos', () => {
    const p = generatingProgress(video({ buildStep: 'splittingText' }));
    expect(p.steps.map((s) => s.key)).toEqual(['splittingText', 'matchingMedia', 'generatingNarration']);
  });

  it('is done at ReadyToRender or on the ready step', () => {
    for (const v of [video({ buildStage: 4, buildStep: 'generatingNarration' }), video({ buildStage: 3, buildStep: 'ready' })]) {
      const p = generatingProgress(v);
      expect(p.state).toBe('done');
      expect(p.fraction).toBe(1);
      expect(p.steps.every((s) => s.status === 'done')).toBe(true);
    }
  });

  it('failed shows the build error, or a fallback', () => {
    expect(generatingProgress(video({ buildStep: 'failed', buildError: 'The page could not be read.' }))).toMatchObject({
      state: 'failed',
      error: 'The page could not be read.',
    });
    expect(generatingProgress(video({ buildStep: 'failed', buildStage: 2 })).error).toBe(BUILD_FAILED_FALLBACK);
  });
});
