import type { CreateType } from '../stores/create-video-draft';

/** Where the single-video flow lives. */
export const CREATE_BASE = '/dashboard/create-video/single';

/** The content step of each video type. */
export const SOURCE_STEP: Record<CreateType, string> = {
  url: 'pull-content',
  script: 'from-scratch',
  topic: 'generate-script',
  voiceover: 'voiceover',
};

export const stepPath = (step: string) => (step ? `${CREATE_BASE}/${step}` : CREATE_BASE);

export const generatingPath = (videoId: number) => `${CREATE_BASE}/generating?video=${videoId}`;
