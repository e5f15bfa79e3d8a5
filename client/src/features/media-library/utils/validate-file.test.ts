import { describe, expect, it } from 'vitest';
import {
  ALLOWED_EXTENSIONS,
  FILE_EMPTY,
  FILE_TOO_LARGE,
  FILE_TYPE_NOT_ALLOWED,
  MAX_UPLOAD_BYTES,
  NO_FILE,
  extensionOf,
  mimeTypeOf,
  validateFile,
} from './validate-file';

describe('validateFile', () => {
  it('allows exactly the documented extensions', () => {
    expect([...ALLOWED_EXTENSIONS].sort()).toEqual(
      ['.jpg', '.jpeg', '.png', '.gif', '.mp3', '.mp4', '.avi', '.webp', '.webm', '.mov', '.ogg', '.aac', '.mpeg', '.opus', '.wav', '.flac'].sort(),
    );
    expect(MAX_UPLOAD_BYTES).toBe(524_288_000);
    expect(FILE_TOO_LARGE).toBe('File is too large. The maximum size is 500 MB.');
  });

  it.each([
    ['clip.mp4', 1000, undefined],
    ['CLIP.MP4', 1000, undefined],
    ['photo.jpg', 1, undefined],
    ['photo.jpeg', 1, undefined],
    ['pic.png', 1, undefined],
    ['anim.gif', 1, undefined],
    ['pic.webp', 1, undefined],
    ['song.mp3', 1, undefined],
    ['movie.avi', 1, undefined],
    ['movie.webm', 1, undefined],
    ['movie.mov', 1, undefined],
    ['sound.ogg', 1, undefined],
    ['sound.aac', 1, undefined],
    ['movie.mpeg', 1, undefined],
    ['voice.opus', 1, undefined],
    ['voice.wav', 1, undefined],
    ['voice.flac', 1, undefined],
    ['my.holiday.photo.png', 1, undefined],
    ['exactly-500mb.mp4', MAX_UPLOAD_BYTES, undefined],
    ['one-byte-over.mp4', MAX_UPLOAD_BYTES + 1, FILE_TOO_LARGE],
    ['huge.mov', 2 * MAX_UPLOAD_BYTES, FILE_TOO_LARGE],
    ['setup.exe', 1000, FILE_TYPE_NOT_ALLOWED],
    ['notes.txt', 0, FILE_TYPE_NOT_ALLOWED],
    ['document.pdf', 10, FILE_TYPE_NOT_ALLOWED],
    ['archive.mp4.zip', 10, FILE_TYPE_NOT_ALLOWED],
    ['image.svg', 10, FILE_TYPE_NOT_ALLOWED],
    ['noextension', 10, FILE_TYPE_NOT_ALLOWED],
    ['trailingdot.', 10, FILE_TYPE_NOT_ALLOWED],
    ['.mp4', 10, FILE_TYPE_NOT_ALLOWED],
    ['empty.png', 0, FILE_EMPTY],
    ['', 10, NO_FILE],
  ])('%s (%d bytes)', (name, size, expected) => {
    expect(validateFile({ name, size })).toBe(expected);
  });

  it('refuses a missing file', () => {
    expect(validateFile(undefined)).toBe(NO_FILE);
    expect(validateFile(null)).toBe(NO_FILE);
  });
});

describe('file helpers', () => {
  it.each([
    ['a.MP3', '.mp3'],
    ['a.b.Jpeg', '.jpeg'],
    ['noext', ''],
    ['.hidden', ''],
  ])('extensionOf(%s) = %s', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });

  it.each([
    [{ name: 'a.mp4', type: 'video/mp4' }, 'video/mp4'],
    [{ name: 'a.opus', type: '' }, 'audio/opus'],
    [{ name: 'a.mov', type: '' }, 'video/quicktime'],
    [{ name: 'a.JPG', type: '' }, 'image/jpeg'],
    [{ name: 'a.unknown', type: '' }, 'application/octet-stream'],
  ])('mimeTypeOf(%o) = %s', (file, mime) => {
    expect(mimeTypeOf(file)).toBe(mime);
  });
});
