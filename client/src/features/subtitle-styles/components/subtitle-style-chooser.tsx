import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { useSubtitleStyles } from '../api/get-subtitle-styles';
import { styleFields } from '../api/normalize';
import type { StyleAspectRatio, SubtitleStyleConfig, SubtitleStyleFields } from '../api/types';
import { copyName } from '../utils/limits';
import { SubtitleStyleEditor } from './subtitle-style-editor';
import { SubtitleStylePreview } from './subtitle-style-preview';
import './subtitle-styles.css';

/** STYLES_LOAD_FAILED: what the chooser says when the list of styles could not be read. */
export const STYLES_LOAD_FAILED = 'Subtitle styles could not be loaded.';

/** SubtitleStyleEditing: what the chooser does with a style saved in its editor. */
export interface SubtitleStyleEditing {
  onCreated: (style: SubtitleStyleConfig) => void;
  onUpdated?: (style: SubtitleStyleConfig) => void;
}

interface SubtitleStyleChooserProps {
  aspectRatio: StyleAspectRatio;
  /** The chosen style; with none, the format's default shows as chosen (it is what a render uses). */
  selectedId: number | null;
  onChoose: (style: SubtitleStyleConfig) => void;
  /** Nothing can be chosen or edited (a render is running). */
  locked?: boolean;
  /** A choice is on its way: another one is not taken until it has landed, so the two cannot race. */
  busy?: boolean;
  hint?: string;
  error?: string;
  /** With it the chooser offers New style, and Edit (own styles) or Copy and edit (built-in ones). */
  editing?: SubtitleStyleEditing;
  /** Shown when the list cannot be loaded, so that a style can still be chosen another way. */
  fallback?: ReactNode;
  testId?: string;
}

/** EditorState: the style editor is open, on a style of the account (editing) or on a new one. */
interface EditorState {
  editing?: SubtitleStyleConfig;
  initial: SubtitleStyleFields;
}

/**
 * SubtitleStyleChooser shows the subtitle styles of one format as tiles with a preview each, as a radio group: Tab
 * reaches the chosen tile, the arrow keys choose another.
 */
export function SubtitleStyleChooser({
  aspectRatio,
  selectedId,
  onChoose,
  locked = false,
  busy = false,
  hint,
  error,
  editing,
  fallback,
  testId = 'subtitle-style-chooser',
}: SubtitleStyleChooserProps) {
  const labelId = useId();
  const hintId = useId();
  const group = useId();
  const styles = useSubtitleStyles(aspectRatio);
  const [editor, setEditor] = useState<EditorState | null>(null);

  const list = styles.data ?? [];
  const chosenId = selectedId ?? list.find((s) => s.isDefault)?.subtitleStyleConfigId ?? null;
  const chosen = list.find((s) => s.subtitleStyleConfigId === chosenId);
  const base = chosen ?? list.find((s) => s.isDefault) ?? list[0];
  const missing = styles.isSuccess && selectedId !== null && !chosen && !busy;

  // The tiles scroll inside their box; the chosen one is brought into sight there when the list shows and when the
  // choice changes, without moving the page.
  const tilesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = tilesRef.current;
    const tile = box?.querySelector('input:checked')?.closest('label');
    if (!box || !tile) return;
    const b = box.getBoundingClientRect();
    const t = tile.getBoundingClientRect();
    if (t.top < b.top) box.scrollTop -= b.top - t.top;
    else if (t.bottom > b.bottom) box.scrollTop += Math.min(t.bottom - b.bottom, t.top - b.top);
  }, [chosenId, list.length]);

  return (
    <div className="subtitle-styles" data-testid={testId}>
      <span className="field__label" id={labelId}>
        Subtitle style
      </span>

      {styles.isPending && (
        <p className="muted subtitle-styles__status" data-testid="subtitle-styles-loading">
          <Spinner size="sm" label="" /> Loading subtitle styles…
        </p>
      )}
      {styles.isError && (
        <>
          <p className="muted subtitle-styles__status" data-testid="subtitle-styles-error">
            {STYLES_LOAD_FAILED}{' '}
            <button type="button" className="button button--ghost button--sm" onClick={() => void styles.refetch()}>
              Try again
            </button>
          </p>
          {fallback}
        </>
      )}
      {styles.isSuccess && list.length === 0 && (
        <p className="muted subtitle-styles__status" data-testid="subtitle-styles-empty">
          There are no subtitle styles for this format yet.
        </p>
      )}
      {missing && (
        <p className="note" data-testid="subtitle-style-missing">
          Style #{selectedId} is not one of the {aspectRatio === 'vertical' ? 'vertical 9:16' : 'horizontal 16:9'} styles. Choose
          one of these.
        </p>
      )}

      {list.length > 0 && (
        <div
          ref={tilesRef}
          className={`subtitle-style-tiles subtitle-style-tiles--${aspectRatio}`}
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={hint ? hintId : undefined}
          aria-busy={busy || undefined}
        >
          {list.map((style) => (
            <label
              key={style.subtitleStyleConfigId}
              className={`subtitle-style-tile${locked ? ' subtitle-style-tile--locked' : ''}`}
              data-testid={`subtitle-style-${style.subtitleStyleConfigId}`}
            >
              <SubtitleStylePreview style={style} aspectRatio={aspectRatio} />
              <span className="subtitle-style-tile__caption">
                <input
                  type="radio"
                  name={group}
                  value={style.subtitleStyleConfigId}
                  checked={style.subtitleStyleConfigId === chosenId}
                  disabled={locked}
                  onChange={() => {
                    if (!busy) onChoose(style);
                  }}
                  data-testid={`subtitle-style-radio-${style.subtitleStyleConfigId}`}
                />
                <span className="subtitle-style-tile__name">{style.name}</span>
                {style.isDefault && <span className="badge">Default</span>}
                {!style.isBuiltIn && <span className="badge badge--own">Yours</span>}
              </span>
            </label>
          ))}
        </div>
      )}

      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" role="alert" data-testid="subtitle-style-error">
          {error}
        </p>
      )}

      {editing && base && (
        <div className="subtitle-styles__actions">
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={locked}
            onClick={() => setEditor({ initial: { ...styleFields(base), name: '' } })}
            data-testid="subtitle-style-new"
          >
            New style
          </button>
          {chosen &&
            (chosen.isBuiltIn ? (
              <button
                type="button"
                className="button button--ghost button--sm"
                disabled={locked}
                onClick={() => setEditor({ initial: { ...styleFields(chosen), name: copyName(chosen.name) } })}
                data-testid="subtitle-style-copy"
              >
                Copy and edit
              </button>
            ) : (
              <button
                type="button"
                className="button button--ghost button--sm"
                disabled={locked}
                onClick={() => setEditor({ editing: chosen, initial: styleFields(chosen) })}
                data-testid="subtitle-style-edit"
              >
                Edit
              </button>
            ))}
        </div>
      )}

      {editing && editor && (
        <SubtitleStyleEditor
          aspectRatio={aspectRatio}
          editing={editor.editing}
          initial={editor.initial}
          onCancel={() => setEditor(null)}
          onSaved={(style) => {
            setEditor(null);
            if (editor.editing) editing.onUpdated?.(style);
            else editing.onCreated(style);
          }}
        />
      )}
    </div>
  );
}
