import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { notify } from '@/stores/notifications';
import { useBulkDeleteAssets } from '../api/bulk-delete-assets';
import { useDeleteAsset } from '../api/delete-asset';
import { MEDIA_PAGE_SIZE, useAssets } from '../api/get-assets';
import type { Asset, AssetTypeFilter } from '../api/types';
import { useUpdateAsset } from '../api/update-asset';
import { useUploadFile } from '../api/upload-file';
import { enqueueUploads } from '../stores/upload-queue';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ALLOWED_EXTENSIONS } from '../utils/validate-file';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ImportUrlForm } from './import-url-form';
import { MediaFilters, TYPE_FILTERS } from './media-filters';
import { MediaTile } from './media-tile';
import { Pagination } from '@/components/pagination';
import { UploadQueue } from './upload-queue';
import './media-library.css';

export const SEARCH_DEBOUNCE_MS = 300;
export const EMPTY_TEXT = 'No media yet — drop files here or import from a URL';

type PendingDelete = { kind: 'one'; asset: Asset } | { kind: 'bulk'; ids: number[] };

function parseType(raw: string | null): AssetTypeFilter {
  return TYPE_FILTERS.find((f) => f.value === raw)?.value ?? 'all';
}

function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer?.types ?? []).includes('Files');
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

/** /dashboard/media-library: upload, import, browse, rename and delete the user's media. */
export function MediaLibraryPage() {
  const [params, setParams] = useSearchParams();
  const type = parseType(params.get('type'));
  const page = parsePage(params.get('page'));
  const name = (params.get('q') ?? '').trim();

  function setView(patch: { type?: AssetTypeFilter; page?: number; q?: string }) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        const apply = (key: string, value: string | undefined, unset: string) => {
          if (value === undefined) return;
          if (value === unset || value === '') next.delete(key);
          else next.set(key, value);
        };
        apply('type', patch.type, 'all');
        apply('q', patch.q, '');
        apply('page', patch.page === undefined ? undefined : String(patch.page), '1');
        return next;
      },
      { replace: true },
    );
  }

  // Name search: typed freely, sent to the server once typing pauses.
  const [search, setSearch] = useState(params.get('q') ?? '');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  useEffect(() => {
    if (debouncedSearch !== name) setView({ q: debouncedSearch, page: 1 });
    // Only a new debounced value should touch the URL.
  }, [debouncedSearch]);

  const list = useAssets({ page, type, name });
  const assets = list.data?.assets ?? [];
  const totalItems = list.data?.totalItems ?? 0;
  const pageSize = list.data?.pageSize ?? MEDIA_PAGE_SIZE;
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  const filtered = type !== 'all' || name !== '';

  // A page emptied by deletions (or a stale link) moves back to the last page that has items.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || list.data.assets.length > 0 || page === 1) return;
    setView({ page: Math.min(page - 1, totalPages) });
  }, [list.data, list.isPlaceholderData, page, totalPages]);

  // Selection belongs to what is on screen: another page or filter starts empty.
  const viewKey = `${type}|${name}|${page}`;
  const [selection, setSelection] = useState<{ key: string; ids: number[] }>({ key: viewKey, ids: [] });
  const visible = new Set(assets.map((a) => a.assetId));
  const selectedIds = selection.key === viewKey ? selection.ids.filter((id) => visible.has(id)) : [];
  const allSelected = assets.length > 0 && selectedIds.length === assets.length;

  function setSelected(assetId: number, selected: boolean) {
    const rest = selectedIds.filter((id) => id !== assetId);
    setSelection({ key: viewKey, ids: selected ? [...rest, assetId] : rest });
  }

  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const deleteOne = useDeleteAsset({ onSuccess: () => notify.success('The file was deleted.') });
  const deleteMany = useBulkDeleteAssets({
    onSuccess: (deleted) => notify.success(`${plural(deleted.length, 'file')} deleted.`),
  });
  const deleting = deleteOne.isPending || deleteMany.isPending;

  function confirmDelete() {
    if (!pendingDelete) return;
    const close = () => setPendingDelete(null);
    if (pendingDelete.kind === 'one') {
      deleteOne.mutate(pendingDelete.asset.assetId, { onSettled: close });
    } else {
      deleteMany.mutate(pendingDelete.ids, {
        onSettled: close,
        onSuccess: () => setSelection({ key: viewKey, ids: [] }),
      });
    }
  }

  const rename = useUpdateAsset();
  const renaming = rename.isPending ? rename.variables : undefined;

  // Uploads: the queue is UI state (zustand); each file goes through the presigned-URL flow in turn.
  const upload = useUploadFile();
  const fileInput = useRef<HTMLInputElement>(null);
  const addFiles = (files: File[]) => {
    if (files.length > 0) enqueueUploads(files, upload);
  };
  function onFileInput(e: ChangeEvent<HTMLInputElement>) {
    addFiles(Array.from(e.target.files ?? []));
    e.target.value = '';
  }

  const [dragging, setDragging] = useState(false);
  const dragDepth = useRef(0);
  const dropHandlers = {
    onDragEnter: (e: DragEvent<HTMLElement>) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      dragDepth.current += 1;
      setDragging(true);
    },
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => {
      if (!hasFiles(e)) return;
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (dragDepth.current === 0) setDragging(false);
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      e.preventDefault();
      dragDepth.current = 0;
      setDragging(false);
      addFiles(Array.from(e.dataTransfer?.files ?? []));
    },
  };

  return (
    <section
      className={dragging ? 'page media-library media-library--dragging' : 'page media-library'}
      data-testid="media-library"
      {...dropHandlers}
    >
      <header className="page__header">
        <h1 className="page__title">Media library</h1>
        <p className="page__subtitle">Images, video clips and audio you can use in your videos.</p>
      </header>

      <div className="media-library__sources">
        <div className="dropzone" data-testid="media-dropzone">
          <p className="dropzone__text">
            <strong>Drop files here</strong> or
          </p>
          <button type="button" className="button button--primary" onClick={() => fileInput.current?.click()}>
            Upload files
          </button>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={ALLOWED_EXTENSIONS.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={onFileInput}
            data-testid="upload-input"
          />
          <p className="dropzone__hint muted">
            {ALLOWED_EXTENSIONS.map((e) => e.slice(1)).join(', ')} · up to 500 MB each
          </p>
        </div>
        <ImportUrlForm />
      </div>

      <UploadQueue />

      <MediaFilters
        type={type}
        search={search}
        onTypeChange={(t) => setView({ type: t, page: 1 })}
        onSearchChange={setSearch}
      />

      {list.isPending ? (
        <div className="media-library__loading" data-testid="media-loading">
          <Spinner size="lg" label="Loading media…" />
        </div>
      ) : list.isError && !list.data ? (
        <div className="panel panel--muted" role="alert" data-testid="media-error-state">
          <p>Your media could not be loaded.</p>
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : assets.length === 0 ? (
        filtered ? (
          <div className="panel panel--muted" data-testid="media-no-results">
            <p>No media matches these filters.</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setSearch('');
                setView({ type: 'all', q: '', page: 1 });
              }}
            >
              Clear filters
            </button>
          </div>
        ) : (
          <div className="media-empty" data-testid="media-empty">
            <span className="media-empty__icon" aria-hidden="true">
              ⇪
            </span>
            <p>{EMPTY_TEXT}</p>
          </div>
        )
      ) : (
        <>
          <div className="media-toolbar">
            <label className="media-toolbar__all">
              <input
                type="checkbox"
                checked={allSelected}
                onChange={(e) =>
                  setSelection({ key: viewKey, ids: e.target.checked ? assets.map((a) => a.assetId) : [] })
                }
                data-testid="media-select-all"
              />
              Select all on this page
            </label>
            <span className="muted" data-testid="media-count">
              {selectedIds.length > 0 ? `${selectedIds.length} selected · ` : ''}
              {plural(totalItems, 'file')}
            </span>
            <span className="media-toolbar__spacer" />
            <button
              type="button"
              className="button button--danger-ghost button--sm"
              disabled={selectedIds.length === 0}
              onClick={() => setPendingDelete({ kind: 'bulk', ids: selectedIds })}
              data-testid="bulk-delete"
            >
              Delete selected{selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
            </button>
          </div>
          <ul className="media-grid" aria-busy={list.isPlaceholderData || undefined} aria-label="Media files">
            {assets.map((asset) => (
              <MediaTile
                key={asset.assetId}
                asset={asset}
                selected={selectedIds.includes(asset.assetId)}
                onSelectedChange={(selected) => setSelected(asset.assetId, selected)}
                onRename={(newName) => rename.mutate({ assetId: asset.assetId, name: newName })}
                onDelete={() => setPendingDelete({ kind: 'one', asset })}
                pendingName={renaming?.assetId === asset.assetId ? renaming.name : undefined}
              />
            ))}
          </ul>
          {totalPages > 1 ? (
            <Pagination
              label="Media pages"
              testIdPrefix="media"
              page={Math.min(page, totalPages)}
              totalPages={totalPages}
              onPageChange={(p) => setView({ page: p })}
            />
          ) : null}
        </>
      )}

      {dragging ? (
        <div className="media-library__drop-overlay" aria-hidden="true">
          Drop files to upload them
        </div>
      ) : null}

      {pendingDelete ? (
        <ConfirmDialog
          title={pendingDelete.kind === 'one' ? 'Delete this file?' : `Delete ${plural(pendingDelete.ids.length, 'file')}?`}
          confirmLabel="Delete"
          busy={deleting}
          onCancel={() => setPendingDelete(null)}
          onConfirm={confirmDelete}
        >
          {pendingDelete.kind === 'one' ? (
            <p>
              “{pendingDelete.asset.name}” will be removed from your media library. This cannot be undone.
            </p>
          ) : (
            <p>The selected files will be removed from your media library. This cannot be undone.</p>
          )}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
