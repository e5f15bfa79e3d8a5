import { describe, expect, it } from 'vitest';
import {
  FILE_FORMAT,
  FILE_TOO_LARGE,
  MAX_CLONE_FILE_BYTES,
  NO_FILES,
  TOO_MANY_FILES,
  validateCloneFiles,
} from './validate-clone-files';

const f = (name: string, size = 1000) => ({ name, size });
const many = (n: number) => Array.from({ length: n }, (_, i) => f(`s${i}.mp3`));

describe('validateCloneFiles', () => {
  it.each([
    ['no files', [], NO_FILES],
    ['one mp3', [f('a.mp3')], null],
    ['every allowed format', ['mp3', 'ogg', 'aac', 'mpeg', 'opus', 'wav', 'flac'].map((e) => f(`x.${e}`)), null],
    ['upper-case extension', [f('A.WAV')], null],
    ['10 files', many(10), null],
    ['11 files', many(11), TOO_MANY_FILES],
    ['exactly 10,000,000 bytes', [f('a.wav', MAX_CLONE_FILE_BYTES)], null],
    ['one byte over', [f('a.wav', MAX_CLONE_FILE_BYTES + 1)], FILE_TOO_LARGE],
    ['mp4', [f('a.mp4')], FILE_FORMAT],
    ['no extension', [f('voice')], FILE_FORMAT],
  ])('%s', (_, files, expected) => {
    expect(validateCloneFiles(files)).toBe(expected);
  });

  it('uses the spec wording', () => {
    expect(TOO_MANY_FILES).toBe('You can only upload 10 files at a time.');
    expect(FILE_TOO_LARGE).toBe('File size is too large. Please upload a file less than 10MB.');
  });
});
