import { useId } from 'react';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { NO_VIDEO_ID, SUBTITLE_OUT_OF_RANGE, useValidations, validationReady, VALIDATIONS_FAILED, type Validation } from '../api/get-validations';
import type { Video } from '../api/types';
import { useEditorSelection } from '../stores/editor-selection';

export const VALIDATION_OK = 'No problems found.';

/** placeOf: "Scene 2, slide 1" for a problem, from the video's own numbering. */
function placeOf(video: Video, v: Validation): string {
  if (v.errorMessageKey === SUBTITLE_OUT_OF_RANGE) return 'Subtitles';
  const sceneIndex = video.scenes.findIndex((s) => s.sceneId === v.sceneId || s.layerList.some((l) => l.layerId === v.layerId));
  if (sceneIndex < 0) return 'Video';
  const scene = video.scenes[sceneIndex];
  const slideIndex = scene.layerList.findIndex((l) => l.layerId === v.layerId);
  return slideIndex < 0 ? `Scene ${sceneIndex + 1}` : `Scene ${sceneIndex + 1}, slide ${slideIndex + 1}`;
}

/** revealProblem scrolls to the slide (or scene, or the subtitles) a problem is about and puts the focus on it. */
export function revealProblem(v: Validation): HTMLElement | null {
  const el =
    (v.errorMessageKey === SUBTITLE_OUT_OF_RANGE ? document.querySelector<HTMLElement>('[data-testid="subtitles-panel"]') : null) ??
    (v.layerId ? document.querySelector<HTMLElement>(`[data-testid="editor-slide"][data-layer-id="${v.layerId}"]`) : null) ??
    (v.sceneId ? document.querySelector<HTMLElement>(`[data-testid="editor-scene"][data-scene-id="${v.sceneId}"]`) : null);
  if (!el) return null;
  if (typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'center', behavior: 'smooth' });
  el.focus();
  return el;
}

/**
 * ValidationList shows, next to the Render button, what keeps the video from rendering (GET .../validate), each
 * problem a button that scrolls to the slide and focuses it. It is read again whenever the video changes, and only
 * when validation can run (spec 000 section 4).
 */
export function ValidationList({ video, rendering = false }: { video: Video; rendering?: boolean }) {
  const titleId = useId();
  const slideChosen = useEditorSelection((s) => s.slideChosen);
  const sceneChosen = useEditorSelection((s) => s.sceneChosen);
  const ready = validationReady(video, rendering || video.renderStatus === 'rendering');
  const query = useValidations(video, { enabled: ready });

  function body() {
    if (!video.videoId) return <p className="muted" role="alert">{NO_VIDEO_ID}</p>;
    if (query.isPending) return ready ? <Spinner size="sm" label="Checking the video…" /> : <p className="muted">The video is checked once its narration is ready.</p>;
    if (query.isError) return <p className="muted">{errorMessage(query.error, VALIDATIONS_FAILED)}</p>;
    if (query.data.length === 0)
      return (
        <p className="muted" data-testid="validation-ok">
          {VALIDATION_OK}
        </p>
      );
    return (
      <ul className="validation-list__items">
        {query.data.map((v, i) => (
          <li key={`${v.sceneId}-${v.layerId}-${v.errorMessageKey}-${i}`}>
            <button
              type="button"
              className="button button--ghost button--sm validation-list__item"
              onClick={() => {
                const scene = video.scenes.find((s) => s.sceneId === v.sceneId || s.layerList.some((l) => l.layerId === v.layerId));
                if (v.layerId && scene) slideChosen(v.layerId, scene.sceneId);
                else if (scene) sceneChosen(scene.sceneId);
                revealProblem(v);
              }}
              data-testid="validation-item"
              data-layer-id={v.layerId || undefined}
              data-key={v.errorMessageKey}
            >
              <strong>{placeOf(video, v)}:</strong> {v.errorMessage || 'This part of the video has a problem.'}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="panel validation-list" aria-labelledby={titleId} data-testid="validation-list">
      <h2 className="panel__title" id={titleId}>
        Problems{query.data && query.data.length > 0 ? ` (${query.data.length})` : ''}
      </h2>
      {body()}
    </section>
  );
}
