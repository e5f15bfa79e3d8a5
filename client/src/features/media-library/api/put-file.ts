/** Spec 000 §8: a non-ok PUT to storage. */
export const UPLOAD_FAILED = 'Failed to upload file';

export class UploadError extends Error {
  constructor(message = UPLOAD_FAILED) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface PutFileOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends the raw file to the presigned storage URL with XMLHttpRequest (fetch has no upload progress).
 * Cross-origin, without credentials and without the CSRF header. Rejects with UploadError on any failure.
 */
export function putFile(url: string, file: Blob, options: PutFileOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!url) {
      reject(new UploadError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(options.method || 'PUT', url);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve();
      } else {
        reject(new UploadError());
      }
    };
    xhr.onerror = () => reject(new UploadError());
    xhr.onabort = () => reject(new UploadError());
    xhr.ontimeout = () => reject(new UploadError());
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
