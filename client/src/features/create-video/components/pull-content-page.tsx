import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { usePullUrlContent } from '../api/pull-url-content';
import type { PulledContent } from '../api/types';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { normalizePageUrl, validatePageUrl } from '../utils/validation';
import { CheckboxField } from '@/components/form/checkbox-field';
import { ContentStepActions } from './fields';
import { stepPath } from './paths';

const PREVIEW_BLOCKS = 12;

function ContentPreview({ content }: { content: PulledContent }) {
  const chosen = useCreateVideoDraft((s) => s.mediaAssetIds);
  const toggled = useCreateVideoDraft((s) => s.pulledAssetToggled);
  const blocks = content.body.filter((b) => b.type !== 'image' && b.text);
  const images = content.assets.filter((a) => a.type === 'image' || a.type === 'video');
  return (
    <section className="panel cv-preview" aria-label="Pulled content" data-testid="pulled-content">
      <h3 className="panel__title" data-testid="pulled-title">
        {content.title || 'Untitled page'}
      </h3>
      {content.description && <p className="muted">{content.description}</p>}
      {blocks.length === 0 ? (
        <p className="muted">No text was found on this page.</p>
      ) : (
        <div className="cv-preview__body" data-testid="pulled-body">
          {blocks.slice(0, PREVIEW_BLOCKS).map((b, i) =>
            b.type === 'title' || b.type === 'header' ? (
              <h4 key={i}>{b.text}</h4>
            ) : b.type === 'listItem' || b.type === 'list item' ? (
              <p key={i}>• {b.text}</p>
            ) : (
              <p key={i}>{b.text}</p>
            ),
          )}
          {blocks.length > PREVIEW_BLOCKS && <p className="muted">… and {blocks.length - PREVIEW_BLOCKS} more paragraphs.</p>}
        </div>
      )}
      {images.length > 0 && (
        <fieldset className="fieldset">
          <legend className="field__label">Images to use ({chosen.length} of {images.length})</legend>
          <ul className="cv-images" data-testid="pulled-images">
            {images.map((a) => (
              <li key={a.assetId}>
                <label className={`cv-image${chosen.includes(a.assetId) ? ' cv-image--on' : ''}`}>
                  <img src={a.thumbnailUrl || a.url} alt={a.name || 'Image from the page'} loading="lazy" />
                  <input
                    type="checkbox"
                    checked={chosen.includes(a.assetId)}
                    onChange={() => toggled(a.assetId)}
                    aria-label={`Use ${a.name || 'this image'}`}
                  />
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
    </section>
  );
}

/** pull-content: the page URL, pulled into a preview of its title, text and images. */
export function PullContentPage() {
  const navigate = useNavigate();
  const contentUrl = useCreateVideoDraft((s) => s.contentUrl);
  const pulled = useCreateVideoDraft((s) => s.pulledContent);
  const createError = useCreateVideoDraft((s) => s.createErrors.pageUrl);
  const urlEntered = useCreateVideoDraft((s) => s.pageUrlEntered);
  const contentPulled = useCreateVideoDraft((s) => s.contentPulled);
  const [extraTime, setExtraTime] = useState(false);
  const [touched, setTouched] = useState(false);
  const pull = usePullUrlContent();

  const clientError = touched ? validatePageUrl(contentUrl) : undefined;
  const serverError = pull.error && isApiError(pull.error) ? (pull.error.fieldMap().url ?? pull.error.fieldMap().pageUrl) : undefined;
  const urlError = clientError ?? serverError ?? createError;
  const formError = pull.error && !serverError ? errorMessage(pull.error) : undefined;

  function onPull() {
    setTouched(true);
    const url = normalizePageUrl(contentUrl);
    if (validatePageUrl(url)) return;
    pull.mutate({ url, extraTime }, { onSuccess: contentPulled });
  }

  return (
    <div className="cv-step">
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          onPull();
        }}
        noValidate
      >
        <h2 className="cv-step__title">Which page should the video tell?</h2>
        <div className="inline-form">
          <TextField
            label="Page URL"
            name="pageUrl"
            type="url"
            inputMode="url"
            placeholder="https://example.com/article"
            value={contentUrl}
            onChange={(e) => {
              pull.reset();
              urlEntered(e.target.value);
            }}
            onBlur={() => setTouched(contentUrl.trim() !== '')}
            error={urlError}
            autoFocus
            data-testid="url-input"
          />
          <div className="inline-form__actions">
            <button type="submit" className="button button--secondary" disabled={pull.isPending} data-testid="pull-content">
              {pull.isPending ? 'Pulling…' : pulled?.url === normalizePageUrl(contentUrl) ? 'Pull again' : 'Pull content'}
            </button>
          </div>
        </div>
        <CheckboxField label="Give slow pages more time" checked={extraTime} onChange={setExtraTime} />
        <FormAlert message={formError} testId="pull-error" />
      </form>

      {pull.isPending && (
        <p className="muted" role="status">
          Retrieving content…
        </p>
      )}
      {pulled && pulled.url === normalizePageUrl(contentUrl) ? (
        <ContentPreview content={pulled} />
      ) : (
        !pull.isPending && (
          <p className="note">Pull the page to check its text and choose its images, or continue and we will read it when the video is made.</p>
        )
      )}

      <ContentStepActions
        canTransform={pulled !== null}
        continueDisabled={pull.isPending}
        onContinue={() => {
          setTouched(true);
          if (!validatePageUrl(contentUrl)) navigate(stepPath('settings'));
        }}
      />
    </div>
  );
}
