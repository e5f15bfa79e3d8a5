import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CheckboxField } from '@/components/form/checkbox-field';
import { FormAlert } from '@/components/form/form-alert';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { dialogKeyDown } from '@/lib/dialog-keys';
import { useCreateSubtitleStyle } from '../api/create-subtitle-style';
import { useFontFamilies } from '../api/get-font-families';
import type { StyleAspectRatio, SubtitlePosition, SubtitleStyleConfig, SubtitleStyleFields } from '../api/types';
import { UPDATE_NEEDS_ID, useUpdateSubtitleStyle } from '../api/update-subtitle-style';
import {
  COLOR_LABELS,
  draftOf,
  fieldsOf,
  numberLimits,
  PREVIEW_DEBOUNCE_MS,
  previewOf,
  STYLE_CANVAS,
  STYLE_NAME_MAX,
  validateStyleDraft,
  type ColorField,
  type NumberField,
  type StyleDraft,
  type StyleErrors,
} from '../utils/limits';
import { StyleColorField, StyleNumberField } from './style-editor-fields';
import { SubtitleStylePreview } from './subtitle-style-preview';

/** STYLE_SAVE_FAILED: the editor's message for a refusal without words of its own. */
export const STYLE_SAVE_FAILED = 'We could not save the subtitle style.';

const POSITIONS: ReadonlyArray<{ value: SubtitlePosition; label: string }> = [
  { value: 'bottom', label: 'Bottom' },
  { value: 'middle', label: 'Middle' },
  { value: 'top', label: 'Top' },
];

interface SubtitleStyleEditorProps {
  aspectRatio: StyleAspectRatio;
  /** The account's style being changed; without it Save creates a new style of aspectRatio. */
  editing?: SubtitleStyleConfig;
  /** The values the form starts with (the edited style's, or those of the style a new one copies). */
  initial: SubtitleStyleFields;
  onSaved: (style: SubtitleStyleConfig) => void;
  onCancel: () => void;
}

/**
 * SubtitleStyleEditor is the style editor dialog: every field of a style with the spec's limits (checked here before
 * anything is sent, and again by the server, whose field errors show under the fields), and a preview that follows
 * the form 300 ms after it stops changing. Escape or Cancel closes it; Tab stays inside.
 */
export function SubtitleStyleEditor({ aspectRatio, editing, initial, onSaved, onCancel }: SubtitleStyleEditorProps) {
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<StyleDraft>(() => draftOf(initial));
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(0);
  const [serverErrors, setServerErrors] = useState<StyleErrors>({});
  const create = useCreateSubtitleStyle();
  const update = useUpdateSubtitleStyle();
  const fonts = useFontFamilies();
  const busy = create.isPending || update.isPending;
  const saveError = editing ? update.error : create.error;

  const limits = numberLimits(aspectRatio);
  const canvas = STYLE_CANVAS[aspectRatio];
  const clientErrors = validateStyleDraft(draft, aspectRatio);
  // A field's own problem shows once it was changed or Save was tried; the server's until the field changes.
  const errorOf = (field: keyof SubtitleStyleFields) =>
    (submitted > 0 || changed.has(field) ? clientErrors[field] : undefined) ?? serverErrors[field];
  const preview = previewOf(useDebouncedValue(draft, PREVIEW_DEBOUNCE_MS), aspectRatio, initial);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    nameRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  useEffect(() => {
    if (submitted > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitted]);

  function set<K extends keyof StyleDraft>(field: K, value: StyleDraft[K]) {
    setDraft((d) => ({ ...d, [field]: value }));
    setChanged((c) => new Set(c).add(field));
    setServerErrors(({ [field]: _, ...rest }) => rest);
  }

  function onError(error: Error) {
    setServerErrors(isApiError(error) ? (error.fieldMap() as StyleErrors) : {});
    setSubmitted((n) => n + 1);
  }

  function save(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSubmitted((n) => n + 1);
    if (Object.keys(clientErrors).length > 0) return;
    setServerErrors({});
    const fields = fieldsOf(draft);
    if (editing) {
      update.mutate({ ...fields, subtitleStyleConfigId: editing.subtitleStyleConfigId }, { onSuccess: onSaved, onError });
    } else {
      create.mutate({ ...fields, aspectRatio }, { onSuccess: onSaved, onError });
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    dialogKeyDown(e, formRef.current, onCancel, busy);
  }

  const fontOptions = [...new Set([...(fonts.data ?? []), ...(draft.fontFamily ? [draft.fontFamily] : [])])].map((f) => ({ value: f, label: f }));
  // A refusal that names none of the form's fields (a built-in style, a style that is gone) shows above the buttons.
  const unplaced = saveError && !(isApiError(saveError) && saveError.fields.some((f) => f.field in draft));
  const number = (field: NumberField, unit = 'px') => (
    <StyleNumberField name={field} limit={limits[field]} unit={unit} value={draft[field]} onChange={(v) => set(field, v)} error={errorOf(field)} />
  );
  const color = (field: ColorField) => (
    <StyleColorField
      name={field}
      label={COLOR_LABELS[field]}
      value={draft[field]}
      fallback={initial[field]}
      onChange={(v) => set(field, v)}
      error={errorOf(field)}
    />
  );

  return (
    <div className="dialog-backdrop">
      <form
        ref={formRef}
        className="dialog subtitle-style-editor"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy || undefined}
        noValidate
        onSubmit={save}
        onKeyDown={onKeyDown}
        data-testid="subtitle-style-editor"
      >
        <h2 id={titleId} className="dialog__title">
          {editing ? `Edit “${editing.name}”` : 'New subtitle style'}
        </h2>
        <p className="muted">
          For {aspectRatio === 'vertical' ? 'vertical 9:16' : 'horizontal 16:9'} videos. Sizes and margins are pixels of
          the {canvas.width}×{canvas.height} video.
        </p>
        <div className="subtitle-style-editor__body">
          <div className="subtitle-style-editor__fields">
            <TextField
              label="Name"
              name="name"
              inputRef={nameRef}
              value={draft.name}
              maxLength={STYLE_NAME_MAX}
              required
              autoComplete="off"
              onChange={(e) => set('name', e.target.value)}
              error={errorOf('name')}
              data-testid="style-name"
            />
            <fieldset className="fieldset subtitle-style-editor__group">
              <legend className="field__label">Text</legend>
              <SelectField
                name="fontFamily"
                label="Font"
                value={draft.fontFamily}
                options={fontOptions}
                onChange={(v) => set('fontFamily', v)}
                error={errorOf('fontFamily')}
                hint={fonts.isError ? 'The list of fonts could not be loaded.' : undefined}
                testId="style-fontFamily"
              />
              {number('fontSize')}
              {number('spacing')}
              <div className="subtitle-style-editor__checks">
                <CheckboxField label="Bold" checked={draft.bold} onChange={(v) => set('bold', v)} testId="style-bold" />
                <CheckboxField label="Italic" checked={draft.italic} onChange={(v) => set('italic', v)} testId="style-italic" />
              </div>
            </fieldset>
            <fieldset className="fieldset subtitle-style-editor__group">
              <legend className="field__label">Colours</legend>
              {color('primaryColor')}
              {color('outlineColor')}
              {color('shadowColor')}
            </fieldset>
            <fieldset className="fieldset subtitle-style-editor__group">
              <legend className="field__label">Outline and shadow</legend>
              {number('outline')}
              {number('shadowOffset')}
              {number('blurEdges')}
            </fieldset>
            <fieldset className="fieldset subtitle-style-editor__group">
              <legend className="field__label">Placement</legend>
              <SelectField
                name="position"
                label="Position"
                value={draft.position}
                options={POSITIONS}
                onChange={(v) => set('position', v)}
                error={errorOf('position')}
                testId="style-position"
              />
              {number('marginVertical')}
              {number('marginLeft')}
              {number('marginRight')}
              {number('angle', 'degrees, counter-clockwise')}
            </fieldset>
          </div>
          <div className="subtitle-style-editor__preview">
            <SubtitleStylePreview
              style={preview}
              aspectRatio={aspectRatio}
              width={aspectRatio === 'vertical' ? 220 : 360}
              label="Preview of the subtitle style"
              testId="style-editor-preview"
            />
            <p className="field__hint">A close likeness: the video is drawn by the renderer, which may differ slightly.</p>
          </div>
        </div>
        {unplaced && (
          <FormAlert
            message={saveError.message === UPDATE_NEEDS_ID ? UPDATE_NEEDS_ID : errorMessage(saveError, STYLE_SAVE_FAILED)}
            testId="style-save-error"
          />
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} data-testid="style-save">
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </div>
  );
}
