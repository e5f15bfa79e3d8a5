import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { ADD_INSERT_FAILED, useAddVideoInsert } from '../api/add-video-insert';
import { useInsertTypes } from '../api/get-insert-types';
import { useLibraryVideos } from '../api/get-library-videos';
import { useVideoInserts } from '../api/get-video-inserts';
import { videoKeys } from '../api/keys';
import { REMOVE_INSERT_FAILED, useRemoveVideoInsert } from '../api/remove-video-insert';
import { REPLACE_INSERT_FAILED, useReplaceVideoInsert } from '../api/replace-video-insert';
import { VIDEO_INSERT_TYPE, type LibraryVideo, type Video, type VideoInsert, type VideoInsertType } from '../api/types';
import { formatDuration } from '../utils/build-stage';
import { LibraryPicker } from './library-picker';

export const INSERTS_LOAD_FAILED = 'We could not load the intro and outro of this video.';
export const INSERT_PLAY_FAILED = 'Failed to play video.';
export const LIBRARY_VIDEOS_LOAD_FAILED = 'We could not load your videos.';
export const LIBRARY_VIDEOS_EMPTY = 'No videos in your media library yet. Upload one in the Media library.';

/** InsertRowInfo is one row of the panel: a kind of insert and how the page speaks of it. */
export interface InsertRowInfo {
  videoInsertTypeId: number;
  label: string;
  /** When it plays, shown under the label ("" for a kind this client does not know yet). */
  hint: string;
  /** Title of the Remove confirmation. */
  removeTitle: string;
  /** Ends "will no longer play …" in the Remove confirmation. */
  when: string;
}

/**
 * The three kinds the server offers today, in the words of the page (the server calls the third "Scene prepend").
 * They show at once; a kind the server adds later shows under its own name once the types are read.
 */
const KNOWN_ROWS: InsertRowInfo[] = [
  { videoInsertTypeId: VIDEO_INSERT_TYPE.Intro, label: 'Intro', hint: 'Plays before the video.', removeTitle: 'Remove the intro?', when: 'before this video' },
  { videoInsertTypeId: VIDEO_INSERT_TYPE.Outro, label: 'Outro', hint: 'Plays after the video.', removeTitle: 'Remove the outro?', when: 'after this video' },
  {
    videoInsertTypeId: VIDEO_INSERT_TYPE.ScenePrepend,
    label: 'Before each scene',
    hint: 'Plays before every scene.',
    removeTitle: 'Remove the video before each scene?',
    when: 'before each scene',
  },
];

/** insertRows: the known rows, then any kind the server names that this client does not know. */
export function insertRows(types: VideoInsertType[] | undefined): InsertRowInfo[] {
  const extra = (types ?? [])
    .filter((t) => !KNOWN_ROWS.some((r) => r.videoInsertTypeId === t.videoInsertTypeId))
    .map((t) => {
      const label = t.name || `Insert ${t.videoInsertTypeId}`;
      return {
        videoInsertTypeId: t.videoInsertTypeId,
        label,
        hint: '',
        removeTitle: `Remove the ${label.toLowerCase()} video?`,
        when: 'in this video',
      };
    });
  return [...KNOWN_ROWS, ...extra];
}

const clipName = (clip: { name: string }) => clip.name || 'Untitled video';

/** VOICEOVER_NO_SCENE_PREPEND: why a voiceover video takes no video before each scene (its render puts none there). */
export const VOICEOVER_NO_SCENE_PREPEND =
  'Not for a voiceover video: its narration plays as one recording, with nothing between the scenes.';

/** VOICEOVER_SCENE_PREPEND_LEFT_OUT: said of a video before each scene that a voiceover video has anyway. */
export const VOICEOVER_SCENE_PREPEND_LEFT_OUT = 'Left out of the render: a voiceover video plays as one recording. Remove it.';

/** DELETED_INSERT: said of an insert whose video was deleted from the media library. */
export const DELETED_INSERT = 'Deleted from your media library: left out of the render. Replace or remove it.';

/**
 * InsertPreview is the small muted preview of a chosen clip: it plays while the pointer is on it, or from its Play
 * button (for keyboards and touch). Only the first frame is loaded until it plays.
 */
function InsertPreview({ insert, onPlayFailed }: { insert: VideoInsert; onPlayFailed: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  // Started by the pointer (and stopped when it leaves) rather than by the button.
  const byHover = useRef(false);
  // A refetch signs the link again; the element keeps its link while it plays and takes the fresh one once stopped.
  const [src, setSrc] = useState(insert.url);
  if (!playing && insert.url !== src) setSrc(insert.url);
  const name = clipName(insert);

  function start(hover: boolean) {
    const video = ref.current;
    if (!video || !src) return;
    byHover.current = hover;
    setPlaying(true);
    try {
      const started = video.play() as Promise<void> | undefined;
      started?.catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        setPlaying(false);
        // A preview that will not start on hover says nothing; a pressed Play button deserves an answer.
        if (!hover) onPlayFailed();
      });
    } catch {
      setPlaying(false);
      if (!hover) onPlayFailed();
    }
  }

  function stop() {
    const video = ref.current;
    setPlaying(false);
    byHover.current = false;
    if (!video || typeof video.pause !== 'function') return;
    video.pause();
  }

  return (
    <div className="insert-preview">
      <video
        ref={ref}
        className="insert-preview__video"
        src={src || undefined}
        poster={insert.thumbnailUrl || undefined}
        muted
        playsInline
        loop
        preload="metadata"
        aria-hidden="true"
        onMouseEnter={() => {
          if (!playing) start(true);
        }}
        onMouseLeave={() => {
          if (playing && byHover.current) stop();
        }}
        onPause={() => setPlaying(false)}
        onError={() => {
          if (!playing) return;
          setPlaying(false);
          onPlayFailed();
        }}
        data-testid="insert-preview"
      />
      <button
        type="button"
        className="button button--secondary button--sm insert-preview__play"
        aria-pressed={playing}
        aria-label={playing ? `Pause ${name}` : `Play ${name}`}
        disabled={!src}
        onClick={() => (playing ? stop() : start(false))}
        data-testid="insert-play"
      >
        {playing ? '❚❚' : '▶'}
      </button>
    </div>
  );
}

/**
 * InsertPicker lists the finished videos of the media library; choosing one sets it for the row. Escape or Close
 * shuts it and focus goes back to the row's button.
 */
function InsertPicker({
  row,
  current,
  choosing,
  onChoose,
  onClose,
}: {
  row: InsertRowInfo;
  current: VideoInsert | undefined;
  choosing: number | null;
  onChoose: (video: LibraryVideo) => void;
  onClose: () => void;
}) {
  return (
    <LibraryPicker
      title={`Choose a video for ${row.label}`}
      query={useLibraryVideos()}
      loadingLabel="Loading your videos…"
      loadFailed={LIBRARY_VIDEOS_LOAD_FAILED}
      empty={
        <>
          No videos in your media library yet. Upload one in the <Link to="/dashboard/media-library">Media library</Link>.
        </>
      }
      className="soundtrack-picker insert-picker"
      choiceClassName="soundtrack-picker__choice insert-picker__choice"
      testIds={{ root: 'insert-picker', empty: 'insert-empty', choice: 'insert-choice' }}
      choice={(video) => {
        const name = clipName(video);
        const isCurrent = current?.assetId === video.assetId;
        return {
          name,
          thumbnailUrl: video.thumbnailUrl || null,
          label: isCurrent ? `${name} (current ${row.label.toLowerCase()})` : `Use ${name}`,
          disabled: choosing !== null || isCurrent,
          detail: choosing === video.assetId ? 'Saving…' : isCurrent ? 'Current' : formatDuration(video.duration),
        };
      }}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

interface InsertRowProps {
  row: InsertRowInfo;
  /** Why this kind cannot play in the video ("" when it can): it offers no Choose, only Remove for one set. */
  unavailable: string;
  insert: VideoInsert | undefined;
  picking: boolean;
  busy: boolean;
  choosing: number | null;
  chooseRef: (el: HTMLButtonElement | null) => void;
  onTogglePicker: () => void;
  onClosePicker: () => void;
  onChoose: (video: LibraryVideo) => void;
  onRemove: (insert: VideoInsert) => void;
  onPlayFailed: () => void;
}

function InsertRow({
  row,
  unavailable,
  insert,
  picking,
  busy,
  choosing,
  chooseRef,
  onTogglePicker,
  onClosePicker,
  onChoose,
  onRemove,
  onPlayFailed,
}: InsertRowProps) {
  const labelId = useId();
  const length = insert ? formatDuration(insert.length) : '';
  return (
    <li className="insert-row" aria-labelledby={labelId} data-testid="insert-row" data-type={row.videoInsertTypeId}>
      <div className="insert-row__main">
        <div className="insert-row__kind">
          <span className="insert-row__label" id={labelId}>
            {row.label}
          </span>
          {(unavailable || row.hint) && (
            <span className="muted" data-testid="insert-hint">
              {unavailable && !insert ? unavailable : row.hint}
            </span>
          )}
        </div>
        {insert ? (
          <div className="insert-row__clip">
            <InsertPreview key={insert.videoInsertId} insert={insert} onPlayFailed={onPlayFailed} />
            <div className="insert-row__info">
              <span className="insert-row__name" data-testid="insert-name">
                {clipName(insert)}
              </span>
              {length && <span className="muted">{length}</span>}
              {insert.deleted && (
                <span className="field__error" data-testid="insert-deleted">
                  {DELETED_INSERT}
                </span>
              )}
              {unavailable && !insert.deleted && (
                <span className="field__error" data-testid="insert-left-out">
                  {VOICEOVER_SCENE_PREPEND_LEFT_OUT}
                </span>
              )}
            </div>
          </div>
        ) : (
          <div className="insert-row__clip">
            <span className="muted" data-testid="insert-name">
              None
            </span>
          </div>
        )}
        <div className="insert-row__tools">
          {!unavailable && (
            <button
              ref={chooseRef}
              type="button"
              className="button button--secondary button--sm"
              aria-expanded={picking}
              aria-label={insert ? `Replace the ${row.label.toLowerCase()} video` : `Choose video for ${row.label}`}
              disabled={busy && !picking}
              onClick={onTogglePicker}
              data-testid="insert-choose"
            >
              {insert ? 'Replace' : 'Choose video'}
            </button>
          )}
          {insert && (
            <button
              type="button"
              className="button button--ghost button--sm"
              aria-label={`Remove the ${row.label.toLowerCase()} video`}
              disabled={busy}
              onClick={() => onRemove(insert)}
              data-testid="insert-remove"
            >
              Remove
            </button>
          )}
        </div>
      </div>
      {picking && !unavailable && (
        <InsertPicker row={row} current={insert} choosing={choosing} onChoose={onChoose} onClose={onClosePicker} />
      )}
    </li>
  );
}

/**
 * InsertsPanel is the intro, the outro and the clip before each scene of the video page: media-library videos that
 * play around the narrated video. Each row shows its clip with a preview, and Choose video (or Replace) and Remove.
 * Any change makes the video a draft, so the render gate is read again.
 */
export function InsertsPanel({ video }: { video: Video }) {
  const videoId = video.videoId;
  const queryClient = useQueryClient();
  const inserts = useVideoInserts(videoId);
  const types = useInsertTypes();
  const [notice, setNotice] = useState('');
  const [picking, setPicking] = useState<number | null>(null);
  const [removing, setRemoving] = useState<{ insert: VideoInsert; row: InsertRowInfo } | null>(null);
  const chooseButtons = useRef(new Map<number, HTMLButtonElement>());
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const add = useAddVideoInsert(videoId, { onError: (e) => setNotice(errorMessage(e, ADD_INSERT_FAILED)) });
  const replace = useReplaceVideoInsert(videoId, { onError: (e) => setNotice(errorMessage(e, REPLACE_INSERT_FAILED)) });
  const remove = useRemoveVideoInsert(videoId, { onError: (e) => setNotice(errorMessage(e, REMOVE_INSERT_FAILED)) });
  const busy = add.isPending || replace.isPending || remove.isPending;
  const choosing = add.isPending ? (add.variables?.assetId ?? null) : replace.isPending ? (replace.variables?.assetId ?? null) : null;

  const rows = insertRows(types.data);
  const byType = new Map((inserts.data ?? []).map((i) => [i.videoInsertTypeId, i]));

  // After a change the row's button gets focus, once the render that enables it again is on screen (the Remove
  // button that had it may be gone).
  const focusAfterChange = useRef<number | null>(null);
  useEffect(() => {
    const typeId = focusAfterChange.current;
    if (typeId === null || busy) return;
    focusAfterChange.current = null;
    // A row without the button (a voiceover video's before each scene) leaves the focus on the panel's title.
    (chooseButtons.current.get(typeId) ?? titleRef.current)?.focus();
  });

  function closePicker(typeId: number) {
    setPicking((open) => (open === typeId ? null : open));
    chooseButtons.current.get(typeId)?.focus();
  }

  function playFailed() {
    setNotice(INSERT_PLAY_FAILED);
    // Video links are signed for a while; fresh ones are fetched for the next try.
    void queryClient.invalidateQueries({ queryKey: videoKeys.inserts(videoId), exact: true });
  }

  function choose(row: InsertRowInfo, chosen: LibraryVideo) {
    if (busy) return;
    setNotice('');
    const videoInsertTypeId = row.videoInsertTypeId;
    const onSuccess = () => {
      setPicking((open) => (open === videoInsertTypeId ? null : open));
      focusAfterChange.current = videoInsertTypeId;
    };
    const current = byType.get(videoInsertTypeId);
    if (current) {
      replace.mutate({ videoInsertId: current.videoInsertId, videoInsertTypeId, assetId: chosen.assetId }, { onSuccess });
    } else {
      add.mutate({ videoInsertTypeId, assetId: chosen.assetId }, { onSuccess });
    }
  }

  function confirmRemove() {
    if (!removing || remove.isPending) return;
    const { insert } = removing;
    setNotice('');
    remove.mutate(insert.videoInsertId, {
      onSuccess: () => {
        focusAfterChange.current = insert.videoInsertTypeId;
      },
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <section className="panel soundtrack-panel inserts-panel" aria-labelledby={titleId} data-testid="inserts-panel">
      <header className="soundtrack-panel__header">
        <h2 className="panel__title" id={titleId} ref={titleRef} tabIndex={-1}>
          Intro and outro
        </h2>
        <span className="muted">Videos from your media library that play around this one.</span>
      </header>

      {notice && (
        <div className="soundtrack-panel__notice" role="alert" data-testid="insert-notice">
          <span>{notice}</span>
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label="Dismiss message"
            onClick={() => setNotice('')}
          >
            ×
          </button>
        </div>
      )}

      {inserts.isPending ? (
        <Spinner size="sm" label="Loading the intro and outro…" />
      ) : inserts.isError ? (
        <p className="muted" data-testid="inserts-error">
          {errorMessage(inserts.error, INSERTS_LOAD_FAILED)}{' '}
          <button type="button" className="button button--ghost button--sm" onClick={() => void inserts.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <ul className="insert-list">
          {rows.map((row) => {
            const typeId = row.videoInsertTypeId;
            return (
              <InsertRow
                key={typeId}
                row={row}
                unavailable={video.isVoiceover && typeId === VIDEO_INSERT_TYPE.ScenePrepend ? VOICEOVER_NO_SCENE_PREPEND : ''}
                insert={byType.get(typeId)}
                picking={picking === typeId}
                busy={busy}
                choosing={picking === typeId ? choosing : null}
                chooseRef={(el) => {
                  if (el) chooseButtons.current.set(typeId, el);
                  else chooseButtons.current.delete(typeId);
                }}
                onTogglePicker={() => {
                  setNotice('');
                  setPicking((open) => (open === typeId ? null : typeId));
                }}
                onClosePicker={() => closePicker(typeId)}
                onChoose={(chosen) => choose(row, chosen)}
                onRemove={(insert) => setRemoving({ insert, row })}
                onPlayFailed={playFailed}
              />
            );
          })}
        </ul>
      )}

      {removing && (
        <ConfirmDialog
          title={removing.row.removeTitle}
          confirmLabel="Remove"
          busy={remove.isPending}
          busyLabel="Removing…"
          testId="insert-remove-confirm"
          confirmTestId="insert-remove-confirm-submit"
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        >
          <p>
            “{clipName(removing.insert)}” will no longer play {removing.row.when}. The video stays in your media
            library.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
