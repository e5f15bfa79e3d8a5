import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLoader } from '@/components/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { ADD_SCENE_FAILED, useAddScene } from '../api/add-scene';
import { ADD_SLIDE_FAILED, useAddSlide } from '../api/add-slide';
import { ADD_SLIDE_MEDIA_FAILED, useAddSlideMedia } from '../api/add-slide-media';
import { DELETE_SCENE_FAILED, useDeleteScene } from '../api/delete-scene';
import { DELETE_SLIDE_FAILED, useDeleteSlide } from '../api/delete-slide';
import { DELETE_SLIDES_FAILED, useDeleteSlides } from '../api/delete-slides';
import type { SuggestedAsset } from '../api/get-suggested-assets';
import { useVideo } from '../api/get-video';
import { IMPORT_MEDIA_FAILED, useImportMediaFromUrl } from '../api/import-media-from-url';
import { videoKeys } from '../api/keys';
import { REORDER_SCENES_FAILED, useReorderScenes } from '../api/reorder-scenes';
import { REORDER_SLIDES_FAILED, useReorderSlides } from '../api/reorder-slides';
import { SLIDE_MEDIA_FAILED, useReplaceSlideMedia } from '../api/replace-slide-media';
import { SPLIT_SCENE_FAILED, useSplitScene } from '../api/split-scene';
import { SWAP_SLIDES_FAILED, useSwapSlides } from '../api/swap-slides';
import type { Scene, Slide, Video } from '../api/types';
import { SLIDE_TAGLINE_FAILED, useUpdateSlideTagline } from '../api/update-slide-tagline';
import { SLIDE_TEXT_FAILED, useUpdateSlideText } from '../api/update-slide-text';
import { movedIds, sceneOfSlide, usePendingEdits } from '../api/video-edit';
import { useEditorSelection, type SelectMode } from '../stores/editor-selection';
import { currentSlideId, useNarrationPlayer } from '../stores/narration-player';
import { isBuildFinal } from '../utils/build-stage';
import { AutomatchPanel, automatchWatched } from './automatch-panel';
import { EditorScene } from './editor-scene';
import { slideImporting } from './editor-slide';
import { InsertsPanel } from './inserts-panel';
import { MediaPicker } from './media-picker';
import { NarratorPanel } from './narrator-panel';
import { RenderPanel } from './render-panel';
import { ScenePreview } from './scene-preview';
import { SlidePanel } from './slide-panel';
import { SoundtrackPanel } from './soundtrack-panel';
import { SubtitlesPanel } from './subtitles-panel';
import { ValidationList } from './validation-list';
import { NarrationAudio, slideMedia } from './video-preview-page';
import './videos.css';

export { slideImporting, TAGLINE_INVALID } from './editor-slide';

/** While narration is generated or media imported, the editor looks at the video again this often. */
export const EDITOR_POLL_MS = 2000;
/** VIDEO_CHANGED: the notice when an order was made from an older view of the video (409 video_changed). */
export const VIDEO_CHANGED = 'This video changed in another tab.';

/** videoSettling: narration is being generated or media imported; the editor polls until neither is. */
export function videoSettling(video: Video): boolean {
  return !isBuildFinal(video) || video.scenes.some((s) => s.needsAudio || s.layerList.some(slideImporting));
}

/** EditorNotice is the editor's one message: a refused change, or a stale view with a Reload button. */
interface EditorNotice {
  message: string;
  reload: boolean;
}

/** Deleting asks first; this says what is about to go. */
type Deleting =
  | { kind: 'scene'; scene: Scene; number: number }
  | { kind: 'slide'; slide: Slide }
  | { kind: 'slides'; layerIds: number[] };

/** movedTo: ids with one moved to where another is (drag and drop within a list). */
export function movedTo(ids: number[], moved: number, target: number): number[] | null {
  const from = ids.indexOf(moved);
  const to = ids.indexOf(target);
  if (from < 0 || to < 0 || from === to) return null;
  const next = ids.filter((id) => id !== moved);
  next.splice(to, 0, moved);
  return next;
}

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
 * EditorPage edits a video's scenes and slides: order (buttons, Alt+arrows, drag and drop), structure (add, split,
 * swap), text, tagline, media and deletes (one or a selection), each shown at once and put back with a notice when
 * the server refuses. Beside them the slide panel, the scene preview, the problems list and the render, media help,
 * soundtrack, inserts and subtitles panels.
 */
export function EditorPage({ videoId }: { videoId: number }) {
  // No poll while a change is on its way: it could show the video from before the change.
  const editing = useIsMutating({ mutationKey: videoKeys.edits(videoId) }) > 0;
  const automatchStartedAt = useEditorSelection((s) => s.automatchStartedAt);
  const video = useVideo(videoId, {
    pollMs: EDITOR_POLL_MS,
    pollWhile: (v) => !editing && (videoSettling(v) || automatchWatched(v, automatchStartedAt)),
  });
  const queryClient = useQueryClient();
  const pending = usePendingEdits(videoId);
  const run = useNarrationPlayer((s) => s.run);
  const playingSlide = currentSlideId(run);
  const selected = useEditorSelection((s) => s.selected);
  const editorOpened = useEditorSelection((s) => s.editorOpened);
  const slideClicked = useEditorSelection((s) => s.slideClicked);
  const selectionCleared = useEditorSelection((s) => s.selectionCleared);
  const slidesGone = useEditorSelection((s) => s.slidesGone);
  const [notice, setNotice] = useState<EditorNotice | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [picking, setPicking] = useState<Slide | null>(null);
  // A slide that a structure change created: it gets the focus once it is on screen.
  const [focusSlideId, setFocusSlideId] = useState<number | null>(null);
  const slideChosen = useEditorSelection((s) => s.slideChosen);

  useEffect(() => editorOpened(), [videoId, editorOpened]);

  useEffect(() => {
    if (focusSlideId === null) return;
    const el = document.querySelector<HTMLElement>(`[data-testid="editor-slide"][data-layer-id="${focusSlideId}"]`);
    if (!el) return;
    setFocusSlideId(null);
    if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
    el.focus();
  });

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
  const deleteSlides = useDeleteSlides(videoId, { onError: refused(DELETE_SLIDES_FAILED) });
  const updateText = useUpdateSlideText(videoId, { onError: refused(SLIDE_TEXT_FAILED) });
  const updateTagline = useUpdateSlideTagline(videoId, { onError: refused(SLIDE_TAGLINE_FAILED) });
  const replaceMedia = useReplaceSlideMedia(videoId, { onError: refused(SLIDE_MEDIA_FAILED) });
  const addMedia = useAddSlideMedia(videoId, { onError: refused(ADD_SLIDE_MEDIA_FAILED) });
  const importMedia = useImportMediaFromUrl();
  const addScene = useAddScene(videoId, { onError: refused(ADD_SCENE_FAILED) });
  const addSlide = useAddSlide(videoId, { onError: refused(ADD_SLIDE_FAILED) });
  const splitScene = useSplitScene(videoId, { onError: refused(SPLIT_SCENE_FAILED) });
  const swapSlides = useSwapSlides(videoId, { onError: refused(SWAP_SLIDES_FAILED) });

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
  const allSlideIds = v.scenes.flatMap((s) => s.layerList.map((l) => l.layerId));
  // The selection in video order, without slides that are gone.
  const selection = allSlideIds.filter((id) => selected.includes(id));
  const structureBusy = pending.some((p) => p.kind === 'delete-slides' || p.kind === 'add-scene' || p.kind === 'split-scene');

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

  function dropScene(draggedSceneId: number, target: Scene) {
    const sceneIds = movedTo(
      v.scenes.map((s) => s.sceneId),
      draggedSceneId,
      target.sceneId,
    );
    if (!sceneIds) return;
    setNotice(null);
    reorderScenes.mutate({ sceneIds });
  }

  function moveSlide(slide: Slide, step: -1 | 1) {
    const scene = sceneOfSlide(v, slide.layerId);
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

  // A slide dropped on another of its scene takes that one's place; dropped on a slide of another scene, the two swap.
  function dropSlide(draggedLayerId: number, target: Slide) {
    const from = sceneOfSlide(v, draggedLayerId);
    const to = sceneOfSlide(v, target.layerId);
    if (!from || !to) return;
    setNotice(null);
    if (from.sceneId !== to.sceneId) {
      swapSlides.mutate({ firstLayerId: draggedLayerId, secondLayerId: target.layerId });
      return;
    }
    const layerIds = movedTo(
      to.layerList.map((l) => l.layerId),
      draggedLayerId,
      target.layerId,
    );
    if (layerIds) reorderSlides.mutate({ sceneId: to.sceneId, layerIds });
  }

  function selectSlide(slide: Slide, mode: SelectMode) {
    slideClicked(slide.layerId, slide.sceneId || sceneOfSlide(v, slide.layerId)?.sceneId || 0, mode, allSlideIds);
  }

  // After a change that creates slides, the first new one becomes active and gets the focus.
  const before = new Set(allSlideIds);
  const focusNew = (next: Video) => {
    for (const scene of next.scenes)
      for (const s of scene.layerList)
        if (!before.has(s.layerId)) {
          slideChosen(s.layerId, scene.sceneId);
          setFocusSlideId(s.layerId);
          return;
        }
  };

  function confirmDelete() {
    if (!deleting) return;
    setNotice(null);
    if (deleting.kind === 'scene') deleteScene.mutate({ sceneId: deleting.scene.sceneId });
    else if (deleting.kind === 'slide') deleteSlide.mutate({ layerId: deleting.slide.layerId });
    else {
      const layerIds = deleting.layerIds;
      deleteSlides.mutate({ layerIds }, { onSuccess: () => slidesGone(layerIds) });
    }
    setDeleting(null);
  }

  // Media changes may start an import; the pending imports are read again (and polled while pending).
  const mediaChanged = () => void queryClient.invalidateQueries({ queryKey: videoKeys.pendingAssets(videoId) });

  function chooseMedia(slide: Slide, assetId: number) {
    setNotice(null);
    if (slide.assetList.length > 0) replaceMedia.mutate({ layerId: slide.layerId, assetId }, { onSuccess: mediaChanged });
    else addMedia.mutate({ layerId: slide.layerId, assetId }, { onSuccess: mediaChanged });
    setPicking(null);
  }

  function chooseSuggestion(slide: Slide, suggestion: SuggestedAsset) {
    setNotice(null);
    setPicking(null);
    importMedia.mutate(
      { url: suggestion.url, name: suggestion.name },
      {
        onSuccess: ({ assetId }) => chooseMedia(slide, assetId),
        onError: (e) => setNotice({ message: errorMessage(e, IMPORT_MEDIA_FAILED), reload: false }),
      },
    );
  }

  function reload() {
    setNotice(null);
    void video.refetch();
  }

  const pickingMedia = picking ? slideMedia(picking) : undefined;
  const savingMedia = replaceMedia.isPending
    ? (replaceMedia.variables?.assetId ?? null)
    : addMedia.isPending
      ? (addMedia.variables?.assetId ?? null)
      : null;

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
          Select a slide to move it with Alt+↑ and Alt+↓ or delete it with Delete; drag a slide or scene by its handle.
          Click, Shift-click or Ctrl-click slides to select several. Enter saves a text, Escape cancels, Shift+Enter starts
          a new line. Space plays the preview.
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

      {selection.length > 0 && (
        <div className="panel editor__selection" role="toolbar" aria-label="Selected slides" data-testid="editor-selection">
          <span aria-live="polite" data-testid="editor-selection-count">
            {selection.length === 1 ? '1 slide selected' : `${selection.length} slides selected`}
          </span>
          <button
            type="button"
            className="button button--danger-ghost button--sm"
            disabled={structureBusy}
            onClick={() => setDeleting({ kind: 'slides', layerIds: selection })}
            data-testid="editor-delete-selected"
          >
            Delete selected
          </button>
          <button type="button" className="button button--ghost button--sm" onClick={selectionCleared} data-testid="editor-clear-selection">
            Clear selection
          </button>
        </div>
      )}

      <div className="editor__layout">
        <div className="editor__scenes">
          {v.scenes.length === 0 ? (
            <div className="panel panel--muted">
              <p>This video has no scenes yet.</p>
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => addScene.mutate({ prevSceneId: null }, { onSuccess: focusNew })}
                data-testid="editor-add-first-scene"
              >
                + Add scene
              </button>
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
                busy={structureBusy}
                onMoveScene={moveScene}
                onDeleteScene={(s) => setDeleting({ kind: 'scene', scene: s, number: i + 1 })}
                onAddScene={(s) => {
                  setNotice(null);
                  addScene.mutate({ prevSceneId: s.sceneId, sceneId: s.sceneId }, { onSuccess: focusNew });
                }}
                onAddSlide={(s) => {
                  setNotice(null);
                  addSlide.mutate({ sceneId: s.sceneId }, { onSuccess: focusNew });
                }}
                onDropScene={dropScene}
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
                  onSelect: selectSlide,
                  onAddAfter: (s) => {
                    setNotice(null);
                    addSlide.mutate({ sceneId: scene.sceneId, afterLayerId: s.layerId, layerId: s.layerId }, { onSuccess: focusNew });
                  },
                  onSplit: (s) => {
                    setNotice(null);
                    splitScene.mutate({ sceneId: scene.sceneId, layerId: s.layerId });
                  },
                  onDropSlide: dropSlide,
                }}
              />
            ))
          )}
        </div>
        <aside className="editor__panels" aria-label="Video settings">
          <ScenePreview video={v} />
          <SlidePanel video={v} onPickMedia={setPicking} refused={refused} onChange={() => setNotice(null)} />
          <RenderPanel video={v} inEditor />
          <ValidationList video={v} />
          {!v.isVoiceover && <NarratorPanel video={v} />}
          <AutomatchPanel video={v} />
          <SoundtrackPanel video={v} />
          <InsertsPanel video={v} />
          <SubtitlesPanel videoId={v.videoId} />
        </aside>
      </div>

      {picking && (
        <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && setPicking(null)}>
          <MediaPicker
            currentAssetId={pickingMedia?.assetId}
            choosing={savingMedia}
            layerId={picking.layerId}
            onChoose={(media) => chooseMedia(picking, media.assetId)}
            onChooseSuggestion={(s) => chooseSuggestion(picking, s)}
            onUploaded={(assetId) => chooseMedia(picking, assetId)}
            onClose={() => setPicking(null)}
          />
        </div>
      )}

      {deleting && (
        <ConfirmDialog
          title={
            deleting.kind === 'scene'
              ? `Delete scene ${deleting.number}?`
              : deleting.kind === 'slide'
                ? 'Delete this slide?'
                : `Delete ${deleting.layerIds.length === 1 ? '1 slide' : `${deleting.layerIds.length} slides`}?`
          }
          confirmLabel="Delete"
          testId="editor-delete-confirm"
          confirmTestId="editor-delete-confirm-submit"
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>
            {deleting.kind === 'scene'
              ? 'The scene and all its slides will be removed from this video.'
              : deleting.kind === 'slide'
                ? `“${deleting.slide.text || 'This slide'}” will be removed from this video.`
                : 'The selected slides will be removed from this video. A scene left without slides goes too.'}
          </p>
        </ConfirmDialog>
      )}
      <NarrationAudio video={v} />
    </section>
  );
}
