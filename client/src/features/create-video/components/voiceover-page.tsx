import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldErrorText, TextField } from '@/components/form/text-field';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { MAX_VOICEOVER_BYTES } from '../utils/constants';
import { StepActions } from './fields';
import { stepPath } from './paths';

const AUDIO_EXTENSIONS = ['.mp3', '.wav', '.m4a', '.aac', '.ogg', '.flac'];

/** validateVoiceover: an audio file of at most 500 MB. */
export function validateVoiceover(file: File | null): string | undefined {
  if (!file) return 'Please upload a narration file';
  const name = file.name.toLowerCase();
  const audio = file.type.startsWith('audio/') || AUDIO_EXTENSIONS.some((e) => name.endsWith(e));
  if (!audio) return 'Choose an audio file (mp3, wav, m4a, aac, ogg or flac).';
  if (file.size > MAX_VOICEOVER_BYTES) return `The file is too large: the maximum is ${Math.round(MAX_VOICEOVER_BYTES / 1048576)} MB.`;
  return undefined;
}

function formatSize(bytes: number): string {
  return bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** voiceover: the user's own narration file; the slides are built around it. */
export function VoiceoverPage() {
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = useCreateVideoDraft((s) => s.voiceoverFile);
  const chosen = useCreateVideoDraft((s) => s.voiceoverFileChosen);
  const name = useCreateVideoDraft((s) => s.name);
  const nameEdited = useCreateVideoDraft((s) => s.nameEdited);
  const createError = useCreateVideoDraft((s) => s.createErrors.narrationAssetFile);
  const [submitted, setSubmitted] = useState(false);
  const error = (submitted || file ? validateVoiceover(file) : undefined) ?? createError;

  return (
    <form
      className="cv-step form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (!validateVoiceover(file)) navigate(stepPath('settings'));
      }}
    >
      <h2 className="cv-step__title">Upload your voiceover</h2>
      <TextField label="Video name" name="name" value={name} onChange={(e) => nameEdited(e.target.value)} maxLength={200} />
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={id}>
          Narration file
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={['audio/*', ...AUDIO_EXTENSIONS].join(',')}
          className="input"
          onChange={(e) => chosen(e.target.files?.[0] ?? null)}
          aria-invalid={error ? true : undefined}
          data-testid="voiceover-input"
        />
        {file && (
          <p className="field__hint" data-testid="voiceover-file">
            {file.name} · {formatSize(file.size)}{' '}
            <button
              type="button"
              className="cv-link-button"
              onClick={() => {
                chosen(null);
                if (input.current) input.current.value = '';
              }}
            >
              Remove
            </button>
          </p>
        )}
        <FieldErrorText field="narrationAssetFile" message={error} />
      </div>
      <StepActions>
        <button type="button" className="button button--ghost" onClick={() => navigate(stepPath('aspect-ratio'))}>
          Back
        </button>
        <button type="submit" className="button button--primary" data-testid="step-next">
          Continue
        </button>
      </StepActions>
    </form>
  );
}
