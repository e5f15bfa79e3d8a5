import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useGenerateVideoScript } from '../api/generate-video-script';
import { isThrottledError } from '../api/request';
import { useScriptLimit } from '../hooks/use-script-limit';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { PROMPT_MAX_CHARS, SCRIPT_THROTTLE_MS, SECTION_OPTIONS, TONE_TYPE_OPTIONS } from '../utils/constants';
import { charCount, normalizePrompt, validatePrompt, validateScript } from '../utils/validation';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { ContentStepActions, TextAreaField } from './fields';
import { stepPath } from './paths';
import { ScriptField } from './script-field';
import { ThrottleNote, useScriptThrottle } from './throttle-note';

/** generate-script: a topic prompt and generator settings; AI writes the script, which stays editable. */
export function GenerateScriptPage() {
  const navigate = useNavigate();
  const prompt = useCreateVideoDraft((s) => s.scriptPrompt);
  const settings = useCreateVideoDraft((s) => s.scriptGenerator);
  const body = useCreateVideoDraft((s) => s.body);
  const promptEntered = useCreateVideoDraft((s) => s.promptEntered);
  const changed = useCreateVideoDraft((s) => s.scriptGeneratorChanged);
  const generated = useCreateVideoDraft((s) => s.scriptGenerated);
  const throttled = useCreateVideoDraft((s) => s.scriptThrottled);
  const limit = useScriptLimit();
  const secondsLeft = useScriptThrottle();
  const generate = useGenerateVideoScript();
  const [touched, setTouched] = useState(false);
  const [continued, setContinued] = useState(false);

  const fields = generate.error && isApiError(generate.error) ? generate.error.fieldMap() : {};
  const promptError = (touched ? validatePrompt(prompt) : undefined) ?? fields.text;
  const throttledNow = isThrottledError(generate.error) && secondsLeft > 0;
  const formError =
    generate.error && !throttledNow && Object.keys(fields).length === 0 ? errorMessage(generate.error) : undefined;

  function onGenerate() {
    setTouched(true);
    const text = normalizePrompt(prompt);
    if (!text || validatePrompt(text) || secondsLeft > 0) return;
    generate.mutate(
      {
        text,
        sectionsAmount: settings.numSections,
        removeSectionTitles: !settings.showSectionTitles,
        toneType: settings.toneType,
        role: settings.role.trim(),
        audience: settings.audience.trim(),
      },
      {
        onSuccess: (script) => generated(script, SCRIPT_THROTTLE_MS),
        onError: (error) => {
          if (isThrottledError(error)) throttled(error.retryAfterMs);
        },
      },
    );
  }

  const scriptError = continued ? validateScript(body, limit) : undefined;

  return (
    <div className="cv-step">
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onGenerate();
        }}
      >
        <h2 className="cv-step__title">What is the video about?</h2>
        <TextAreaField
          label="Topic"
          name="prompt"
          value={prompt}
          onChange={(v) => {
            if (generate.error) generate.reset();
            promptEntered(v);
          }}
          onBlur={() => setTouched(prompt.trim() !== '')}
          rows={3}
          placeholder="For example: five easy ways to save water at home this summer"
          count={{ used: charCount(normalizePrompt(prompt)), limit: PROMPT_MAX_CHARS }}
          error={promptError}
          autoFocus
          testId="prompt-input"
        />
        <div className="cv-grid">
          <SelectField
            label="Length"
            name="sectionsAmount"
            value={settings.numSections}
            options={SECTION_OPTIONS}
            onChange={(numSections) => changed({ numSections })}
            error={fields.sectionsAmount}
          />
          <SelectField
            label="Tone"
            name="toneType"
            value={settings.toneType}
            options={TONE_TYPE_OPTIONS}
            onChange={(toneType) => changed({ toneType })}
            error={fields.toneType}
          />
          <TextField
            label="Narrator's role (optional)"
            name="role"
            placeholder="a travel guide"
            value={settings.role}
            maxLength={100}
            onChange={(e) => changed({ role: e.target.value })}
            error={fields.role}
          />
          <TextField
            label="Audience (optional)"
            name="audience"
            placeholder="first-time visitors"
            value={settings.audience}
            maxLength={100}
            onChange={(e) => changed({ audience: e.target.value })}
            error={fields.audience}
          />
        </div>
        <CheckboxField
          label="Keep section titles in the script"
          checked={settings.showSectionTitles}
          onChange={(showSectionTitles) => changed({ showSectionTitles })}
        />
        <FormAlert message={formError} testId="generate-error" />
        <ThrottleNote secondsLeft={secondsLeft} />
        <div>
          <button
            type="submit"
            className="button button--secondary"
            disabled={generate.isPending || secondsLeft > 0}
            data-testid="generate-script"
          >
            {generate.isPending ? 'Generating script…' : body.trim() ? 'Generate again' : 'Generate script'}
          </button>
        </div>
      </form>

      {body.trim() !== '' && <ScriptField label="Generated script (you can edit it)" error={scriptError} />}

      <ContentStepActions
        canTransform={body.trim() !== ''}
        continueDisabled={!body.trim()}
        onContinue={() => {
          setContinued(true);
          if (!validateScript(body, limit)) navigate(stepPath('settings'));
        }}
      />
    </div>
  );
}
