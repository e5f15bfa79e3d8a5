import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useModifyScriptStyle } from '../api/modify-script-style';
import { isThrottledError } from '../api/request';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { SCRIPT_THROTTLE_MS, SCRIPT_VOCABULARIES, vocabularyLabel } from '../utils/constants';
import { AUTO_TONE } from '../utils/tones';
import { charCount } from '../utils/validation';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { StepActions, TextAreaField } from './fields';
import { SOURCE_STEP, stepPath } from './paths';
import { ThrottleNote, useScriptThrottle } from './throttle-note';

const options = (words: readonly string[]) => words.map((w) => ({ value: w, label: vocabularyLabel(w) }));

/** script-transform: restyle the script (tones, structure, level, length…) and choose whether to keep the result. */
export function ScriptTransformPage() {
  const navigate = useNavigate();
  const body = useCreateVideoDraft((s) => s.body);
  const type = useCreateVideoDraft((s) => s.createType);
  const style = useCreateVideoDraft((s) => s.styleModifier);
  const result = useCreateVideoDraft((s) => s.modifiedScript);
  const changed = useCreateVideoDraft((s) => s.styleModifierChanged);
  const toneToggled = useCreateVideoDraft((s) => s.toneToggled);
  const styled = useCreateVideoDraft((s) => s.scriptStyled);
  const accepted = useCreateVideoDraft((s) => s.styledScriptAccepted);
  const throttled = useCreateVideoDraft((s) => s.scriptThrottled);
  const secondsLeft = useScriptThrottle();
  const modify = useModifyScriptStyle();

  const fields = modify.error && isApiError(modify.error) ? modify.error.fieldMap() : {};
  const field = (name: string) => fields[`settings.${name}`] ?? fields[name];
  const formError =
    modify.error && !(isThrottledError(modify.error) && secondsLeft > 0) && Object.keys(fields).length === 0
      ? errorMessage(modify.error)
      : undefined;
  const back = type ? SOURCE_STEP[type] : '';

  function onTransform() {
    if (!body.trim() || secondsLeft > 0) return;
    const { preview, ...settings } = style;
    modify.mutate(
      { settings, preview, script: body },
      {
        onSuccess: (script) => styled(script, SCRIPT_THROTTLE_MS),
        onError: (error) => {
          if (isThrottledError(error)) throttled(error.retryAfterMs);
        },
      },
    );
  }

  if (!body.trim()) {
    return (
      <div className="cv-step panel panel--muted" data-testid="transform-empty">
        <p>There is no script to transform yet.</p>
        <button type="button" className="button button--secondary" onClick={() => navigate(stepPath(back))}>
          Back to the script
        </button>
      </div>
    );
  }

  return (
    <div className="cv-step">
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onTransform();
        }}
      >
        <h2 className="cv-step__title">Transform the script</h2>
        <p className="muted">
          Your script has {charCount(body).toLocaleString('en-US')} characters. Choose a style and we rewrite it; you
          decide whether to keep the result.
        </p>
        <fieldset className="fieldset">
          <legend className="field__label">Tones</legend>
          <div className="cv-chips" role="group">
            {SCRIPT_VOCABULARIES.tones.map((t) => {
              const on = style.tones.includes(t);
              return (
                <label key={t} className={`cv-chip${on ? ' cv-chip--on' : ''}`}>
                  <input type="checkbox" checked={on} onChange={() => toneToggled(t)} data-testid={`tone-${t}`} />
                  {t === AUTO_TONE ? 'Auto' : vocabularyLabel(t)}
                </label>
              );
            })}
          </div>
          {field('tone') && <p className="field__error">{field('tone')}</p>}
        </fieldset>
        <div className="cv-grid">
          <SelectField label="Structure" name="structure" value={style.structure} options={options(SCRIPT_VOCABULARIES.structure)} onChange={(structure) => changed({ structure })} error={field('structure')} />
          <SelectField label="Length" name="length" value={style.length} options={options(SCRIPT_VOCABULARIES.length)} onChange={(length) => changed({ length })} error={field('length')} />
          <SelectField label="Purpose" name="purpose" value={style.purpose} options={options(SCRIPT_VOCABULARIES.purpose)} onChange={(purpose) => changed({ purpose })} error={field('purpose')} />
          <SelectField label="Formality" name="formality" value={style.formality} options={options(SCRIPT_VOCABULARIES.formality)} onChange={(formality) => changed({ formality })} error={field('formality')} />
          <SelectField label="Reading level" name="readingLevel" value={style.readingLevel} options={options(SCRIPT_VOCABULARIES.readingLevel)} onChange={(readingLevel) => changed({ readingLevel })} error={field('readingLevel')} />
          <SelectField label="Audience's knowledge of the topic" name="topicProficiency" value={style.topicProficiency} options={options(SCRIPT_VOCABULARIES.topicProficiency)} onChange={(topicProficiency) => changed({ topicProficiency })} error={field('topicProficiency')} />
        </div>
        <TextAreaField
          label="Custom instructions (optional)"
          name="customInstructions"
          value={style.customInstructions}
          onChange={(customInstructions) => changed({ customInstructions })}
          rows={2}
          count={{ used: charCount(style.customInstructions), limit: 1000 }}
          error={field('customInstructions')}
        />
        <CheckboxField label="Preview only (a short sample)" checked={style.preview} onChange={(preview) => changed({ preview })} />
        <FormAlert message={formError} testId="transform-error" />
        <ThrottleNote secondsLeft={secondsLeft} />
        <div>
          <button type="submit" className="button button--secondary" disabled={modify.isPending || secondsLeft > 0} data-testid="transform-script">
            {modify.isPending ? 'Transforming…' : 'Transform'}
          </button>
        </div>
      </form>

      {result && (
        <section className="panel cv-result" aria-label="Transformed script" data-testid="transformed-script">
          <h3 className="panel__title">{result.title || 'Transformed script'}</h3>
          {result.warnings?.map((w) => (
            <p key={w} className="note">
              {w}
            </p>
          ))}
          <p className="cv-result__text">{result.text}</p>
          <div className="cv-actions__right">
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                accepted();
                navigate(stepPath('settings'));
              }}
              data-testid="transform-accept"
            >
              Use this script
            </button>
          </div>
        </section>
      )}

      <StepActions>
        <button type="button" className="button button--ghost" onClick={() => navigate(stepPath(back))}>
          Back
        </button>
        <button type="button" className="button button--ghost" onClick={() => navigate(stepPath('settings'))}>
          Keep my script and continue
        </button>
      </StepActions>
    </div>
  );
}
