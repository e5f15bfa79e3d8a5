import { Link, useNavigate } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { useSubtitleStyles } from '@/features/subtitle-styles';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { useCreateVideo } from '../api/create-video';
import { useScriptLimit } from '../hooks/use-script-limit';
import { draftData, useCreateVideoDraft, type DraftData } from '../stores/create-video-draft';
import { buildCreateVideoRequest, creatingMessage, withSomeSource } from '../utils/create-request';
import { charCount, validatePageUrl, validateScript } from '../utils/validation';
import { StepActions } from './fields';
import { generatingPath, SOURCE_STEP, stepPath } from './paths';
import { validateVoiceover } from './voiceover-page';

/** Where each create field is edited, for links from the error list. */
const FIELD_STEP: Record<string, { label: string; step: (d: DraftData) => string }> = {
  pageUrl: { label: 'Page URL', step: () => 'pull-content' },
  text: { label: 'Script', step: (d) => (d.createType === 'url' ? 'settings' : SOURCE_STEP[d.createType ?? 'script']) },
  narrationAssetFile: { label: 'Narration file', step: () => 'voiceover' },
  name: { label: 'Name', step: () => 'settings' },
  description: { label: 'Description', step: () => 'settings' },
  voiceId: { label: 'Voice', step: () => 'settings' },
  templateId: { label: 'Theme', step: () => 'settings' },
  subtitleStyleConfigId: { label: 'Subtitle style', step: () => 'settings' },
};

const TYPE_LABELS = { url: 'Web page', script: 'My script', topic: 'AI topic', voiceover: 'My voiceover' } as const;

/** blockingProblem: the first thing that would make the create call fail for sure. */
export function blockingProblem(d: DraftData, limit: number): string | undefined {
  switch (d.createType) {
    case 'url':
      return validatePageUrl(d.contentUrl) ?? (d.body.trim() ? validateScript(d.body, limit) : undefined);
    case 'voiceover':
      return validateVoiceover(d.voiceoverFile);
    case 'script':
    case 'topic':
      return validateScript(d.body, limit);
    default:
      return 'Choose how the video starts.';
  }
}

function yesNo(v: boolean) {
  return v ? 'Yes' : 'No';
}

/** overview: everything chosen, with links back, and the create button. */
export function OverviewPage() {
  const navigate = useNavigate();
  const d = useCreateVideoDraft();
  const limit = useScriptLimit();
  const create = useCreateVideo();
  const problem = blockingProblem(d, limit);
  const s = d.settings;
  const styles = useSubtitleStyles(s.aspectRatio);
  const styleName = styles.data?.find((style) => style.subtitleStyleConfigId === s.subtitleStyleConfigId)?.name;
  const a = withSomeSource(s.automatch);
  const errorFields = Object.entries(d.createErrors);
  const formError = create.error && errorFields.length === 0 ? errorMessage(create.error) : undefined;

  function onCreate() {
    if (problem || create.isPending) return;
    const snapshot = draftData(useCreateVideoDraft.getState());
    d.videoSubmitted();
    create.mutate(
      { request: buildCreateVideoRequest(snapshot), voiceoverFile: snapshot.createType === 'voiceover' ? snapshot.voiceoverFile : null },
      {
        onSuccess: ({ videoId }) => {
          if (videoId > 0) {
            useCreateVideoDraft.getState().videoCreated(videoId);
            navigate(generatingPath(videoId));
            notify.success('Your video is being created.');
          } else {
            notify.error('The video could not be started. Please try again.');
          }
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 402) {
            navigate(stepPath('locked'));
            return;
          }
          useCreateVideoDraft.getState().createFailed(isApiError(error) ? error.fieldMap() : {});
        },
      },
    );
  }

  const source =
    d.createType === 'url'
      ? d.contentUrl.trim()
      : d.createType === 'voiceover'
        ? (d.voiceoverFile?.name ?? '—')
        : `${charCount(d.body).toLocaleString('en-US')} characters of script`;
  const sources = [
    a.includeUserMedia && 'my media',
    a.includeArticleMedia && d.createType === 'url' && 'page images',
    a.includeStockImages && 'stock images',
    a.includeStockVideos && 'stock videos',
    a.includeAiImages && `AI images (${a.aiImageStyle})`,
  ].filter(Boolean);

  const rows: Array<[string, string, string]> = [
    ['Starts from', d.createType ? TYPE_LABELS[d.createType] : '—', ''],
    ['Content', source || '—', d.createType ? SOURCE_STEP[d.createType] : ''],
    ['Name', d.name.trim() || 'Untitled', 'settings'],
    ['Format', s.aspectRatio === 'vertical' ? 'Vertical 9:16' : 'Horizontal 16:9', 'aspect-ratio'],
    ['Voice', d.voice ? d.voice.name : s.voiceId ? `Preset voice #${s.voiceId}` : 'Chosen by AI', 'settings'],
    ['Theme', `#${s.templateId}`, 'settings'],
    ['Subtitles', `${s.hardcodeSubtitles ? 'Burned in' : 'Not burned in'}, ${styleName ? `style “${styleName}”` : `style #${s.subtitleStyleConfigId}`}`, 'settings'],
    ['Slides', `up to ${s.maxSentencesPerSlide} sentences, ${s.pauseBetweenSlidesMs / 1000} s pause`, 'settings'],
    ['Taglines', yesNo(s.autoTaglines), 'settings'],
    ['Text slides', yesNo(s.canCreateTextSlides), 'settings'],
    ['Media', s.automatch.enabled ? sources.join(', ') : 'Not matched automatically', 'settings'],
  ];
  if (d.createType === 'url' && d.pulledContent) rows.splice(2, 0, ['Page images', `${d.mediaAssetIds.length} chosen`, 'pull-content']);

  return (
    <form
      className="cv-step form"
      onSubmit={(e) => {
        e.preventDefault();
        onCreate();
      }}
      noValidate
    >
      <h2 className="cv-step__title">Review and create</h2>
      <dl className="details panel cv-overview" data-testid="overview">
        {rows.map(([label, value, step]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <span className="cv-overview__value">{value}</span>
              {step && (
                <Link to={stepPath(step)} className="cv-overview__edit" aria-label={`Edit ${label.toLowerCase()}`}>
                  Edit
                </Link>
              )}
            </dd>
          </div>
        ))}
      </dl>

      {errorFields.length > 0 && (
        <div className="form-alert" role="alert" data-testid="create-errors">
          <p>{create.error ? errorMessage(create.error) : 'Please fix these fields.'}</p>
          <ul>
            {errorFields.map(([field, message]) => {
              const where = FIELD_STEP[field];
              return (
                <li key={field} data-testid={`error-${field}`}>
                  {where ? (
                    <Link to={stepPath(where.step(d))}>{where.label}</Link>
                  ) : (
                    <strong>{field}</strong>
                  )}
                  : {message}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <FormAlert message={formError} testId="create-error" />
      {problem && !create.isPending && (
        <p className="field__error" data-testid="create-blocked">
          {problem}
        </p>
      )}

      <StepActions>
        <button type="button" className="button button--ghost" onClick={() => navigate(stepPath('settings'))}>
          Back
        </button>
        <button type="submit" className="button button--primary button--lg" disabled={Boolean(problem) || create.isPending} data-testid="create-submit" aria-busy={create.isPending}>
          {create.isPending ? creatingMessage(d) : 'Create video'}
        </button>
      </StepActions>
    </form>
  );
}
