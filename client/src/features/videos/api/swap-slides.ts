import { api } from '@/lib/api-client';
import { normalizeVideo } from './normalize';
import type { Slide, Video } from './types';
import { mapScenes, useVideoEdit, videoPath, type EditTarget, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses a swap without a message. */
export const SWAP_SLIDES_FAILED = 'We could not swap these slides.';

export interface SwapSlidesInput extends EditTarget {
  firstLayerId: number;
  secondLayerId: number;
}

/** PUT /api/v2/video/{id}/layers/swap {firstLayerId, secondLayerId} -> the video; both scenes are narrated again. */
export async function swapSlides(videoId: number, { firstLayerId, secondLayerId }: SwapSlidesInput): Promise<Video> {
  const data = await api.put<unknown>(`${videoPath(videoId)}/layers/swap`, { firstLayerId, secondLayerId });
  return normalizeVideo(data);
}

/** swapped: the video with the two slides in each other's place (scene and order). */
export function swapped(video: Video, { firstLayerId, secondLayerId }: SwapSlidesInput): Video {
  let first: Slide | undefined;
  let second: Slide | undefined;
  for (const scene of video.scenes)
    for (const s of scene.layerList) {
      if (s.layerId === firstLayerId) first = s;
      if (s.layerId === secondLayerId) second = s;
    }
  if (!first || !second || first === second) return video;
  const a = first;
  const b = second;
  return mapScenes(video, (scene) => ({
    ...scene,
    layerList: scene.layerList.map((s) =>
      s.layerId === a.layerId ? { ...b, sceneId: a.sceneId, order: a.order } : s.layerId === b.layerId ? { ...a, sceneId: b.sceneId, order: b.order } : s,
    ),
  }));
}

/** useSwapSlides swaps two slides at once (optimistic) and puts them back when the server refuses. */
export function useSwapSlides(videoId: number, options?: VideoEditOptions) {
  return useVideoEdit<SwapSlidesInput>(
    { videoId, kind: 'swap-slides', send: (input: SwapSlidesInput) => swapSlides(videoId, input), optimistic: swapped },
    options,
  );
}
