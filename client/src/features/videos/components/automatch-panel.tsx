import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { AUTOMATCH_SOUNDTRACK_FAILED, useAutomatchSoundtrack } from '../api/automatch-soundtrack';
import { AUTOMATCH_FAILED, useAutomatchVideo } from '../api/automatch-video';
import { PENDING_ASSETS_ADVICE, PENDING_ASSETS_FAILED, usePendingAssetStatus } from '../api/get-pending-asset-status';
import { videoKeys } from '../api/keys';
import type { Video } from '../api/types';
import { useEditorSelection } from '../stores/editor-selection';

export const AUTOMATCH_STARTED = 'Finding media for the slides without any… They fill in as it is found.';
export const SOUNDTRACK_PICKED = 'A soundtrack was added.';
/** AUTOMATCH_WATCH_MS: after "Fill missing media" the editor reads the video this long while slides lack media. */
export const AUTOMATCH_WATCH_MS = 60_000;

/** slidesMissingMedia: some slide (not a placeholder) has neither media nor text. */
export function slidesMissingMedia(video: Video): boolean {
  return video.scenes.some((s) => s.layerList.some((l) => !l.isPlaceholder && l.assetList.length === 0));
}

/** automatchWatched: the automatch started lately and slides still lack media, so its results are still to come. */
export function automatchWatched(video: Video, startedAt: number | null, now = Date.now()): boolean {
  return startedAt !== null && now - startedAt < AUTOMATCH_WATCH_MS && slidesMissingMedia(video);
}

/** useImportsSettled reads the video again when its pending imports are over, so the slides show the final media. */
function useImportsSettled(videoId: number, pending: boolean | undefined) {
  const queryClient = useQueryClient();
  const was = useRef(false);
  useEffect(() => {
    if (pending) was.current = true;
    else if (pending === false && was.current) {
      was.current = false;
      void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
    }
  }, [pending, videoId, queryClient]);
}

/**
 * AutomatchPanel offers "Fill missing media" (a background match of slides without media) and "Pick a soundtrack",
 * and shows the video's media imports while they are pending (polled every 2 s).
 */
export function AutomatchPanel({ video }: { video: Video }) {
  const titleId = useId();
  const videoId = video.videoId;
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const pending = usePendingAssetStatus(videoId);
  const automatch = useAutomatchVideo(videoId, {
    onError: (e) => setMessage({ text: errorMessage(e, AUTOMATCH_FAILED), error: true }),
  });
  const soundtrack = useAutomatchSoundtrack(videoId, {
    onError: (e) => setMessage({ text: errorMessage(e, AUTOMATCH_SOUNDTRACK_FAILED), error: true }),
  });
  const automatchStarted = useEditorSelection((s) => s.automatchStarted);
  useImportsSettled(videoId, pending.data?.pending);
  // The video changed (an automatch result, an edit): its imports may have changed too.
  const queryClient = useQueryClient();
  const updatedAt = video.updatedAt;
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (seen.current === updatedAt) return;
    seen.current = updatedAt;
    void queryClient.invalidateQueries({ queryKey: videoKeys.pendingAssets(videoId) });
  }, [updatedAt, videoId, queryClient]);
  const importing = pending.data?.pending ? pending.data.assets.length : 0;

  return (
    <section className="panel automatch-panel" aria-labelledby={titleId} data-testid="automatch-panel">
      <h2 className="panel__title" id={titleId}>
        Media help
      </h2>
      <div className="automatch-panel__actions">
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={automatch.isPending}
          onClick={() => {
            setMessage(null);
            automatch.mutate(false, {
              onSuccess: () => {
                automatchStarted(Date.now());
                setMessage({ text: AUTOMATCH_STARTED, error: false });
              },
            });
          }}
          data-testid="automatch-media"
        >
          {automatch.isPending ? 'Starting…' : 'Fill missing media'}
        </button>
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={soundtrack.isPending}
          onClick={() => {
            setMessage(null);
            soundtrack.mutate(undefined, { onSuccess: () => setMessage({ text: SOUNDTRACK_PICKED, error: false }) });
          }}
          data-testid="automatch-soundtrack"
        >
          {soundtrack.isPending ? 'Picking…' : 'Pick a soundtrack'}
        </button>
      </div>
      {message && (
        <p className={message.error ? 'field-error' : 'muted'} role={message.error ? 'alert' : 'status'} data-testid="automatch-message">
          {message.text}
        </p>
      )}
      {pending.isError ? (
        <p className="field-error" role="alert" data-testid="pending-assets-error">
          {PENDING_ASSETS_FAILED}. {PENDING_ASSETS_ADVICE}
        </p>
      ) : importing > 0 ? (
        <p className="muted" role="status" data-testid="pending-assets">
          Importing {importing === 1 ? '1 media file' : `${importing} media files`}…
        </p>
      ) : null}
    </section>
  );
}
