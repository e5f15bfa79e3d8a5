import { useEffect, useRef, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { Slide } from '../api/types';
import { SLIDE_TAGLINE_MAX } from '../api/update-slide-tagline';
import { SLIDE_TEXT_INVALID, SLIDE_TEXT_MAX } from '../api/update-slide-text';
import type { PendingEdit } from '../api/video-edit';
import { useEditorSelection, type SelectMode } from '../stores/editor-selection';
import { useNarrationPlayer } from '../stores/narration-player';
import { EditableField } from './editable-field';
import { SlideMedia, slideMedia } from './video-preview-page';

export const TAGLINE_INVALID = `A tagline has at most ${SLIDE_TAGLINE_MAX} characters.`;

/** SLIDE_DRAG_TYPE: the drag data type of a slide being dragged (its id). */
export const SLIDE_DRAG_TYPE = 'application/x-pagecast-slide';

const isImporting = (state: string) => state === 'pending' || state === 'processing';

/** slideImporting: the slide's picture or video is still being imported into the media library. */
export function slideImporting(slide: Slide): boolean {
  const media = slideMedia(slide);
  return media !== undefined && isImporting(media.state);
}

export type SlideState = 'idle' | 'updating' | 'deleting';

/** slideState: deleting while a delete of it is on its way, updating while any other change is. */
export function slideState(pending: PendingEdit[], layerId: number): SlideState {
  const mine = pending.filter((p) => p.layerId === layerId);
  if (mine.some((p) => p.kind === 'delete-slide')) return 'deleting';
  return mine.length > 0 ? 'updating' : 'idle';
}

/** typing: keys pressed inside a field belong to the field, not to the slide's shortcuts. */
export const typing = (target: EventTarget) =>
  target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);

/** interactive: a click on these does its own thing and does not select the slide. */
const interactive = (target: EventTarget) =>
  target instanceof HTMLElement && target.closest('button, a, input, textarea, select, label, [contenteditable="true"]') !== null;

/** selectMode: Shift extends, Ctrl or Cmd toggles, else a plain click. */
export const selectMode = (e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): SelectMode =>
  e.shiftKey ? 'range' : e.ctrlKey || e.metaKey ? 'toggle' : 'single';

/** EditorSlideActions are what a slide asks of the editor; the slide is passed back. */
export interface EditorSlideActions {
  onMove: (slide: Slide, step: -1 | 1) => void;
  onDelete: (slide: Slide) => void;
  onText: (slide: Slide, text: string) => void;
  onTagline: (slide: Slide, tagline: string) => void;
  onReplaceMedia: (slide: Slide) => void;
  onSelect: (slide: Slide, mode: SelectMode) => void;
  onAddAfter: (slide: Slide) => void;
  onSplit: (slide: Slide) => void;
  /** Another slide was dropped on this one. */
  onDropSlide: (draggedLayerId: number, target: Slide) => void;
}

interface EditorSlideProps extends EditorSlideActions {
  slide: Slide;
  number: number;
  count: number;
  state: SlideState;
  playing: boolean;
  selected: boolean;
  active: boolean;
  spoken: boolean;
}

/**
 * EditorSlide is one slide of the editor: its media, its text and tagline edited in place, and its actions. When the
 * slide itself has focus, Alt+ArrowUp and Alt+ArrowDown move it within its scene and Delete asks to delete it. A
 * click selects it (Shift and Ctrl/Cmd extend the selection), its handle drags it onto another slide.
 */
export function EditorSlide({
  slide,
  number,
  count,
  state,
  playing,
  selected,
  active,
  spoken,
  onMove,
  onDelete,
  onText,
  onTagline,
  onReplaceMedia,
  onSelect,
  onAddAfter,
  onSplit,
  onDropSlide,
}: EditorSlideProps) {
  const ref = useRef<HTMLLIElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const press = useNarrationPlayer((s) => s.slidePlayPressed);
  const stop = useNarrationPlayer((s) => s.stopPressed);
  const dragging = useEditorSelection((s) => s.dragging);
  const dragStarted = useEditorSelection((s) => s.dragStarted);
  const dragEnded = useEditorSelection((s) => s.dragEnded);
  const importing = slideImporting(slide);
  const busy = state !== 'idle';
  const dropTarget = dragging?.kind === 'slide' && dragging.layerId !== slide.layerId && !busy;

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
      return;
    }
    if (e.key === 'Enter' && e.target === e.currentTarget) {
      e.preventDefault();
      onSelect(slide, selectMode(e));
    }
  }

  function onClick(e: MouseEvent<HTMLLIElement>) {
    if (interactive(e.target)) return;
    onSelect(slide, selectMode(e));
  }

  function onDragStart(e: DragEvent<HTMLElement>) {
    e.dataTransfer?.setData(SLIDE_DRAG_TYPE, String(slide.layerId));
    if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
    dragStarted({ kind: 'slide', layerId: slide.layerId });
  }

  function onDragOver(e: DragEvent<HTMLLIElement>) {
    if (!dropTarget) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
  }

  function onDrop(e: DragEvent<HTMLLIElement>) {
    if (!dropTarget || dragging?.kind !== 'slide') return;
    e.preventDefault();
    e.stopPropagation();
    dragEnded();
    onDropSlide(dragging.layerId, slide);
  }

  const classes = [
    'slide editor-slide',
    `editor-slide--${state}`,
    playing ? 'slide--playing' : '',
    selected ? 'editor-slide--selected' : '',
    active ? 'editor-slide--active' : '',
    spoken ? 'editor-slide--spoken' : '',
    dropTarget ? 'editor-slide--drop-target' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      ref={ref}
      className={classes}
      tabIndex={0}
      aria-label={`Slide ${number}`}
      aria-busy={busy || undefined}
      aria-current={spoken ? 'true' : undefined}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Delete Enter"
      onKeyDown={onKeyDown}
      onClick={onClick}
      onDragOver={onDragOver}
      onDrop={onDrop}
      data-testid="editor-slide"
      data-layer-id={slide.layerId}
      data-state={state}
      data-selected={selected || undefined}
      data-active={active || undefined}
      data-spoken={spoken || undefined}
    >
      <div className="editor-slide__select">
        <span
          className="editor-slide__handle"
          draggable={!busy}
          onDragStart={onDragStart}
          onDragEnd={dragEnded}
          title="Drag onto another slide to move it"
          aria-hidden="true"
          data-testid="editor-slide-handle"
        >
          ⠿
        </span>
        <input
          type="checkbox"
          checked={selected}
          aria-label={`Select slide ${number}`}
          onChange={() => onSelect(slide, 'toggle')}
          data-testid="editor-slide-select"
        />
      </div>
      <div className="editor-slide__media">
        <SlideMedia slide={slide} quiet />
        {importing && (
          <span className="editor-slide__importing" data-testid="editor-slide-importing">
            Importing…
          </span>
        )}
        {slide.muted && (
          <span className="badge editor-slide__muted" data-testid="editor-slide-muted">
            Muted
          </span>
        )}
      </div>
      <div className="slide__body editor-slide__body">
        <span className="slide__number muted">
          Slide {number}
          {spoken && <span className="editor-slide__spoken"> · Speaking</span>}
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
          className="button button--ghost button--sm"
          aria-label={`Add a slide after slide ${number}`}
          disabled={busy}
          onClick={() => onAddAfter(slide)}
          data-testid="editor-slide-add-after"
        >
          + Slide
        </button>
        {number > 1 && (
          <button
            type="button"
            className="button button--ghost button--sm"
            aria-label={`Split the scene at slide ${number}`}
            disabled={busy}
            onClick={() => onSplit(slide)}
            data-testid="editor-slide-split"
          >
            Split scene here
          </button>
        )}
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
