import { create } from 'zustand';
import { isApiError } from '@/lib/api-client';
import type { Uploader } from '../api/upload-file';
import { UPLOAD_FAILED, UploadError } from '../api/put-file';
import { validateFile } from '../utils/validate-file';

/** refused: failed the client-side checks and is never sent. */
export type UploadStatus = 'refused' | 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  id: string;
  file: File;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0..1, bytes sent to storage. */
  progress: number;
  error?: string;
  assetId?: number;
}

interface UploadQueueState {
  items: UploadItem[];
  /** Checks each file and appends it: queued when valid, refused (with its message) otherwise. */
  add: (files: Iterable<File>) => UploadItem[];
  update: (id: string, patch: Partial<UploadItem>) => void;
  /** Removes finished, failed and refused entries. */
  clearFinished: () => void;
  reset: () => void;
}

let counter = 0;

export const useUploadQueue = create<UploadQueueState>()((set) => ({
  items: [],
  add: (files) => {
    const added: UploadItem[] = [];
    for (const file of files) {
      counter += 1;
      const error = validateFile(file);
      added.push({
        id: `u${counter}`,
        file,
        name: file.name,
        size: file.size,
        status: error ? 'refused' : 'queued',
        progress: 0,
        error,
      });
    }
    set((state) => ({ items: [...state.items, ...added] }));
    return added;
  },
  update: (id, patch) =>
    set((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...patch } : item)) })),
  clearFinished: () =>
    set((state) => ({ items: state.items.filter((item) => item.status === 'queued' || item.status === 'uploading') })),
  reset: () => set({ items: [] }),
}));

/** Storage and network failures read 'Failed to upload file'; refusals by the API keep the server's message. */
function failureMessage(error: unknown): string {
  if (error instanceof UploadError) return error.message;
  if (isApiError(error) && error.code !== 'network_error' && error.message) return error.message;
  return UPLOAD_FAILED;
}

/**
 * Starts the next queued file unless one is already uploading. When that upload ends, successfully or
 * not, the following one starts. Files upload strictly one at a time; refused files are skipped.
 */
export function processUploadQueue(upload: Uploader): void {
  const { items, update } = useUploadQueue.getState();
  if (items.some((item) => item.status === 'uploading')) return;
  const next = items.find((item) => item.status === 'queued');
  if (!next) return;
  update(next.id, { status: 'uploading', progress: 0 });
  let settled: Promise<unknown>;
  try {
    settled = upload(next.file, (fraction) => {
      const current = useUploadQueue.getState().items.find((item) => item.id === next.id);
      if (current?.status === 'uploading') update(next.id, { progress: fraction });
    }).then(
      (asset) => update(next.id, { status: 'done', progress: 1, assetId: asset?.assetId }),
      (error: unknown) => update(next.id, { status: 'failed', error: failureMessage(error) }),
    );
  } catch (error) {
    update(next.id, { status: 'failed', error: failureMessage(error) });
    settled = Promise.resolve();
  }
  void settled.then(() => processUploadQueue(upload));
}

/** Adds files to the queue and makes sure it is running. */
export function enqueueUploads(files: Iterable<File>, upload: Uploader): UploadItem[] {
  const added = useUploadQueue.getState().add(files);
  processUploadQueue(upload);
  return added;
}
