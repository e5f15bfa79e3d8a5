import { BUILD_STAGE, type RenderStatus } from '../api/types';

interface BuildState {
  buildStage: number;
  buildStep: string;
}

/** isBuildFailed: the create workflow gave up (the video keeps its buildError). */
export function isBuildFailed(v: BuildState): boolean {
  return v.buildStep === 'failed';
}

/** isBuildReady: the video reached ReadyToRender and can be edited and rendered. */
export function isBuildReady(v: BuildState): boolean {
  return v.buildStage >= BUILD_STAGE.ReadyToRender || v.buildStep === 'ready';
}

/** isBuilding: the create workflow is still working on the video. */
export function isBuilding(v: BuildState): boolean {
  return !isBuildReady(v) && !isBuildFailed(v);
}

/** isBuildFinal: nothing will change without the user; polling stops here. */
export function isBuildFinal(v: BuildState): boolean {
  return !isBuilding(v);
}

export type BadgeTone = 'pending' | 'verified' | 'unverified' | 'neutral';

/** videoBadge is the stage badge of a card: "Generating…" while built, else the render state. */
export function videoBadge(v: BuildState & { renderStatus: RenderStatus }): { label: string; tone: BadgeTone } {
  if (isBuildFailed(v)) return { label: 'Failed', tone: 'unverified' };
  if (isBuilding(v)) return { label: 'Generating…', tone: 'pending' };
  switch (v.renderStatus) {
    case 'rendered':
    case 'complete':
      return { label: 'Rendered', tone: 'verified' };
    case 'rendering':
    case 'in progress':
      return { label: 'Rendering…', tone: 'pending' };
    case 'error':
      return { label: 'Render error', tone: 'unverified' };
    default:
      return { label: 'Ready', tone: 'neutral' };
  }
}

/** formatDuration: 75.2 -> "1:15"; nothing for zero or unknown. */
export function formatDuration(seconds: number | undefined): string {
  if (!seconds || !Number.isFinite(seconds) || seconds <= 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
