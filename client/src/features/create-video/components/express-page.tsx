import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useCreateVideo } from '../api/create-video';
import type { AspectRatio } from '../api/types';
import { EMPTY_DRAFT, useCreateVideoDraft } from '../stores/create-video-draft';
import { buildCreateVideoRequest } from '../utils/create-request';
import { aspectRatioSideEffects } from '../utils/settings';
import { validatePageUrl } from '../utils/validation';
import { StepActions } from './fields';
import { CREATE_BASE, generatingPath } from './paths';

/** express: a page URL and a format, created at once with the default preset's settings. */
export function ExpressPage() {
  const navigate = useNavigate();
  const settings = useCreateVideoDraft((s) => s.settings);
  const voice = useCreateVideoDraft((s) => s.voice);
  const [url, setUrl] = useState('');
  const [ratio, setRatio] = useState<AspectRatio>(settings.aspectRatio);
  const [touched, setTouched] = useState(false);
  const create = useCreateVideo();

  const fields = create.error && isApiError(create.error) ? create.error.fieldMap() : {};
  const urlError = (touched ? validatePageUrl(url) : undefined) ?? fields.pageUrl;
  const formError = create.error && !fields.pageUrl ? errorMessage(create.error) : undefined;

  return (
    <form
      className="cv-step form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (validatePageUrl(url)) return;
        const request = buildCreateVideoRequest({
          ...EMPTY_DRAFT,
          createType: 'url',
          contentUrl: url.trim(),
          voice,
          settings: { ...settings, ...(ratio === settings.aspectRatio ? {} : aspectRatioSideEffects(ratio)) },
        });
        create.mutate({ request }, { onSuccess: ({ videoId }) => videoId > 0 && navigate(generatingPath(videoId)) });
      }}
    >
      <h2 className="cv-step__title">Express: a video from a page</h2>
      <p className="muted">We read the page, write the script, match media and narrate it with your default settings.</p>
      <TextField
        label="Page URL"
        name="pageUrl"
        type="url"
        inputMode="url"
        placeholder="https://example.com/article"
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          if (create.error) create.reset();
        }}
        onBlur={() => setTouched(url.trim() !== '')}
        error={urlError}
        autoFocus
        data-testid="url-input"
      />
      <fieldset className="fieldset">
        <legend className="field__label">Format</legend>
        <div className="radio-group">
          <label className="radio">
            <input type="radio" name="ratio" checked={ratio === 'horizontal'} onChange={() => setRatio('horizontal')} />
            Horizontal 16:9
          </label>
          <label className="radio">
            <input type="radio" name="ratio" checked={ratio === 'vertical'} onChange={() => setRatio('vertical')} />
            Vertical 9:16
          </label>
        </div>
      </fieldset>
      <FormAlert message={formError} testId="create-error" />
      <StepActions>
        <button type="button" className="button button--ghost" onClick={() => navigate(CREATE_BASE)}>
          Back
        </button>
        <button type="submit" className="button button--primary" disabled={create.isPending} data-testid="create-submit">
          {create.isPending ? 'Retrieving content…' : 'Create video'}
        </button>
      </StepActions>
    </form>
  );
}
