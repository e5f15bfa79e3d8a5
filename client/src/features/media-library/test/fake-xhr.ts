import { vi } from 'vitest';

export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  withCredentials: boolean;
  /** Reports upload progress to the page. */
  progress: (loaded: number, total: number) => void;
  /** Ends the request with an HTTP status. */
  respond: (status: number) => void;
  /** Ends the request with a network error. */
  fail: () => void;
}

/**
 * Replaces XMLHttpRequest (used for the storage PUT) with a fake whose requests the test finishes by hand.
 * `autoRespond` answers every request at once with that status.
 */
export function fakeXhr(autoRespond?: number) {
  const requests: FakeUpload[] = [];

  class FakeXMLHttpRequest {
    status = 0;
    withCredentials = false;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    abort() {
      this.onabort?.();
    }

    send(body: unknown) {
      const request: FakeUpload = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        withCredentials: this.withCredentials,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        respond: (status) => {
          this.status = status;
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      };
      requests.push(request);
      if (autoRespond !== undefined) queueMicrotask(() => request.respond(autoRespond));
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { requests };
}

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
