import { useQueryClient } from '@tanstack/react-query';
import { deleteSlide } from './delete-slide';
import { videoKeys } from './keys';
import type { Video } from './types';
import { useVideoEdit, type EditTarget, type VideoEditOptions } from './video-edit';

/** Wording when the server refuses one of the deletes without a message. */
export const DELETE_SLIDES_FAILED = 'We could not delete the selected slides.';

export interface DeleteSlidesInput extends EditTarget {
  /** In video order; one DELETE is sent per slide, one after another. */
  layerIds: number[];
}

/** withoutSlides: the video without those slides; a scene left without slides goes (the video keeps one scene). */
export function withoutSlides(video: Video, layerIds: number[]): Video {
  const gone = new Set(layerIds);
  const scenes = video.scenes.map((scene) => ({
    ...scene,
    layerList: scene.layerList.filter((s) => !gone.has(s.layerId)).map((s, i) => ({ ...s, order: i + 1 })),
  }));
  const kept = scenes.filter((scene) => scene.layerList.length > 0);
  return { ...video, scenes: (kept.length > 0 ? kept : scenes.slice(0, 1)).map((s, i) => ({ ...s, order: i + 1 })) };
}

/**
 * useDeleteSlides deletes several slides: they disappear at once, then one DELETE per slide is sent in order.
 * When one is refused the whole view goes back and the video is read again, since the deletes before it landed.
 */
export function useDeleteSlides(videoId: number, { onError }: VideoEditOptions = {}) {
  const queryClient = useQueryClient();
  return useVideoEdit<DeleteSlidesInput>(
    {
      videoId,
      kind: 'delete-slides',
      send: async ({ layerIds }: DeleteSlidesInput) => {
        let video: Video | undefined;
        for (const layerId of layerIds) video = await deleteSlide({ layerId });
        if (!video) throw new Error('No slides to delete.');
        return video;
      },
      optimistic: (video, { layerIds }) => withoutSlides(video, layerIds),
    },
    {
      onError: (error) => {
        void queryClient.invalidateQueries({ queryKey: videoKeys.detail(videoId), exact: true });
        onError?.(error);
      },
    },
  );
}
