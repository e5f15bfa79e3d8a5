import { useId, useState } from 'react';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { usePresets } from '../api/get-presets';
import { usePresetsMetadata } from '../api/get-presets-metadata';
import { useSavePreset } from '../api/save-preset';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { presetSettingsFrom } from '../utils/presets';

/** Presets: start from a saved set of settings, or save the current ones. Kept small on purpose. */
export function PresetsBar() {
  const id = useId();
  const presets = usePresets();
  const metadata = usePresetsMetadata();
  const presetId = useCreateVideoDraft((s) => s.presetId);
  const settings = useCreateVideoDraft((s) => s.settings);
  const presetChosen = useCreateVideoDraft((s) => s.presetChosen);
  const save = useSavePreset();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState('');

  const all = presets.data?.pages.flatMap((p) => p.presets) ?? [];
  const fields = save.error && isApiError(save.error) ? save.error.fieldMap() : {};
  const nameError = fields.name;
  const formError = save.error && !nameError ? errorMessage(save.error) : undefined;

  return (
    <section className="panel cv-presets" aria-label="Presets" data-testid="presets">
      <div className="cv-presets__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-preset`}>
            Preset
          </label>
          <select
            id={`${id}-preset`}
            className="input"
            value={presetId ?? ''}
            disabled={all.length === 0}
            onChange={(e) => {
              const picked = all.find((p) => String(p.presetId) === e.target.value);
              if (picked) presetChosen(picked);
            }}
            data-testid="preset-select"
          >
            {presetId === null && <option value="">{all.length === 0 ? 'No presets yet' : 'Custom settings'}</option>}
            {all.map((p) => (
              <option key={p.presetId} value={p.presetId}>
                {p.name}
                {p.isPublic ? ' (Pagecast)' : ''}
              </option>
            ))}
          </select>
          {metadata.data && (
            <p className="field__hint">
              {metadata.data.totalPublicPresets} from Pagecast · {metadata.data.totalUserPresets} of your own
            </p>
          )}
        </div>
        {presets.hasNextPage && (
          <button type="button" className="button button--ghost button--sm" onClick={() => void presets.fetchNextPage()} disabled={presets.isFetchingNextPage}>
            {presets.isFetchingNextPage ? 'Loading…' : 'More presets'}
          </button>
        )}
        {!saving && (
          <button type="button" className="button button--ghost button--sm" onClick={() => setSaving(true)} data-testid="preset-save-open">
            Save as preset
          </button>
        )}
      </div>
      {saving && (
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return;
            save.mutate(
              { name, settings: presetSettingsFrom(settings) },
              {
                onSuccess: (preset) => {
                  notify.success(`Preset “${preset.name || name.trim()}” saved.`);
                  setSaving(false);
                  setName('');
                },
              },
            );
          }}
        >
          <TextField label="Preset name" name="name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} error={nameError} autoFocus data-testid="preset-name" />
          <div className="inline-form__actions">
            <button type="submit" className="button button--secondary" disabled={save.isPending || !name.trim()} data-testid="preset-save">
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="button button--ghost" onClick={() => { setSaving(false); save.reset(); }}>
              Cancel
            </button>
          </div>
          <FormAlert message={formError} testId="preset-error" />
        </form>
      )}
    </section>
  );
}
