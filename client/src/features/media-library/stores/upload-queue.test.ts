import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fail, mockApi, ok } from '@/test/mock-api';
import { UploadError, putFile } from '../api/put-file';
import { uploadFile, type Uploader } from '../api/upload-file';
import type { Asset } from '../api/types';
import { deferred, fakeXhr } from '../test/fake-xhr';
import { FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED, MAX_UPLOAD_BYTES } from '../utils/validate-file';
import { enqueueUploads, processUploadQueue, useUploadQueue } from './upload-queue';

function file(name: string, size = 10, type = '') {
  const f = new File(['x'.repeat(Math.min(size, 64))], name, { type });
  if (f.size !== size) Object.defineProperty(f, 'size', { value: size });
  return f;
}

const asset = (assetId: number): Asset => ({ assetId, name: `a${assetId}`, type: 'image', state: 'pending' });

function statuses() {
  return useUploadQueue.getState().items.map((i) => `${i.name}:${i.status}`);
}

beforeEach(() => useUploadQueue.getState().reset());
afterEach(() => useUploadQueue.getState().reset());

describe('upload queue', () => {
  it('uploads one file at a time and starts the next when one succeeds', async () => {
    const calls: Array<{ name: string; done: ReturnType<typeof deferred<Asset>> }> = [];
    const upload: Uploader = vi.fn((f: File) => {
      const done = deferred<Asset>();
      calls.push({ name: f.name, done });
      return done.promise;
    });

    enqueueUploads([file('a.mp4'), file('b.jpg'), file('c.mp3')], upload);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(statuses()).toEqual(['a.mp4:uploading', 'b.jpg:queued', 'c.mp3:queued']);

    // Asking again while one runs starts nothing.
    processUploadQueue(upload);
    enqueueUploads([file('d.png')], upload);
    expect(upload).toHaveBeenCalledTimes(1);

    calls[0].done.resolve(asset(1));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    expect(calls[1].name).toBe('b.jpg');
    expect(statuses()).toEqual(['a.mp4:done', 'b.jpg:uploading', 'c.mp3:queued', 'd.png:queued']);
    expect(useUploadQueue.getState().items[0].assetId).toBe(1);

    calls[1].done.resolve(asset(2));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    calls[2].done.resolve(asset(3));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(4));
    calls[3].done.resolve(asset(4));
    await waitFor(() => expect(statuses()).toEqual(['a.mp4:done', 'b.jpg:done', 'c.mp3:done', 'd.png:done']));
    expect(calls.map((c) => c.name)).toEqual(['a.mp4', 'b.jpg', 'c.mp3', 'd.png']);
  });

  it('starts the next file after a failure and shows why the file failed', async () => {
    const results = [
      () => Promise.reject(new UploadError()),
      () => Promise.reject(new ApiError(413, 'file_too_large', FILE_TOO_LARGE)),
      () => Promise.reject(new ApiError(0, 'network_error', 'error receiving data')),
      () => Promise.resolve(asset(9)),
    ];
    const order: string[] = [];
    const upload: Uploader = vi.fn((f: File) => {
      order.push(f.name);
      return results[order.length - 1]();
    });
    enqueueUploads([file('1.mp4'), file('2.mp4'), file('3.mp4'), file('4.mp4')], upload);
    await waitFor(() => expect(statuses()).toEqual(['1.mp4:failed', '2.mp4:failed', '3.mp4:failed', '4.mp4:done']));
    expect(order).toEqual(['1.mp4', '2.mp4', '3.mp4', '4.mp4']);
    expect(useUploadQueue.getState().items.map((i) => i.error)).toEqual([
      'Failed to upload file',
      FILE_TOO_LARGE,
      'Failed to upload file',
      undefined,
    ]);
  });

  it('a synchronous throw also ends the file and moves on', async () => {
    let n = 0;
    const upload: Uploader = vi.fn(() => {
      n += 1;
      if (n === 1) throw new Error('boom');
      return Promise.resolve(asset(2));
    });
    enqueueUploads([file('a.png'), file('b.png')], upload);
    await waitFor(() => expect(statuses()).toEqual(['a.png:failed', 'b.png:done']));
  });

  it('never sends refused files and shows their message', async () => {
    const upload: Uploader = vi.fn(() => Promise.resolve(asset(1)));
    enqueueUploads(
      [file('virus.exe'), file('big.mp4', MAX_UPLOAD_BYTES + 1), file('empty.txt', 0), file('ok.png')],
      upload,
    );
    await waitFor(() => expect(statuses()).toEqual(['virus.exe:refused', 'big.mp4:refused', 'empty.txt:refused', 'ok.png:done']));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(vi.mocked(upload).mock.calls[0][0].name).toBe('ok.png');
    const errors = useUploadQueue.getState().items.map((i) => i.error);
    expect(errors).toEqual([FILE_TYPE_NOT_ALLOWED, FILE_TOO_LARGE, FILE_TYPE_NOT_ALLOWED, undefined]);
  });

  it('with only refused files nothing is sent at all', () => {
    const upload: Uploader = vi.fn(() => Promise.resolve(asset(1)));
    enqueueUploads([file('a.exe'), file('b.txt', 0)], upload);
    expect(upload).not.toHaveBeenCalled();
  });

  it('records progress of the running file and clears finished entries', async () => {
    const done = deferred<Asset>();
    let report: (f: number) => void = () => {};
    const upload: Uploader = (_f, onProgress) => {
      report = onProgress;
      return done.promise;
    };
    enqueueUploads([file('a.mp4'), file('b.exe')], upload);
    report(0.42);
    expect(useUploadQueue.getState().items[0].progress).toBe(0.42);
    useUploadQueue.getState().clearFinished();
    expect(statuses()).toEqual(['a.mp4:uploading']);
    done.resolve(asset(1));
    await waitFor(() => expect(statuses()).toEqual(['a.mp4:done']));
    expect(useUploadQueue.getState().items[0].progress).toBe(1);
  });
});

describe('uploadFile (presigned URL flow)', () => {
  beforeEach(() => {
    document.cookie = 'pagecast_csrf=c1; path=/';
  });

  it('asks for a URL, PUTs the bytes with progress, then confirms', async () => {
    const { find } = mockApi({
      'POST /api/v2/upload/url': ok({
        url: 'http://s3.local/bucket/key?sig=1',
        fileUploadId: 'up-1',
        method: 'PUT',
        headers: { 'Content-Type': 'video/mp4' },
      }),
      'POST /api/v2/upload/confirmUpload': ok(asset(5), 201),
    });
    const xhr = fakeXhr();
    const progress: number[] = [];
    const f = file('clip.mp4', 20, 'video/mp4');
    const result = uploadFile(f, (p) => progress.push(p));

    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    const put = xhr.requests[0];
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('http://s3.local/bucket/key?sig=1');
    expect(put.headers).toEqual({ 'Content-Type': 'video/mp4' });
    expect(put.headers).not.toHaveProperty('X-CSRF-Token');
    expect(put.withCredentials).toBe(false);
    expect(put.body).toBe(f);
    expect(find('POST /api/v2/upload/confirmUpload')).toHaveLength(0);

    put.progress(5, 20);
    put.progress(20, 20);
    put.respond(200);
    await expect(result).resolves.toMatchObject({ assetId: 5 });
    expect(progress).toEqual([0.25, 1, 1]);
    expect(find('POST /api/v2/upload/url')[0].body).toEqual({ name: 'clip.mp4', type: 'video/mp4', size: 20 });
    expect(find('POST /api/v2/upload/url')[0].headers.get('X-CSRF-Token')).toBe('c1');
    expect(find('POST /api/v2/upload/confirmUpload')[0].body).toEqual({ fileUploadId: 'up-1' });
  });

  it('fills in the MIME type when the browser gives none', async () => {
    const { find } = mockApi({ 'POST /api/v2/upload/url': fail(400, 'file_type_not_allowed', 'File type not allowed') });
    await expect(uploadFile(file('voice.opus', 3))).rejects.toMatchObject({ code: 'file_type_not_allowed' });
    expect(find('POST /api/v2/upload/url')[0].body).toEqual({ name: 'voice.opus', type: 'audio/opus', size: 3 });
  });

  it('a non-ok PUT is "Failed to upload file" and nothing is confirmed', async () => {
    const { find } = mockApi({
      'POST /api/v2/upload/url': ok({ url: 'http://s3.local/k', fileUploadId: 7, method: 'PUT', headers: { 'Content-Type': 'image/png' } }),
      'POST /api/v2/upload/confirmUpload': ok(asset(1), 201),
    });
    fakeXhr(403);
    await expect(uploadFile(file('a.png', 3, 'image/png'))).rejects.toThrow('Failed to upload file');
    expect(find('POST /api/v2/upload/confirmUpload')).toHaveLength(0);
  });

  it('putFile rejects on a network error', async () => {
    const xhr = fakeXhr();
    const sent = putFile('http://s3.local/k', new Blob(['x']));
    xhr.requests[0].fail();
    await expect(sent).rejects.toBeInstanceOf(UploadError);
    await expect(putFile('', new Blob(['x']))).rejects.toBeInstanceOf(UploadError);
  });
});
