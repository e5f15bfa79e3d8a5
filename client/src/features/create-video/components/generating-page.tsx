import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '@/components/form/form-alert';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useVideo } from '@/features/videos';
import { useCreateVideo } from '../api/create-video';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { buildCreateVideoRequest } from '../utils/create-request';
import { generatingProgress } from '../utils/generating-steps';
import { CREATE_BASE, generatingPath, stepPath } from './paths';

/** The generating screen asks for the video every second until it is ready or failed. */
export const GENERATING_POLL_MS = 1000;

function parseVideoId(raw: string | null): number {
  return raw && /^\d+$/.test(raw) ? Number(raw) : 0;
}

/** generating?video={id}: the real progress of the create workflow, then a way to the video or back. */
export function GeneratingPage() {
  const [params] = useSearchParams();
  const videoId = parseVideoId(params.get('video'));
  if (!videoId) return <Navigate to={CREATE_BASE} replace />;
  return <GeneratingProgress videoId={videoId} key={videoId} />;
}

function GeneratingProgress({ videoId }: { videoId: number }) {
  const navigate = useNavigate();
  const video = useVideo(videoId, { pollMs: GENERATING_POLL_MS });
  const progress = generatingProgress(video.data);
  const lastSubmitted = useCreateVideoDraft((s) => s.lastSubmitted);
  const restore = useCreateVideoDraft((s) => s.submittedDraftRestored);
  const retry = useCreateVideo();
  const shown = useCreateVideoDraft((s) => s.generatingShown);
  useEffect(() => shown(videoId), [shown, videoId]);

  if (video.isError) {
    const missing = isApiError(video.error) && video.error.status === 404;
    return (
      <div className="cv-step panel panel--warning" role="alert" data-testid="generating-error">
        <p>{missing ? 'This video does not exist or was deleted.' : errorMessage(video.error, 'We could not check on your video.')}</p>
        <div className="cv-actions__right">
          {!missing && (
            <button type="button" className="button button--secondary" onClick={() => void video.refetch()}>
              Check again
            </button>
          )}
          <Link to="/dashboard/manage-videos" className="button button--ghost">
            Manage videos
          </Link>
        </div>
      </div>
    );
  }

  const name = video.data?.name || 'your video';
  return (
    <div className="cv-step cv-generating" data-testid="generating" data-state={progress.state}>
      <h2 className="cv-step__title" aria-live="polite">
        {progress.state === 'done'
          ? `“${name}” is ready`
          : progress.state === 'failed'
            ? `Generating “${name}” failed`
            : `Creating “${name}”`}
      </h2>
      <div
        className="cv-progress"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress.fraction * 100)}
      >
        <span className={`cv-progress__bar cv-progress__bar--${progress.state}`} style={{ width: `${Math.max(4, progress.fraction * 100)}%` }} />
      </div>
      <ol className="cv-gen-steps">
        {progress.steps.map((step) => {
          const current = step.status === 'current' && progress.state === 'working';
          return (
            <li
              key={step.key}
              className={`cv-gen-step cv-gen-step--${progress.state === 'failed' && step.status === 'current' ? 'failed' : step.status}`}
              aria-current={current ? 'step' : undefined}
              data-testid={current ? 'generating-step' : undefined}
              data-step={step.key}
            >
              <span className="cv-gen-step__mark" aria-hidden="true">
                {step.status === 'done' ? '✓' : current ? '…' : progress.state === 'failed' && step.status === 'current' ? '✕' : '·'}
              </span>
              {step.label}
              {current && '…'}
            </li>
          );
        })}
      </ol>

      {progress.state === 'working' && (
        <p className="muted">This usually takes a minute or two. You can leave this page; the video keeps being made.</p>
      )}

      {progress.state === 'done' && (
        <div className="cv-actions__right">
          <Link to={`/dashboard/video/${videoId}`} className="button button--primary" data-testid="generating-done">
            Open the video
          </Link>
          <Link to={CREATE_BASE} className="button button--ghost">
            Create another
          </Link>
        </div>
      )}

      {progress.state === 'failed' && (
        <div className="cv-failed" data-testid="generating-failed">
          <p className="form-alert" role="alert" data-testid="build-error">
            {progress.error}
          </p>
          <FormAlert message={retry.error ? errorMessage(retry.error) : undefined} testId="retry-error" />
          <div className="cv-actions__right">
            {lastSubmitted && (
              <>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={retry.isPending}
                  onClick={() =>
                    retry.mutate(
                      {
                        request: buildCreateVideoRequest(lastSubmitted),
                        voiceoverFile: lastSubmitted.createType === 'voiceover' ? lastSubmitted.voiceoverFile : null,
                      },
                      { onSuccess: ({ videoId: id }) => id > 0 && navigate(generatingPath(id), { replace: true }) },
                    )
                  }
                  data-testid="generating-retry"
                >
                  {retry.isPending ? 'Starting again…' : 'Try again'}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => {
                    restore();
                    navigate(stepPath('settings'));
                  }}
                  data-testid="generating-edit"
                >
                  Change settings
                </button>
              </>
            )}
            <Link to={CREATE_BASE} className="button button--ghost" data-testid="generating-back">
              Start over
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
