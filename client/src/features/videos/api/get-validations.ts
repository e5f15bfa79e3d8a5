import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from './keys';
import type { Video } from './types';
import { videoPath } from './video-edit';

/** NO_VIDEO_ID: spec 000 section 8, validation needs a video id. */
export const NO_VIDEO_ID = 'No video ID set. Cannot perform validation.';
/** VALIDATIONS_FAILED: wording when the check cannot be read. */
export const VALIDATIONS_FAILED = 'We could not check this video for problems.';

/** SUBTITLE_OUT_OF_RANGE is the key of an edited subtitle outside the video; it is about no scene or slide. */
export const SUBTITLE_OUT_OF_RANGE = 'subtitle_out_of_range';

/** Validation is one problem that keeps a video from rendering (spec 000 "Validation error"). */
export interface Validation {
  videoId: number;
  sceneId: number;
  layerId: number;
  errorMessage: string;
  errorMessageKey: string;
}

type Raw = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** normalizeValidations reads {validations}; anything but an array is no problems. */
export function normalizeValidations(raw: unknown): Validation[] {
  const list = typeof raw === 'object' && raw !== null ? (raw as Raw).validations : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter((v): v is Raw => typeof v === 'object' && v !== null)
    .map((v) => ({
      videoId: num(v.videoId),
      sceneId: num(v.sceneId),
      layerId: num(v.layerId),
      errorMessage: typeof v.errorMessage === 'string' ? v.errorMessage : '',
      errorMessageKey: typeof v.errorMessageKey === 'string' ? v.errorMessageKey : '',
    }));
}

/** GET /api/v2/video/{id}/validate -> {validations}. */
export async function getValidations(videoId: number, signal?: AbortSignal): Promise<Validation[]> {
  if (!videoId) throw new Error(NO_VIDEO_ID);
  return normalizeValidations(await api.get<unknown>(`${videoPath(videoId)}/validate`, { signal }));
}

/** videoVersion: what the validation depends on; a new version reads the list again. */
export function videoVersion(video: Video): string {
  return [
    video.updatedAt,
    ...video.scenes.map((s) => `${s.sceneId}:${s.layerList.map((l) => `${l.layerId}/${l.assetList.map((a) => `${a.assetId}.${a.state}`).join('+')}`).join(',')}`),
  ].join('|');
}

/**
 * validationReady: spec 000 section 4, validation runs only when not rendering, with at least one slide and no scene
 * awaiting narration (react-query already never runs the same check twice at once).
 */
export function validationReady(video: Video, rendering: boolean): boolean {
  return !rendering && video.scenes.some((s) => s.layerList.length > 0) && !video.scenes.some((s) => s.needsAudio);
}

export const validationsQueryOptions = (video: Video) =>
  queryOptions({
    queryKey: videoKeys.validations(video.videoId, videoVersion(video)),
    queryFn: ({ signal }) => getValidations(video.videoId, signal),
    staleTime: 30_000,
    meta: { silent: true },
  });

/** useValidations lists what keeps a video from rendering, read again whenever the video changes. */
export function useValidations(video: Video, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...validationsQueryOptions(video), enabled: enabled && video.videoId > 0, placeholderData: (prev) => prev });
}
