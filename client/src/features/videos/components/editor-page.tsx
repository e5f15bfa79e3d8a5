import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLoader } from '@/components/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { DELETE_SCENE_FAILED, useDeleteScene } from '../api/delete-scene';
import { DELETE_SLIDE_FAILED, useDeleteSlide } from '../api/delete-slide';
import { useVideo } from '../api/get-video';
import { videoKeys } from '../api/keys';
import { REORDER_SCENES_FAILED, useReorderScenes } from '../api/reorder-scenes';
import { REORDER_SLIDES_FAILED, useReorderSlides } from '../api/reorder-slides';
import { SLIDE_MEDIA_FAILED, useReplaceSlideMedia } from '../api/replace-slide-media';
import type { Scene, Slide, Video } from '../api/types';
import { SLIDE_TAGLINE_FAILED, SLIDE_TAGLINE_MAX, useUpdateSlideTagline } from '../api/update-slide-tagline';
import { SLIDE_TEXT_FAILED, SLIDE_TEXT_INVALID, SLIDE_TEXT_MAX, useUpdateSlideText } from '../api/update-slide-text';
import { movedIds, usePendingEdits, type PendingEdit } from '../api/video-edit';
import { currentSlideId, useNarrationPlayer } from '../stores/narration-player';
import { isBuildFinal } from '../utils/build-stage';
import { EditableField } from './editable-field';
import { InsertsPanel } from './inserts-panel';
import { MediaPicker } from './media-picker';
import { RenderPanel } from './render-panel';
import { SoundtrackPanel } from './soundtrack-panel';
import { SubtitlesPanel } from './subtitles-panel';
import { NarrationAudio, SlideMedia, slideMedia } from './video-preview-page';
import './videos.css';

/** While narration is generated or media imported, the editor looks at the video again this often. */
export const EDITOR_POLL_MS = 2000;
/** VIDEO_CHANGED: the notice when an order was made from an older view of the video (409 video_changed). */
export const VIDEO_CHANGED = 'This video changed in another tab.';
export const TAGLINE_INVALID = `A tagline has at most ${SLIDE_TAGLINE_MAX} characters.`;

const isImporting = (state: string) => state === 'pending' || state === 'processing';

/** slideImporting: the slide's picture or video is still being imported into the media library. */
export function slideImporting(slide: Slide): boolean {
  const media = slideMedia(slide);
  return media !== undefined && isImporting(media.state);
}

/** videoSettling: narration is being generated or media imported; the editor polls until neither is. */
export function videoSettling(video: Video): boolean {
  return !isBuildFinal(video) || video.scenes.some((s) => s.needsAudio || s.layerList.some(slideImporting));
}

/** EditorNotice is the editor's one message: a refused change, or a stale view with a Reload button. */
interface EditorNotice {
  message: string;
  reload: boolean;
}

type SlideState = 'idle' | 'updating' | 'deleting';

function slideState(pending: PendingEdit[], layerId: number): SlideState {
  const mine = pending.filter((p) => p.layerId === layerId);
  if (mine.some((p) => p.kind === 'delete-slide')) return 'deleting';
  return mine.length > 0 ? 'updating' : 'idle';
}

/** typing: keys pressed inside a field belong to the field, not to the slide's shortcuts. */
const typing = (target: EventTarget) =>
  target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);

interface EditorSlideProps {
  slide: Slide;
  number: number;
  count: number;
  state: SlideState;
  playing: boolean;
  onMove: (slide: Slide, step: -1 | 1) => void;
  onDelete: (slide: Slide) => void;
  onText: (slide: Slide, text: string) => void;
  onTagline: (slide: Slide, tagline: string) => void;
  onReplaceMedia: (slide: Slide) => void;
}

/**
 * EditorSlide is one slide of the editor: its media, its text and tagline edited in place, and its actions. When the
 * slide itself has focus, Alt+ArrowUp and Alt+ArrowDown move it within its scene and Delete asks to delete it.
 */
function EditorSlide({ slide, number, count, state, playing, onMove, onDelete, onText, onTagline, onReplaceMedia }: EditorSlideProps) {
  const ref = useRef<HTMLLIElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const press = useNarrationPlayer((s) => s.slidePlayPressed);
  const stop = useNarrationPlayer((s) => s.stopPressed);
  const importing = slideImporting(slide);
  const busy = state !== 'idle';

  // Moving a slide re-inserts its element, which loses focus; what had it gets it back in the new place.
  const focusAfterMove = useRef<'slide' | -1 | 1 | null>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (target === null) return;
    focusAfterMove.current = null;
    if (target === 'slide') return ref.current?.focus();
    const atEnd = target === -1 ? number === 1 : number === count;
    const pressed = target === -1 ? upRef : downRef;
    const other = target === -1 ? downRef : upRef;
    (atEnd ? other : pressed).current?.focus();
  }, [number, count]);

  function move(step: -1 | 1, focus: 'slide' | -1 | 1) {
    focusAfterMove.current = focus;
    onMove(slide, step);
  }

  function onKeyDown(e: KeyboardEvent<HTMLLIElement>) {
    if (busy || typing(e.target)) return;
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      const step = e.key === 'ArrowUp' ? -1 : 1;
      if ((step === -1 && number > 1) || (step === 1 && number < count)) move(step, 'slide');
      return;
    }
    if (e.key === 'Delete' && e.target === e.currentTarget) {
      e.preventDefault();
      onDelete(slide);
    }
  }

  return (
    <li
      ref={ref}
      className={`slide editor-slide editor-slide--${state}${playing ? ' slide--playing' : ''}`}
      tabIndex={0}
      aria-label={`Slide ${number}`}
      aria-busy={busy || undefined}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Delete"
      onKeyDown={onKeyDown}
      data-testid="editor-slide"
      data-layer-id={slide.layerId}
      data-state={state}
    >
      <div className="editor-slide__media">
        <SlideMedia slide={slide} />
        {importing && (
          <span className="editor-slide__importing" data-testid="editor-slide-importing">
            Importing…
          </span>
        )}
      </div>
      <div className="slide__body editor-slide__body">
        <span className="slide__number muted">
          Slide {number}
          {state !== 'idle' && (
            <span className="editor-slide__status" data-testid="editor-slide-status">
              {state === 'deleting' ? ' · Deleting…' : ' · Saving…'}
            </span>
          )}
        </span>
        <EditableField
          value={slide.text}
          label={`Text of slide ${number}`}
          multiline
          required
          maxLength={SLIDE_TEXT_MAX}
          invalidMessage={SLIDE_TEXT_INVALID}
          disabled={state === 'deleting'}
          testId="editor-slide-text"
          onCommit={(text) => onText(slide, text)}
        />
        <EditableField
          value={slide.tagline}
          label={`Tagline of slide ${number}`}
          maxLength={SLIDE_TAGLINE_MAX}
          invalidMessage={TAGLINE_INVALID}
          placeholder="Tagline (optional)"
          disabled={state === 'deleting'}
          testId="editor-slide-tagline"
          onCommit={(tagline) => onTagline(slide, tagline)}
        />
      </div>
      <div className="slide__tools editor-slide__tools">
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-pressed={playing}
          aria-label={playing ? `Stop narration of slide ${number}` : `Play narration of slide ${number}`}
          disabled={!slide.narration}
          onClick={() => (playing ? stop() : press(slide.layerId))}
          data-testid="editor-slide-play"
        >
          {playing ? '■' : '▶'}
        </button>
        <button
          ref={upRef}
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Move slide ${number} up`}
          disabled={busy || number === 1}
          onClick={() => move(-1, -1)}
          data-testid="editor-slide-up"
        >
          ↑
        </button>
        <button
          ref={downRef}
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Move slide ${number} down`}
          disabled={busy || number === count}
          onClick={() => move(1, 1)}
          data-testid="editor-slide-down"
        >
          ↓
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Replace the media of slide ${number}`}
          disabled={busy}
          onClick={() => onReplaceMedia(slide)}
          data-testid="slide-replace-media"
        >
          Media
        </button>
        <button
          type="button"
          className="button button--danger-ghost button--sm"
          aria-label={`Delete slide ${number}`}
          disabled={busy}
          onClick={() => onDelete(slide)}
          data-testid="editor-slide-delete"
        >
          Delete
        </button>
      </div>
    </li>
  );
}

interface EditorSceneProps {
  scene: Scene;
  number: number;
  count: number;
  pending: PendingEdit[];
  playingSlide: number | null;
  onMoveScene: (scene: Scene, step: -1 | 1) => void;
  onDeleteScene: (scene: Scene) => void;
  slide: Omit<EditorSlideProps, 'slide' | 'number' | 'count' | 'state' | 'playing'>;
}

function EditorScene({ scene, number, count, pending, playingSlide, onMoveScene, onDeleteScene, slide }: EditorSceneProps) {
  const deleting = pending.some((p) => p.kind === 'delete-scene' && p.sceneId === scene.sceneId);
  return (
    <section
      className={`scene panel editor-scene${deleting ? ' editor-scene--deleting' : ''}`}
      aria-label={`Scene ${number}`}
      aria-busy={deleting || undefined}
      data-testid="editor-scene"
      data-scene-id={scene.sceneId}
    >
      <header className="scene__header">
        <h2 className="panel__title">Scene {number}</h2>
        {scene.needsAudio && (
          <span className="badge badge--pending" role="status" data-testid="editor-narrating">
            Generating narration…
          </span>
        )}
        {scene.audioError && <span className="badge badge--unverified">{scene.audioError}</span>}
        {deleting && <span className="muted">Deleting…</span>}
        <span className="editor-scene__tools">
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label={`Move scene ${number} up`}
            disabled={deleting || number === 1}
            onClick={() => onMoveScene(scene, -1)}
            data-testid="editor-scene-up"
          >
            ↑
          </button>
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label={`Move scene ${number} down`}
            disabled={deleting || number === count}
            onClick={() => onMoveScene(scene, 1)}
            data-testid="editor-scene-down"
          >
            ↓
          </button>
          <button
            type="button"
            className="button button--danger-ghost button--sm"
            aria-label={`Delete scene ${number}`}
            disabled={deleting}
            onClick={() => onDeleteScene(scene)}
            data-testid="editor-scene-delete"
          >
            Delete scene
          </button>
        </span>
      </header>
      {scene.layerList.length === 0 ? (
        <p className="muted">This scene has no slides.</p>
      ) : (
        <ol className="slides">
          {scene.layerList.map((s, i) => (
            <EditorSlide
              key={s.layerId}
              {...slide}
              slide={s}
              number={i + 1}
              count={scene.layerList.length}
              state={deleting ? 'deleting' : slideState(pending, s.layerId)}
              playing={playingSlide === s.layerId}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

/** Deleting asks first; this says what is about to go. */
type Deleting = { kind: 'scene'; scene: Scene; number: number } | { kind: 'slide'; slide: Slide };

/**
 * /editor/:id (also /editor/:id/text and /editor/voiceover/:id): the editor of a video. The id must be digits;
 * anything else goes back to the dashboard.
 */
export function EditorRoute() {
  const { id } = useParams();
  if (!id || !/^\d+$/.test(id)) return <Navigate to="/dashboard" replace />;
  return <EditorPage videoId={Number(id)} key={id} />;
}

/**
 * EditorPage edits a video's scenes and slides: order, text, tagline, media and deletes, each shown at once and
 * put back with a notice when the server refuses. Beside them the render, soundtrack, inserts and subtitles panels.
 */
export function EditorPage({ videoId }: { videoId: number }) {
  // No poll while a change is on its way: it could show the video from before the change.
  const editing = useIsMutating({ mutationKey: videoKeys.edits(videoId) }) > 0;
  const video = useVideo(videoId, { pollMs: EDITOR_POLL_MS, pollWhile: (v) => !editing && videoSettling(v) });
  const pending = usePendingEdits(videoId);
  const run = useNarrationPlayer((s) => s.run);
  const playingSlide = currentSlideId(run);
  const [notice, setNotice] = useState<EditorNotice | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [picking, setPicking] = useState<Slide | null>(null);

  const refused = (fallback: string) => (error: Error) =>
    setNotice(
      isApiError(error) && error.code === 'video_changed'
        ? { message: VIDEO_CHANGED, reload: true }
        : { message: errorMessage(error, fallback), reload: false },
    );
  const deleteScene = useDeleteScene(videoId, { onError: refused(DELETE_SCENE_FAILED) });
  const reorderScenes = useReorderScenes(videoId, { onError: refused(REORDER_SCENES_FAILED) });
  const reorderSlides = useReorderSlides(videoId, { onError: refused(REORDER_SLIDES_FAILED) });
  const deleteSlide = useDeleteSlide(videoId, { onError: refused(DELETE_SLIDE_FAILED) });
  const updateText = useUpdateSlideText(videoId, { onError: refused(SLIDE_TEXT_FAILED) });
  const updateTagline = useUpdateSlideTagline(videoId, { onError: refused(SLIDE_TAGLINE_FAILED) });
  const replaceMedia = useReplaceSlideMedia(videoId, { onError: refused(SLIDE_MEDIA_FAILED) });

  if (video.isPending) return <PageLoader label="Loading video…" />;
  if (video.isError) {
    const missing = isApiError(video.error) && video.error.status === 404;
    return (
      <section className="page" data-testid="editor">
        <h1 className="page__title">{missing ? 'Video not found' : 'Edit video'}</h1>
        <div className="panel panel--warning" role="alert" data-testid="editor-error">
          <p>{missing ? 'This video does not exist or was deleted.' : errorMessage(video.error, 'We could not load this video.')}</p>
          {!missing && (
            <button type="button" className="button button--secondary" onClick={() => void video.refetch()}>
              Try again
            </button>
          )}
          <Link to="/dashboard/manage-videos">Back to Manage videos</Link>
        </div>
      </section>
    );
  }

  const v = video.data;

  function moveScene(scene: Scene, step: -1 | 1) {
    const sceneIds = movedIds(
      v.scenes.map((s) => s.sceneId),
      scene.sceneId,
      step,
    );
    if (!sceneIds) return;
    setNotice(null);
    reorderScenes.mutate({ sceneIds });
  }

  function moveSlide(slide: Slide, step: -1 | 1) {
    const scene = v.scenes.find((s) => s.layerList.some((l) => l.layerId === slide.layerId));
    if (!scene) return;
    const layerIds = movedIds(
      scene.layerList.map((l) => l.layerId),
      slide.layerId,
      step,
    );
    if (!layerIds) return;
    setNotice(null);
    reorderSlides.mutate({ sceneId: scene.sceneId, layerIds });
  }

  function confirmDelete() {
    if (!deleting) return;
    setNotice(null);
    if (deleting.kind === 'scene') deleteScene.mutate({ sceneId: deleting.scene.sceneId });
    else deleteSlide.mutate({ layerId: deleting.slide.layerId });
    setDeleting(null);
  }

  function reload() {
    setNotice(null);
    void video.refetch();
  }

  return (
    <section className="page editor" data-testid="editor">
      <header className="page__header">
        <Link to={`/dashboard/video/${v.videoId}`} className="video-preview__back">
          ← Back to the video
        </Link>
        <h1 className="page__title" data-testid="editor-name">
          Edit “{v.name || 'Untitled'}”
        </h1>
        <p className="page__subtitle">
          Select a slide to move it with Alt+↑ and Alt+↓ or delete it with Delete. Enter saves a text, Escape cancels,
          Shift+Enter starts a new line.
        </p>
      </header>

      {notice && (
        <div className="panel panel--warning editor__notice" role="alert" data-testid="editor-notice">
          <span>{notice.message}</span>
          {notice.reload ? (
            <button type="button" className="button button--secondary button--sm" onClick={reload} data-testid="editor-reload">
              Reload
            </button>
          ) : (
            <button type="button" className="button button--ghost button--sm" aria-label="Dismiss message" onClick={() => setNotice(null)}>
              ×
            </button>
          )}
        </div>
      )}

      <div className="editor__layout">
        <div className="editor__scenes">
          {v.scenes.length === 0 ? (
            <div className="panel panel--muted">
              <p>This video has no scenes yet.</p>
            </div>
          ) : (
            v.scenes.map((scene, i) => (
              <EditorScene
                key={scene.sceneId}
                scene={scene}
                number={i + 1}
                count={v.scenes.length}
                pending={pending}
                playingSlide={playingSlide}
                onMoveScene={moveScene}
                onDeleteScene={(s) => setDeleting({ kind: 'scene', scene: s, number: i + 1 })}
                slide={{
                  onMove: moveSlide,
                  onDelete: (s) => setDeleting({ kind: 'slide', slide: s }),
                  onText: (s, text) => {
                    setNotice(null);
                    updateText.mutate({ layerId: s.layerId, text });
                  },
                  onTagline: (s, tagline) => {
                    setNotice(null);
                    updateTagline.mutate({ layerId: s.layerId, tagline });
                  },
                  onReplaceMedia: setPicking,
                }}
              />
            ))
          )}
        </div>
        <aside className="editor__panels" aria-label="Video settings">
          <RenderPanel video={v} />
          <SoundtrackPanel video={v} />
          <InsertsPanel video={v} />
          <SubtitlesPanel videoId={v.videoId} />
        </aside>
      </div>

      {picking && (
        <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && setPicking(null)}>
          <MediaPicker
            currentAssetId={slideMedia(picking)?.assetId}
            choosing={replaceMedia.isPending ? (replaceMedia.variables?.assetId ?? null) : null}
            onChoose={(media) => {
              setNotice(null);
              replaceMedia.mutate({ layerId: picking.layerId, assetId: media.assetId });
              setPicking(null);
            }}
            onClose={() => setPicking(null)}
          />
        </div>
      )}

      {deleting && (
        <ConfirmDialog
          title={deleting.kind === 'scene' ? `Delete scene ${deleting.number}?` : 'Delete this slide?'}
          confirmLabel="Delete"
          testId="editor-delete-confirm"
          confirmTestId="editor-delete-confirm-submit"
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>
            {deleting.kind === 'scene'
              ? 'The scene and all its slides will be removed from this video.'
              : `“${deleting.slide.text || 'This slide'}” will be removed from this video.`}
          </p>
        </ConfirmDialog>
      )}
      <NarrationAudio video={v} />
    </section>
  );
}
