import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { ADD_AUDIO_FAILED, useAddBackgroundAudio } from '../api/add-background-audio';
import { useBackgroundAudio } from '../api/get-background-audio';
import { useLibraryAudio } from '../api/get-library-audio';
import { videoKeys } from '../api/keys';
import { REMOVE_AUDIO_FAILED, useRemoveBackgroundAudio } from '../api/remove-background-audio';
import { movedItemIds, REORDER_FAILED, useReorderBackgroundAudio } from '../api/reorder-background-audio';
import type { BackgroundAudioItem, LibraryAudio, Video } from '../api/types';
import { useUpdateBackgroundAudio, VOLUME_FAILED } from '../api/update-background-audio';
import { useNarrationPlayer } from '../stores/narration-player';
import { formatDuration } from '../utils/build-stage';
import { LibraryPicker } from './library-picker';

export const SOUNDTRACK_PLAY_FAILED = 'Failed to play audio.';
export const SOUNDTRACK_LOAD_FAILED = 'We could not load the music of this video.';
export const LIBRARY_AUDIO_LOAD_FAILED = 'We could not load your audio.';
export const LIBRARY_AUDIO_EMPTY = 'No audio in your media library yet. Upload music in the Media library.';
/** SOUNDTRACK_MAX_ITEMS mirrors the server's limit, so Add music is closed before the server has to refuse. */
export const SOUNDTRACK_MAX_ITEMS = 5;

const itemName = (item: { name: string }) => item.name || 'Untitled audio';

/** DELETED_AUDIO: said of music whose file was deleted from the media library. */
export const DELETED_AUDIO = 'Deleted from your media library: left out of the render. Remove it or add another.';

/**
 * VolumeSlider is a native range input (role slider; arrows, Page Up/Down, Home and End work). It shows the value
 * while it moves and commits it once: on release (the native change event, which React's onChange does not expose)
 * or when it loses focus.
 */
function VolumeSlider({
  item,
  onInput,
  onCommit,
}: {
  item: BackgroundAudioItem;
  onInput: (volume: number) => void;
  /** Saves the volume; settles when the server has answered (and the soundtrack shows the outcome). */
  onCommit: (volume: number) => Promise<unknown>;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<number | null>(null);
  // The value being saved; the slider holds it until the save settles, then shows the soundtrack again (the new
  // value, or the old one put back).
  const sent = useRef<number | null>(null);
  const value = draft ?? item.volume;

  function commit(volume: number) {
    if (!Number.isFinite(volume) || volume === sent.current) return;
    if (volume === item.volume && sent.current === null) {
      setDraft(null);
      return;
    }
    sent.current = volume;
    setDraft(volume);
    void onCommit(volume).finally(() => {
      // Moving the slider again meanwhile keeps the new draft.
      if (sent.current !== volume) return;
      sent.current = null;
      setDraft(null);
    });
  }
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const onChange = () => commitRef.current(Number(input.value));
    input.addEventListener('change', onChange);
    return () => input.removeEventListener('change', onChange);
  }, []);

  const label = `Volume of ${itemName(item)}`;
  return (
    <label className="soundtrack-item__volume">
      <span className="muted">Volume</span>
      <input
        ref={ref}
        type="range"
        min={0}
        max={100}
        step={1}
        value={value}
        aria-label={label}
        aria-valuetext={`${value}%`}
        onChange={(e) => {
          const volume = Number(e.target.value);
          if (volume === sent.current) return;
          sent.current = null;
          setDraft(volume);
          onInput(volume);
        }}
        onBlur={(e) => commit(Number(e.currentTarget.value))}
        data-testid="soundtrack-volume"
      />
      <output className="soundtrack-item__volume-value" aria-hidden="true">
        {value}%
      </output>
    </label>
  );
}

interface SoundtrackItemProps {
  item: BackgroundAudioItem;
  index: number;
  count: number;
  playing: boolean;
  onPlayPressed: (itemId: number) => void;
  onStopped: (itemId: number) => void;
  onPlayFailed: (itemId: number) => void;
  onVolume: (itemId: number, volume: number) => Promise<unknown>;
  onMove: (itemId: number, step: -1 | 1) => void;
  onRemove: (item: BackgroundAudioItem) => void;
}

function SoundtrackItem({
  item,
  index,
  count,
  playing,
  onPlayPressed,
  onStopped,
  onPlayFailed,
  onVolume,
  onMove,
  onRemove,
}: SoundtrackItemProps) {
  const id = item.videoBackgroundAudioAssetId;
  const name = itemName(item);
  const audioRef = useRef<HTMLAudioElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  // A refetch signs the link again; the element keeps its link while it plays so a change elsewhere does not
  // restart the music, and takes the fresh one when it is stopped.
  const [src, setSrc] = useState(item.url);
  if (!playing && item.url !== src) setSrc(item.url);
  const length = formatDuration(item.length);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) audio.volume = item.volume / 100;
  }, [item.volume]);

  // Another item (or the narration) started: this one stops.
  useEffect(() => {
    const audio = audioRef.current;
    if (!playing && audio && !audio.paused && typeof audio.pause === 'function') audio.pause();
  }, [playing]);

  function togglePlay() {
    const audio = audioRef.current;
    if (!audio) return;
    if (playing) {
      audio.pause();
      onStopped(id);
      return;
    }
    onPlayPressed(id);
    // play() is called inside the click so the browser counts it as the user's choice.
    try {
      const started = audio.play() as Promise<void> | undefined;
      started?.catch((e: unknown) => {
        if (e instanceof DOMException && e.name === 'AbortError') return;
        onPlayFailed(id);
      });
    } catch {
      onPlayFailed(id);
    }
  }

  // Moving an item re-inserts its row, which loses focus; the pressed button (or, at an end where it is disabled,
  // the other one) gets it back once the row is in its new place.
  const focusAfterMove = useRef<-1 | 1 | null>(null);
  useEffect(() => {
    const step = focusAfterMove.current;
    if (step === null) return;
    focusAfterMove.current = null;
    const atEnd = step === -1 ? index === 0 : index === count - 1;
    const pressed = step === -1 ? upRef : downRef;
    const other = step === -1 ? downRef : upRef;
    (atEnd ? other : pressed).current?.focus();
  }, [index, count]);

  function move(step: -1 | 1) {
    focusAfterMove.current = step;
    onMove(id, step);
  }

  return (
    <li className={`soundtrack-item${playing ? ' soundtrack-item--playing' : ''}`} data-testid="soundtrack-item" data-item-id={id}>
      <button
        type="button"
        className="button button--secondary button--sm soundtrack-item__play"
        aria-pressed={playing}
        aria-label={playing ? `Pause ${name}` : `Play ${name}`}
        disabled={!src}
        onClick={togglePlay}
        data-testid="soundtrack-play"
      >
        {playing ? '❚❚' : '▶'}
      </button>
      <div className="soundtrack-item__info">
        <span className="soundtrack-item__name" data-testid="soundtrack-item-name">
          {name}
        </span>
        {length && <span className="muted">{length}</span>}
        {item.deleted && (
          <span className="field__error" data-testid="soundtrack-item-deleted">
            {DELETED_AUDIO}
          </span>
        )}
      </div>
      <VolumeSlider
        item={item}
        onInput={(volume) => {
          // The preview follows the slider while it moves, before anything is saved.
          if (audioRef.current) audioRef.current.volume = volume / 100;
        }}
        onCommit={(volume) => onVolume(id, volume)}
      />
      <div className="soundtrack-item__tools">
        <button
          ref={upRef}
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Move ${name} up`}
          disabled={index === 0}
          onClick={() => move(-1)}
          data-testid="soundtrack-up"
        >
          ↑
        </button>
        <button
          ref={downRef}
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => move(1)}
          data-testid="soundtrack-down"
        >
          ↓
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Remove ${name}`}
          onClick={() => onRemove(item)}
          data-testid="soundtrack-remove"
        >
          Remove
        </button>
      </div>
      <audio
        ref={audioRef}
        src={src || undefined}
        preload="none"
        onEnded={() => onStopped(id)}
        onPause={() => onStopped(id)}
        onError={() => {
          if (playing) onPlayFailed(id);
        }}
        data-testid="soundtrack-audio"
      />
    </li>
  );
}

/**
 * SoundtrackPicker lists the finished audio of the media library; choosing one adds it. Escape or Close shuts it
 * and focus goes back to Add music.
 */
function SoundtrackPicker({
  adding,
  onChoose,
  onClose,
  returnFocus,
}: {
  adding: number | null;
  onChoose: (audio: LibraryAudio) => void;
  onClose: () => void;
  returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <LibraryPicker
      title="Choose music from your media library"
      query={useLibraryAudio()}
      loadingLabel="Loading your audio…"
      loadFailed={LIBRARY_AUDIO_LOAD_FAILED}
      empty={
        <>
          No audio in your media library yet. Upload music in the <Link to="/dashboard/media-library">Media library</Link>.
        </>
      }
      className="soundtrack-picker"
      choiceClassName="soundtrack-picker__choice"
      testIds={{ root: 'soundtrack-picker', empty: 'soundtrack-empty', choice: 'soundtrack-choice' }}
      choice={(audio) => ({
        name: audio.name || 'Untitled audio',
        label: `Add ${audio.name || 'Untitled audio'}`,
        disabled: adding !== null,
        detail: adding === audio.assetId ? 'Adding…' : formatDuration(audio.duration),
      })}
      onChoose={onChoose}
      onClose={() => {
        onClose();
        returnFocus.current?.focus();
      }}
    />
  );
}

/**
 * SoundtrackPanel is the music of the video page: the background audio that plays under the narration, each with a
 * preview, its volume, its place and Remove, and Add music from the media library. Volume and order change at once
 * and go back with a notice when the server refuses. Any change makes the video a draft, so the render gate is
 * read again.
 */
export function SoundtrackPanel({ video }: { video: Video }) {
  const videoId = video.videoId;
  const queryClient = useQueryClient();
  const soundtrack = useBackgroundAudio(videoId);
  const [notice, setNotice] = useState('');
  const [playingId, setPlayingId] = useState<number | null>(null);
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<BackgroundAudioItem | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const limitId = useId();

  const add = useAddBackgroundAudio(videoId, { onError: (e) => setNotice(errorMessage(e, ADD_AUDIO_FAILED)) });
  const update = useUpdateBackgroundAudio(videoId, { onError: (e) => setNotice(errorMessage(e, VOLUME_FAILED)) });
  const reorder = useReorderBackgroundAudio(videoId, { onError: (e) => setNotice(errorMessage(e, REORDER_FAILED)) });
  const remove = useRemoveBackgroundAudio(videoId, { onError: (e) => setNotice(errorMessage(e, REMOVE_AUDIO_FAILED)) });

  // One sound at a time on the page: narration that starts stops the music preview, and the other way round.
  const narrationRun = useNarrationPlayer((s) => s.run);
  const stopNarration = useNarrationPlayer((s) => s.stopPressed);
  useEffect(() => {
    if (narrationRun) setPlayingId(null);
  }, [narrationRun]);

  const items = soundtrack.data ?? [];
  const full = items.length >= SOUNDTRACK_MAX_ITEMS;

  function playPressed(itemId: number) {
    setNotice('');
    stopNarration();
    setPlayingId(itemId);
  }

  function playFailed(itemId: number) {
    setPlayingId((current) => (current === itemId ? null : current));
    setNotice(SOUNDTRACK_PLAY_FAILED);
    // Audio links are signed for a while; fresh ones are fetched for the next try.
    void queryClient.invalidateQueries({ queryKey: videoKeys.backgroundAudio(videoId), exact: true });
  }

  function move(itemId: number, step: -1 | 1) {
    const itemIds = movedItemIds(items, itemId, step);
    if (!itemIds) return;
    setNotice('');
    reorder.mutate(itemIds);
  }

  function choose(audio: LibraryAudio) {
    if (add.isPending) return;
    setNotice('');
    add.mutate(
      { assetId: audio.assetId },
      {
        onSuccess: () => {
          setPicking(false);
          addRef.current?.focus();
        },
      },
    );
  }

  function confirmRemove() {
    if (!removing || remove.isPending) return;
    const itemId = removing.videoBackgroundAudioAssetId;
    setNotice('');
    remove.mutate(itemId, {
      onSuccess: () => {
        setPlayingId((current) => (current === itemId ? null : current));
        addRef.current?.focus();
      },
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <section className="panel soundtrack-panel" aria-labelledby={titleId} data-testid="soundtrack-panel">
      <header className="soundtrack-panel__header">
        <h2 className="panel__title" id={titleId}>
          Soundtrack
        </h2>
        <span className="muted">Music that plays under the narration.</span>
      </header>

      {notice && (
        <div className="soundtrack-panel__notice" role="alert" data-testid="soundtrack-notice">
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

      {soundtrack.isPending ? (
        <Spinner size="sm" label="Loading the soundtrack…" />
      ) : soundtrack.isError ? (
        <p className="muted" data-testid="soundtrack-error">
          {errorMessage(soundtrack.error, SOUNDTRACK_LOAD_FAILED)}{' '}
          <button type="button" className="button button--ghost button--sm" onClick={() => void soundtrack.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="muted">No music yet. Add music from your media library to play under this video.</p>
      ) : (
        <ol className="soundtrack-list">
          {items.map((item, index) => (
            <SoundtrackItem
              key={item.videoBackgroundAudioAssetId}
              item={item}
              index={index}
              count={items.length}
              playing={playingId === item.videoBackgroundAudioAssetId}
              onPlayPressed={playPressed}
              onStopped={(itemId) => setPlayingId((current) => (current === itemId ? null : current))}
              onPlayFailed={playFailed}
              onVolume={(itemId, volume) => {
                setNotice('');
                // The hook puts the old volume back and reports the failure; the slider only waits for the end.
                return update.mutateAsync({ itemId, volume }).catch(() => undefined);
              }}
              onMove={move}
              onRemove={setRemoving}
            />
          ))}
        </ol>
      )}

      {soundtrack.isSuccess && (
        <div className="soundtrack-panel__actions">
          <button
            ref={addRef}
            type="button"
            className="button button--secondary"
            aria-expanded={picking}
            aria-describedby={full ? limitId : undefined}
            disabled={full && !picking}
            onClick={() => setPicking((open) => !open)}
            data-testid="soundtrack-add"
          >
            + Add music
          </button>
          {full && (
            <span className="muted" id={limitId}>
              A video has at most {SOUNDTRACK_MAX_ITEMS} pieces of music.
            </span>
          )}
        </div>
      )}

      {picking && (
        <SoundtrackPicker
          adding={add.isPending ? (add.variables?.assetId ?? null) : null}
          onChoose={choose}
          onClose={() => setPicking(false)}
          returnFocus={addRef}
        />
      )}

      {removing && (
        <ConfirmDialog
          title="Remove this music?"
          confirmLabel="Remove"
          busy={remove.isPending}
          busyLabel="Removing…"
          testId="soundtrack-remove-confirm"
          confirmTestId="soundtrack-remove-confirm-submit"
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        >
          <p>“{itemName(removing)}” will no longer play in this video.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
