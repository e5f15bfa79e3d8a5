import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { notify } from '@/stores/notifications';
import { COPY_FAILED, useCopyVideo } from '../api/copy-video';
import { useDeleteVideo } from '../api/delete-video';
import { useVideos } from '../api/get-videos';
import type { VideoListItem, VideoListParams } from '../api/types';
import { useAutoRefresh } from '../hooks/use-auto-refresh';
import { useReadyNotifications } from '../hooks/use-ready-notifications';
import { hasDateFilter, VIDEO_PAGE_SIZE } from '../utils/list-refresh';
import { Pagination } from '@/components/pagination';
import { VideoCard } from './video-card';
import { RENDER_STATUS_FILTERS, VideoFilters, type FilterValues } from './video-filters';
import './videos.css';

export const SEARCH_DEBOUNCE_MS = 300;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** paramsFromSearch reads the list view from the address, ignoring values it does not know. */
export function paramsFromSearch(search: URLSearchParams): VideoListParams {
  const day = (key: string) => {
    const v = search.get(key) ?? '';
    return DAY.test(v) ? v : '';
  };
  const status = search.get('status') ?? '';
  return {
    page: parsePage(search.get('page')),
    search: (search.get('q') ?? '').trim(),
    createdByMe: search.get('mine') === '1',
    renderStatus: RENDER_STATUS_FILTERS.some((f) => f.value === status) ? status : '',
    createdAfter: day('from'),
    createdBefore: day('to'),
  };
}

/** /dashboard/manage-videos: the user's videos as cards, with search, filters, paging, copy and delete. */
export function ManageVideosPage() {
  const [search, setSearch] = useSearchParams();
  const params = paramsFromSearch(search);

  function setView(patch: Partial<VideoListParams>) {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
        if (patch.search !== undefined) put('q', patch.search);
        if (patch.createdByMe !== undefined) put('mine', patch.createdByMe ? '1' : '');
        if (patch.renderStatus !== undefined) put('status', patch.renderStatus);
        if (patch.createdAfter !== undefined) put('from', patch.createdAfter);
        if (patch.createdBefore !== undefined) put('to', patch.createdBefore);
        // Any change of filter starts at the first page.
        const page = patch.page ?? 1;
        put('page', page > 1 ? String(page) : '');
        return next;
      },
      { replace: true },
    );
  }

  // Search is typed freely and sent once typing pauses.
  const [searchText, setSearchText] = useState(params.search);
  const debounced = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS).trim();
  useEffect(() => {
    if (debounced !== params.search) setView({ search: debounced });
    // Only a new debounced value should touch the address.
  }, [debounced]);

  const viewKey = JSON.stringify(params);
  const dateFiltered = hasDateFilter(params);
  const [dataUpdatedAt, setDataUpdatedAt] = useState(0);
  const refresh = useAutoRefresh(viewKey, dateFiltered, dataUpdatedAt);
  const list = useVideos(params, refresh.interval);
  useEffect(() => {
    if (!list.isPlaceholderData) setDataUpdatedAt(list.dataUpdatedAt);
  }, [list.dataUpdatedAt, list.isPlaceholderData]);
  useReadyNotifications(list.isPlaceholderData ? undefined : list.data?.videos);

  const videos = list.data?.videos ?? [];
  const total = list.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / (list.data?.pageSize ?? VIDEO_PAGE_SIZE)));
  const filtered =
    params.search !== '' || params.createdByMe || params.renderStatus !== '' || dateFiltered;

  // A page emptied by deletions (or an old link) moves back to the last page that has videos.
  useEffect(() => {
    if (!list.data || list.isPlaceholderData || videos.length > 0 || params.page === 1) return;
    setView({ ...params, page: Math.min(params.page - 1, totalPages) });
  }, [list.data, list.isPlaceholderData, params.page, totalPages]);

  const [pendingDelete, setPendingDelete] = useState<VideoListItem | null>(null);
  const deleteVideo = useDeleteVideo();
  const copyVideo = useCopyVideo();
  const copyingId = copyVideo.isPending ? copyVideo.variables : undefined;

  function onCopy(video: VideoListItem) {
    copyVideo.mutate(video.videoId, {
      onSuccess: (copied) => notify.success(copied.message),
      onError: () => notify.error(COPY_FAILED),
    });
  }

  function confirmDelete() {
    if (!pendingDelete) return;
    deleteVideo.mutate(pendingDelete.videoId, {
      onSuccess: () => notify.success('The video was deleted.'),
      onSettled: () => setPendingDelete(null),
    });
  }

  const filterValues: FilterValues = { ...params, search: searchText };

  return (
    <section className="page manage-videos" data-testid="manage-videos">
      <header className="manage-videos__header">
        <div className="page__header">
          <h1 className="page__title">Manage videos</h1>
          <p className="page__subtitle">Check, copy and clean up the videos you created.</p>
        </div>
        <div className="manage-videos__tools">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              refresh.restart();
              void list.refetch();
            }}
            disabled={list.isFetching}
            data-testid="videos-refresh"
          >
            {list.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
          <Link to="/dashboard/create-video" className="button button--primary">
            Create video
          </Link>
        </div>
      </header>

      <VideoFilters
        values={filterValues}
        onSearchChange={setSearchText}
        onChange={(patch) => setView({ ...params, ...patch, page: 1 })}
        onClear={() => {
          setSearchText('');
          setView({ search: '', createdByMe: false, renderStatus: '', createdAfter: '', createdBefore: '' });
        }}
      />

      {list.isPending ? (
        <div className="manage-videos__state" data-testid="videos-loading">
          <Spinner label="Loading videos…" /> Loading videos…
        </div>
      ) : list.isError && !list.data ? (
        <div className="panel panel--warning manage-videos__state" role="alert" data-testid="videos-error">
          <p>{errorMessage(list.error, 'We could not load your videos.')}</p>
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : videos.length === 0 ? (
        <div className="panel panel--muted manage-videos__state" data-testid="videos-empty">
          {filtered ? (
            <>
              <p>No videos match your search or filters.</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setSearchText('');
                  setView({ search: '', createdByMe: false, renderStatus: '', createdAfter: '', createdBefore: '' });
                }}
              >
                Clear filters
              </button>
            </>
          ) : (
            <>
              <p>You have no videos yet. Turn a web page, a script or a voiceover into your first one.</p>
              <Link to="/dashboard/create-video" className="button button--primary">
                Create your first video
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <p className="muted manage-videos__count" aria-live="polite" data-testid="videos-total">
            {total} {total === 1 ? 'video' : 'videos'}
          </p>
          <ul className="video-grid" aria-busy={list.isFetching}>
            {videos.map((v) => (
              <VideoCard
                key={v.videoId}
                video={v}
                onCopy={onCopy}
                onDelete={setPendingDelete}
                copying={copyingId === v.videoId}
              />
            ))}
          </ul>
          {totalPages > 1 && (
            <Pagination
              label="Video pages"
              testIdPrefix="videos"
              page={params.page}
              totalPages={totalPages}
              onPageChange={(page) => setView({ ...params, page })}
              disabled={list.isPlaceholderData}
            />
          )}
        </>
      )}

      {pendingDelete && (
        <ConfirmDialog
          title="Delete this video?"
          confirmLabel="Delete"
          busy={deleteVideo.isPending}
          testId="video-delete-dialog"
          confirmTestId="video-delete-confirm"
          onConfirm={confirmDelete}
          onCancel={() => setPendingDelete(null)}
        >
          <p>
            “{pendingDelete.name || 'Untitled'}” will be deleted with its scenes and narration. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
