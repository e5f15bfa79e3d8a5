import { BUILD_STAGE, type Video } from '@/features/videos';

/** Messages of the create workflow's steps, in the order they happen. */
export const STEP_LABELS: Record<string, string> = {
  preparing: 'Preparing to create',
  retrievingContent: 'Retrieving content',
  generatingScript: 'Generating script',
  summarizing: 'Summarizing',
  splittingText: 'Splitting into slides',
  matchingMedia: 'Matching media',
  generatingNarration: 'Generating narration',
};

const ORDER = Object.keys(STEP_LABELS);

export type StepStatus = 'done' | 'current' | 'todo';

export interface GeneratingProgress {
  state: 'working' | 'done' | 'failed';
  /** The step being worked on (the last one reached when done or failed). */
  current: string;
  message: string;
  steps: Array<{ key: string; label: string; status: StepStatus }>;
  /** 0..1 */
  fraction: number;
  error: string;
}

export const BUILD_FAILED_FALLBACK = 'Something went wrong while generating this video.';

/** stepFromStage: the step a build stage means when the server sends no (known) buildStep. */
function stepFromStage(stage: number): string {
  if (stage >= BUILD_STAGE.AutomatchCompleted) return 'generatingNarration';
  if (stage >= BUILD_STAGE.LayersCreated) return 'matchingMedia';
  if (stage >= BUILD_STAGE.PopulatingData) return 'splittingText';
  return 'preparing';
}

/**
 * generatingProgress maps a video's real buildStep (or, failing that, its buildStage) to the screen's steps.
 * Before the first answer it is "Preparing to create". The list shows the always-run steps, plus retrieving content
 * for page videos and any optional step the server reports.
 */
export function generatingProgress(video: Pick<Video, 'buildStage' | 'buildStep' | 'buildError' | 'pageUrl'> | undefined): GeneratingProgress {
  const stage = video?.buildStage ?? 0;
  const step = video?.buildStep ?? '';
  const failed = step === 'failed';
  const done = !failed && (step === 'ready' || stage >= BUILD_STAGE.ReadyToRender);
  const current = done
    ? 'generatingNarration'
    : step in STEP_LABELS
      ? step
      : stepFromStage(stage);

  const shown = ORDER.filter((key) => {
    if (key === 'preparing') return current === 'preparing';
    if (key === 'retrievingContent') return Boolean(video?.pageUrl) || current === key;
    if (key === 'generatingScript' || key === 'summarizing') return current === key;
    return true;
  });
  const at = shown.indexOf(current);
  const steps = shown.map((key, i) => ({
    key,
    label: STEP_LABELS[key],
    status: (done || i < at ? 'done' : i === at ? 'current' : 'todo') as StepStatus,
  }));
  return {
    state: failed ? 'failed' : done ? 'done' : 'working',
    current,
    message: done ? 'Your video is ready' : failed ? 'Generating failed' : `${STEP_LABELS[current]}…`,
    steps,
    fraction: done ? 1 : Math.max(0, at) / shown.length,
    error: failed ? video?.buildError || BUILD_FAILED_FALLBACK : '',
  };
}
