import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { SubtitleStyleChooser } from '@/features/subtitle-styles';
import { VoicePanel } from '@/features/voices';
import { useScriptLimit } from '../hooks/use-script-limit';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import {
  DEFAULT_TEMPLATE_ID,
  IMAGE_STYLES,
  MAX_SENTENCES_PER_SLIDE,
  MIN_SENTENCES_PER_SLIDE,
  PAUSE_OPTIONS_S,
  VERTICAL_TEMPLATE_ID,
} from '../utils/constants';
import { validateScript } from '../utils/validation';
import { CheckboxField } from '@/components/form/checkbox-field';
import { SelectField } from '@/components/form/select-field';
import { StepActions } from './fields';
import { SOURCE_STEP, stepPath } from './paths';
import { PresetsBar } from './presets-bar';
import { ScriptField } from './script-field';

const PAUSE_OPTIONS = PAUSE_OPTIONS_S.map((s) => ({ value: s * 1000, label: `${s} s` }));
const SENTENCE_OPTIONS = Array.from({ length: MAX_SENTENCES_PER_SLIDE - MIN_SENTENCES_PER_SLIDE + 1 }, (_, i) => ({
  value: i + MIN_SENTENCES_PER_SLIDE,
  label: String(i + MIN_SENTENCES_PER_SLIDE),
}));
const STYLE_OPTIONS = IMAGE_STYLES.map((s) => ({ value: s, label: s.replace(/-/g, ' ') }));

interface IdFieldProps {
  label: string;
  name: string;
  value: number;
  onChange: (id: number) => void;
  hint?: string;
  error?: string;
}

/** IdField: a positive whole number typed freely; only valid numbers reach the draft. */
function IdField({ label, name, value, onChange, hint, error }: IdFieldProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const n = Number(text);
  const valid = text !== '' && Number.isInteger(n) && n > 0;
  return (
    <TextField
      label={label}
      name={name}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const next = Number(e.target.value);
        if (e.target.value !== '' && Number.isInteger(next) && next > 0) onChange(next);
      }}
      hint={hint}
      error={error ?? (valid ? undefined : 'Enter an id (a whole number above 0).')}
    />
  );
}

/** settings: script, voice, theme, subtitles, slides and media of the video, and presets. */
export function SettingsPage() {
  const navigate = useNavigate();
  const d = useCreateVideoDraft();
  const s = d.settings;
  const errors = d.createErrors;
  const limit = useScriptLimit();
  const [submitted, setSubmitted] = useState(false);
  const needsScript = d.createType === 'script' || d.createType === 'topic';
  const hasScriptField = d.createType !== 'voiceover';
  const scriptError = submitted && needsScript ? validateScript(d.body, limit) : undefined;
  const defaultTheme = s.aspectRatio === 'vertical' ? VERTICAL_TEMPLATE_ID : DEFAULT_TEMPLATE_ID;

  return (
    // Not a <form>: the presets bar has its own form, and Enter in the voice selector's search must not leave.
    <div className="cv-step form">
      <h2 className="cv-step__title">Settings</h2>
      <PresetsBar />

      <section className="panel" aria-label="Video">
        <h3 className="panel__title">Video</h3>
        <TextField label="Name" name="name" value={d.name} maxLength={200} onChange={(e) => d.nameEdited(e.target.value)} error={errors.name} />
        <TextField label="Description (optional)" name="description" value={d.description} maxLength={1000} onChange={(e) => d.descriptionEdited(e.target.value)} error={errors.description} />
        {hasScriptField && (
          <ScriptField
            label={d.createType === 'url' ? 'Script (from the page; leave empty to let us read the page)' : 'Script'}
            error={scriptError}
          />
        )}
      </section>

      <VoicePanel voice={d.voice} aiChooses={d.aiChoosesVoice} onChoose={d.voiceChosen} onLetAiChoose={d.aiVoiceChosen} />
      {!d.voice && s.voiceId !== null && (
        <p className="note" data-testid="preset-voice">
          The preset’s voice (#{s.voiceId}) will narrate this video.
        </p>
      )}
      {errors.voiceId && <p className="field__error">{errors.voiceId}</p>}

      <section className="panel" aria-label="Look">
        <h3 className="panel__title">Look</h3>
        <p className="muted">
          Format: {s.aspectRatio === 'vertical' ? 'vertical 9:16' : 'horizontal 16:9'} ·{' '}
          <Link to={stepPath('aspect-ratio')}>change</Link>
        </p>
        <div className="cv-grid">
          <IdField
            label="Theme id"
            name="templateId"
            value={s.templateId}
            onChange={(templateId) => d.settingsChanged({ templateId })}
            hint={s.templateId === defaultTheme ? 'The default theme.' : undefined}
            error={errors.templateId}
          />
        </div>
        {s.templateId !== defaultTheme && (
          <button type="button" className="button button--ghost button--sm cv-inline-button" onClick={() => d.settingsChanged({ templateId: defaultTheme })}>
            Use the default theme
          </button>
        )}
        <SubtitleStyleChooser
          aspectRatio={s.aspectRatio}
          selectedId={s.subtitleStyleConfigId}
          onChoose={(style) => d.settingsChanged({ subtitleStyleConfigId: style.subtitleStyleConfigId })}
          hint="How burned-in subtitles and the ASS file look. Styles are made and edited in the video editor."
          error={errors.subtitleStyleConfigId}
          fallback={
            <IdField
              label="Subtitle style id"
              name="subtitleStyleConfigId"
              value={s.subtitleStyleConfigId}
              onChange={(subtitleStyleConfigId) => d.settingsChanged({ subtitleStyleConfigId })}
            />
          }
        />
        <CheckboxField
          asSwitch
          label="Burn subtitles into the video"
          checked={s.hardcodeSubtitles}
          onChange={(hardcodeSubtitles) => d.settingsChanged({ hardcodeSubtitles })}
          testId="hardcode-subtitles"
        />
      </section>

      <section className="panel" aria-label="Slides">
        <h3 className="panel__title">Slides</h3>
        <div className="cv-grid">
          <SelectField
            label="Pause between slides"
            name="pauseAfterSlide"
            value={s.pauseBetweenSlidesMs}
            options={PAUSE_OPTIONS}
            onChange={(pauseBetweenSlidesMs) => d.settingsChanged({ pauseBetweenSlidesMs })}
            error={errors.pauseAfterSlide}
            testId="pause-select"
          />
          <SelectField
            label="Sentences per slide (at most)"
            name="maxSentencesPerSlide"
            value={s.maxSentencesPerSlide}
            options={SENTENCE_OPTIONS}
            onChange={(maxSentencesPerSlide) => d.settingsChanged({ maxSentencesPerSlide })}
            error={errors.maxSentencesPerSlide}
            testId="sentences-select"
          />
        </div>
        <CheckboxField label="Add taglines to slides" checked={s.autoTaglines} onChange={(autoTaglines) => d.settingsChanged({ autoTaglines })} testId="taglines" />
        <CheckboxField
          label="Allow text slides"
          hint="A slide with no fitting media shows its text instead."
          checked={s.canCreateTextSlides}
          onChange={(canCreateTextSlides) => d.settingsChanged({ canCreateTextSlides })}
          testId="text-slides"
        />
      </section>

      <section className="panel" aria-label="Media">
        <h3 className="panel__title">Media</h3>
        <CheckboxField
          asSwitch
          label="Find media for the slides automatically"
          checked={s.automatch.enabled}
          onChange={(enabled) => d.automatchChanged({ enabled })}
          testId="automatch-enabled"
        />
        {s.automatch.enabled && (
          <>
            <fieldset className="fieldset">
              <legend className="field__label">Sources</legend>
              <div className="cv-checks">
                <CheckboxField label="My media library" checked={s.automatch.includeUserMedia} onChange={(v) => d.automatchChanged({ includeUserMedia: v })} />
                {d.createType === 'url' && (
                  <CheckboxField label="The page’s own images" checked={s.automatch.includeArticleMedia} onChange={(v) => d.automatchChanged({ includeArticleMedia: v })} />
                )}
                <CheckboxField label="Stock images" checked={s.automatch.includeStockImages} onChange={(v) => d.automatchChanged({ includeStockImages: v })} />
                <CheckboxField label="Stock videos" checked={s.automatch.includeStockVideos} onChange={(v) => d.automatchChanged({ includeStockVideos: v })} />
                <CheckboxField label="AI images" checked={s.automatch.includeAiImages} onChange={(v) => d.automatchChanged({ includeAiImages: v })} />
              </div>
              <p className="field__hint">With no source chosen, stock images, stock videos and AI images are used.</p>
            </fieldset>
            <div className="cv-grid">
              {s.automatch.includeAiImages && (
                <SelectField label="AI image style" name="aiImageStyle" value={s.automatch.aiImageStyle} options={STYLE_OPTIONS} onChange={(aiImageStyle) => d.automatchChanged({ aiImageStyle })} />
              )}
            </div>
            <CheckboxField label="Add motion to still images" checked={s.automatch.applyMotionEffects} onChange={(v) => d.automatchChanged({ applyMotionEffects: v })} />
          </>
        )}
      </section>

      <StepActions>
        <button type="button" className="button button--ghost" onClick={() => navigate(stepPath(d.createType ? SOURCE_STEP[d.createType] : ''))}>
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setSubmitted(true);
            if (needsScript && validateScript(d.body, limit)) return;
            navigate(stepPath('overview'));
          }}
          data-testid="step-next"
        >
          Review
        </button>
      </StepActions>
    </div>
  );
}
