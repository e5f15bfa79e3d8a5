import { describe, expect, it } from 'vitest';
import { normalizeTones, toggleTone } from './tones';
import {
  charCount,
  INVALID_PAGE_URL,
  normalizePageUrl,
  normalizePrompt,
  PROMPT_TOO_LONG,
  PROMPT_TOO_SHORT,
  SCRIPT_REQUIRED,
  scriptTooLongMessage,
  validatePageUrl,
  validatePrompt,
  validateScript,
} from './validation';

describe('script prompt', () => {
  it('collapses runs of white space and trims', () => {
    expect(normalizePrompt('  five\n\n ways \t to   save  ')).toBe('five ways to save');
  });

  it.each([
    ['', undefined],
    ['   \n ', undefined],
    ['a'.repeat(19), PROMPT_TOO_SHORT],
    ['a'.repeat(20), undefined],
    // 10 + 10 letters with a long gap: 21 characters once collapsed.
    ['aaaaaaaaaa          aaaaaaaaaa', undefined],
    // 19 characters once collapsed, though 40 typed.
    ['aaaaaaaaa                     aaaaaaaaa', PROMPT_TOO_SHORT],
    ['a'.repeat(500), undefined],
    ['a'.repeat(501), PROMPT_TOO_LONG],
    [`${'a'.repeat(250)}      ${'a'.repeat(249)}`, undefined],
  ])('%j -> %s', (prompt, want) => {
    expect(validatePrompt(prompt)).toBe(want);
  });

  it('counts characters as code points, like the server', () => {
    expect(charCount('😀😀')).toBe(2);
    expect(validatePrompt('😀'.repeat(20))).toBeUndefined();
  });
});

describe('page URL', () => {
  it.each([
    ['https://example.com/a', undefined],
    ['http://news.example.org/x?y=1', undefined],
    ['  https://example.com  ', undefined],
    ['', INVALID_PAGE_URL],
    ['example.com/a', undefined],
    ['not a url', INVALID_PAGE_URL],
    ['https://exa mple.com', INVALID_PAGE_URL],
    ['ftp://example.com/file', INVALID_PAGE_URL],
    ['https://intranet/page', INVALID_PAGE_URL],
    ['javascript:alert(1)', INVALID_PAGE_URL],
  ])('%j -> %s', (url, want) => {
    expect(validatePageUrl(url)).toBe(want);
  });

  it('adds https:// to an address without a scheme', () => {
    expect(normalizePageUrl(' example.com/a ')).toBe('https://example.com/a');
    expect(normalizePageUrl('http://example.com')).toBe('http://example.com');
    expect(normalizePageUrl('')).toBe('');
  });
});

describe('script length', () => {
  it('needs some text and no more than the plan allows', () => {
    expect(validateScript('  ', 10)).toBe(SCRIPT_REQUIRED);
    expect(validateScript('0123456789', 10)).toBeUndefined();
    expect(validateScript('01234567890', 10)).toBe(scriptTooLongMessage(10));
    expect(scriptTooLongMessage(7000)).toBe('Script is too long: your plan allows at most 7,000 characters.');
  });
});

describe('tones', () => {
  it('an empty selection becomes Auto', () => {
    expect(normalizeTones([])).toEqual(['match']);
    expect(normalizeTones([' ', ''])).toEqual(['match']);
  });

  it('Auto chosen with others is dropped', () => {
    expect(normalizeTones(['match', 'casual'])).toEqual(['casual']);
    expect(normalizeTones(['casual', 'match', 'casual'])).toEqual(['casual']);
  });

  it('a click on Auto goes back to Auto alone; a click on the last tone too', () => {
    expect(toggleTone(['casual', 'news'], 'match')).toEqual(['match']);
    expect(toggleTone(['casual'], 'casual')).toEqual(['match']);
    expect(toggleTone(['match'], 'business')).toEqual(['business']);
  });
});
