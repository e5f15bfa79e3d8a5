import type { DragEvent } from 'react';
import type { Scene } from '../api/types';
import type { PendingEdit } from '../api/video-edit';
import { useEditorSelection } from '../stores/editor-selection';
import { EditorSlide, slideState, type EditorSlideActions } from './editor-slide';

/** SCENE_DRAG_TYPE: the drag data type of a scene being dragged (its id). */
export const SCENE_DRAG_TYPE = 'application/x-pagecast-scene';

interface EditorSceneProps {
  scene: Scene;
  number: number;
  count: number;
  pending: PendingEdit[];
  playingSlide: number | null;
  /** A change of several slides (a multi-delete, a new scene) is on its way: the scene's tools wait. */
  busy: boolean;
  onMoveScene: (scene: Scene, step: -1 | 1) => void;
  onDeleteScene: (scene: Scene) => void;
  onAddScene: (after: Scene) => void;
  onAddSlide: (scene: Scene) => void;
  /** Another scene was dropped on this one: it takes this one's place. */
  onDropScene: (draggedSceneId: number, target: Scene) => void;
  slide: EditorSlideActions;
}

/**
 * EditorScene is one scene of the editor: its slides, its tools (move, delete, add a scene after it, add a slide,
 * select its slides) and a handle that drags it onto another scene.
 */
export function EditorScene({
  scene,
  number,
  count,
  pending,
  playingSlide,
  busy,
  onMoveScene,
  onDeleteScene,
  onAddScene,
  onAddSlide,
  onDropScene,
  slide,
}: EditorSceneProps) {
  const deleting = pending.some((p) => p.kind === 'delete-scene' && p.sceneId === scene.sceneId);
  const selected = useEditorSelection((s) => s.selected);
  const activeSceneId = useEditorSelection((s) => s.activeSceneId);
  const activeSlideId = useEditorSelection((s) => s.activeSlideId);
  const spokenSlideId = useEditorSelection((s) => s.spokenSlideId);
  const dragging = useEditorSelection((s) => s.dragging);
  const dragStarted = useEditorSelection((s) => s.dragStarted);
  const dragEnded = useEditorSelection((s) => s.dragEnded);
  const sceneSlidesSelected = useEditorSelection((s) => s.sceneSlidesSelected);
  const sceneChosen = useEditorSelection((s) => s.sceneChosen);
  const active = activeSceneId === scene.sceneId;
  const dropTarget = dragging?.kind === 'scene' && dragging.sceneId !== scene.sceneId && !deleting;
  const selectable = scene.layerList.filter((s) => !s.isPlaceholder).map((s) => s.layerId);

  function onDragStart(e: DragEvent<HTMLElement>) {
    e.dataTransfer?.setData(SCENE_DRAG_TYPE, String(scene.sceneId));
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    dragStarted({ kind: 'scene', sceneId: scene.sceneId });
  }

  function onDragOver(e: DragEvent<HTMLElement>) {
    if (!dropTarget) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    if (!dropTarget || dragging?.kind !== 'scene') return;
    e.preventDefault();
    dragEnded();
    onDropScene(dragging.sceneId, scene);
  }

  return (
    <section
      className={`scene panel editor-scene${deleting ? ' editor-scene--deleting' : ''}${active ? ' editor-scene--active' : ''}${dropTarget ? ' editor-scene--drop-target' : ''}`}
      aria-label={`Scene ${number}`}
      aria-busy={deleting || undefined}
      aria-current={active ? 'true' : undefined}
      tabIndex={-1}
      onDragOver={onDragOver}
      onDrop={onDrop}
      data-testid="editor-scene"
      data-scene-id={scene.sceneId}
      data-active={active || undefined}
    >
      <header className="scene__header">
        <span
          className="editor-scene__handle"
          draggable={!deleting}
          onDragStart={onDragStart}
          onDragEnd={dragEnded}
          title="Drag onto another scene to move it"
          aria-hidden="true"
          data-testid="editor-scene-handle"
        >
          ⠿
        </span>
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
            aria-pressed={active}
            aria-label={`Preview scene ${number}`}
            onClick={() => sceneChosen(scene.sceneId)}
            data-testid="editor-scene-preview"
          >
            Preview
          </button>
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label={`Select the slides of scene ${number}`}
            disabled={deleting || selectable.length === 0}
            onClick={() => sceneSlidesSelected(scene.sceneId, selectable)}
            data-testid="editor-scene-select"
          >
            Select slides
          </button>
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
              selected={selected.includes(s.layerId)}
              active={activeSlideId === s.layerId}
              spoken={spokenSlideId === s.layerId}
            />
          ))}
        </ol>
      )}
      <footer className="editor-scene__footer">
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Add a slide at the end of scene ${number}`}
          disabled={deleting || busy}
          onClick={() => onAddSlide(scene)}
          data-testid="editor-scene-add-slide"
        >
          + Add slide
        </button>
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-label={`Add a scene after scene ${number}`}
          disabled={deleting || busy}
          onClick={() => onAddScene(scene)}
          data-testid="editor-add-scene"
        >
          + Add scene
        </button>
      </footer>
    </section>
  );
}
