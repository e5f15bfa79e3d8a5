import { describe, expect, it } from 'vitest';
import { buildVoiceParams, VOICE_PAGE_SIZE } from './get-voices';
import type { VoiceFilters } from './types';

const base: VoiceFilters = { search: '', recommendedOnly: true, tags: {} };

describe('buildVoiceParams', () => {
  it.each<[string, VoiceFilters, number, Record<string, unknown>]>([
    ['defaults', base, 1, { recommendedOnly: 'true', page: 1, pageSize: VOICE_PAGE_SIZE }],
    ['recommended off', { ...base, recommendedOnly: false }, 1, { recommendedOnly: 'false', page: 1, pageSize: 1000 }],
    ['search trimmed', { ...base, search: '  English ' }, 1, { recommendedOnly: 'true', search: 'English', page: 1, pageSize: 1000 }],
    ['blank search dropped', { ...base, search: '   ' }, 1, { recommendedOnly: 'true', page: 1, pageSize: 1000 }],
    [
      'tags of several categories',
      { ...base, tags: { 20: [3], 22: [7, 9], 23: [] } },
      1,
      { recommendedOnly: 'true', tags: [3, 7, 9], page: 1, pageSize: 1000 },
    ],
    ['cloned only', { ...base, recommendedOnly: false, cloned: true }, 1, { recommendedOnly: 'false', cloned: 'true', page: 1, pageSize: 1000 }],
    ['second page', base, 2, { recommendedOnly: 'true', page: 2, pageSize: 1000 }],
  ])('%s', (_, filters, page, expected) => {
    const params = Object.fromEntries(Object.entries(buildVoiceParams(filters, page)).filter(([, v]) => v !== undefined));
    expect(params).toEqual(expected);
  });
});
