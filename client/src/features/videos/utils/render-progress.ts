import type { RenderExport, RenderExportType, RenderJobStatus, RenderProgress } from '../api/types';

/** isRenderActive: a RenderAttempt is waiting or running, so the page keeps polling and Render stays off. */
export function isRenderActive(status: RenderJobStatus | undefined): boolean {
  return status === 'pending' || status === 'rendering';
}

/** isRenderFailed: the latest RenderAttempt ended without a video (failed or cancelled). */
export function isRenderFailed(status: RenderJobStatus | undefined): boolean {
  return status === 'failed' || status === 'cancelled';
}

/** renderPercent: 0..100, whole numbers, for the progress bar. */
export function renderPercent(p: Pick<RenderProgress, 'progress' | 'status'>): number {
  if (p.status === 'completed') return 100;
  const n = Number.isFinite(p.progress) ? p.progress : 0;
  return Math.round(Math.min(1, Math.max(0, n)) * 100);
}

/** RENDER_RETRYING is added to the stage of a render while a step of it that failed is tried again. */
export const RENDER_RETRYING = 'retrying a failed step';

/**
 * renderStageLabel says in words where a RenderAttempt is ("Rendering scenes 2 of 6"), and when a step of it that
 * failed is being tried again ("Rendering scenes 2 of 6 (retrying a failed step)"): the render is not stuck, and not
 * going as it should either.
 */
export function renderStageLabel(
  p: Pick<RenderProgress, 'stage' | 'status' | 'scenesDone' | 'scenesTotal'> & Partial<Pick<RenderProgress, 'retrying'>>,
): string {
  const label = stageLabel(p);
  return p.retrying ? `${label} (${RENDER_RETRYING})` : label;
}

function stageLabel(p: Pick<RenderProgress, 'stage' | 'status' | 'scenesDone' | 'scenesTotal'>): string {
  switch (p.stage) {
    case 'queued':
      return 'Waiting for a worker';
    case 'waiting':
      // It had started; no worker answers now (a restart), so the bar keeps what was done.
      return p.scenesTotal > 0
        ? `Waiting for a worker (${Math.min(Math.max(p.scenesDone, 0), p.scenesTotal)} of ${p.scenesTotal} scenes done)`
        : 'Waiting for a worker';
    case 'planning':
      return 'Preparing';
    case 'rendering':
      return p.scenesTotal > 0
        ? `Rendering scenes ${Math.min(Math.max(p.scenesDone, 0), p.scenesTotal)} of ${p.scenesTotal}`
        : 'Rendering scenes';
    case 'joining':
      return 'Putting it together';
    case 'done':
      return 'Done';
    case 'failed':
      return 'Failed';
    default:
      return p.status === 'pending' ? 'Waiting for a worker' : 'Rendering';
  }
}

/**
 * renderReuseText says how much of a completed render came from the last one ("3 of 4 scenes reused from the last
 * render"); '' when nothing was reused (a first render, or every scene changed) or the render is not complete.
 */
export function renderReuseText(p: Pick<RenderProgress, 'status' | 'scenesReused' | 'scenesTotal'>): string {
  if (p.status !== 'completed' || p.scenesTotal <= 0 || p.scenesReused <= 0) return '';
  const reused = Math.min(p.scenesReused, p.scenesTotal);
  return `${reused} of ${p.scenesTotal} ${p.scenesTotal === 1 ? 'scene' : 'scenes'} reused from the last render`;
}

/** latestExports picks, per file type, the file of the newest RenderAttempt. */
export function latestExports(exports: RenderExport[]): Partial<Record<RenderExportType, RenderExport>> {
  const out: Partial<Record<RenderExportType, RenderExport>> = {};
  for (const e of exports) {
    const seen = out[e.type];
    if (!seen || e.attempt > seen.attempt || (e.attempt === seen.attempt && e.createdAt > seen.createdAt)) out[e.type] = e;
  }
  return out;
}
