import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { videoKeys } from './keys';
import type { Scene, Slide, Video } from './types';

/** EditKind names each editor change; it is the last part of the change's mutation key. */
export type EditKind =
  | 'delete-scene'
  | 'reorder-scenes'
  | 'reorder-slides'
  | 'delete-slide'
  | 'slide-text'
  | 'slide-tagline'
  | 'slide-media'
  | 'add-scene'
  | 'split-scene'
  | 'add-slide'
  | 'swap-slides'
  | 'delete-slides'
  | 'slide-media-add'
  | 'slide-media-remove'
  | 'slide-text-media'
  | 'slide-voice'
  | 'slide-mute'
  | 'slide-transform'
  | 'voiceover-duration';

/** EditTarget: what a change is about, so the screen can show the slide or scene as updating or deleting. */
export interface EditTarget {
  sceneId?: number;
  layerId?: number;
}

export interface VideoEditOptions {
  /** Called with the server's refusal once the video shows what it showed before. */
  onError?: (error: Error) => void;
}

interface VideoEditConfig<TInput extends EditTarget> {
  videoId: number;
  kind: EditKind;
  send: (input: TInput) => Promise<Video>;
  /** What the screen shows at once; the server's answer replaces it. Without it the slide only shows "updating". */
  optimistic?: (video: Video, input: TInput) => Video;
}

/**
 * useVideoEdit is what every editor change shares. The change shows at once (optimistic) and goes back when the
 * server refuses; the server answers the whole video, which replaces the cached one. Changes of one video run one
 * after another (scope) so an order is always sent after the change before it has landed.
 */
export function useVideoEdit<TInput extends EditTarget>(
  { videoId, kind, send, optimistic }: VideoEditConfig<TInput>,
  { onError }: VideoEditOptions = {},
) {
  const queryClient = useQueryClient();
  const queryKey = videoKeys.detail(videoId);
  return useMutation({
    mutationKey: [...videoKeys.edits(videoId), kind],
    scope: { id: `video-edit-${videoId}` },
    meta: { handlesErrors: true },
    mutationFn: send,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      const previous = queryClient.getQueryData<Video>(queryKey);
      if (previous && optimistic) queryClient.setQueryData<Video>(queryKey, optimistic(previous, input));
      return { previous };
    },
    onSuccess: (video) => queryClient.setQueryData(queryKey, video),
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      onError?.(error);
    },
    onSettled: () => {
      // Any change makes the video a draft and may change its narration, so what depends on it is read again (the
      // render gate by the render panel, which follows the video).
      void queryClient.invalidateQueries({ queryKey: videoKeys.subtitles(videoId) });
      void queryClient.invalidateQueries({ queryKey: videoKeys.lists });
    },
  });
}

/** PendingEdit is one change still on its way. */
export interface PendingEdit extends EditTarget {
  kind: EditKind;
}

/** usePendingEdits lists the changes of a video that the server has not answered yet. */
export function usePendingEdits(videoId: number): PendingEdit[] {
  return useMutationState({
    filters: { mutationKey: videoKeys.edits(videoId), status: 'pending' },
    select: (mutation) => {
      const key = mutation.options.mutationKey ?? [];
      const target = (mutation.state.variables ?? {}) as EditTarget;
      return { kind: key[key.length - 1] as EditKind, sceneId: target.sceneId, layerId: target.layerId };
    },
  });
}

/** layerPath: /api/v2/layer/{layerId} (a slide is a "layer" in the API). */
export const layerPath = (layerId: number) => `/api/v2/layer/${encodeURIComponent(String(layerId))}`;

/** videoPath: /api/v2/video/{id}. */
export const videoPath = (videoId: number) => `/api/v2/video/${encodeURIComponent(String(videoId))}`;

/** mapScenes changes every scene of a video with fn. */
export function mapScenes(video: Video, fn: (scene: Scene) => Scene): Video {
  return { ...video, scenes: video.scenes.map(fn) };
}

/** mapSlide changes one slide of a video. */
export function mapSlide(video: Video, layerId: number, fn: (slide: Slide) => Slide): Video {
  return mapScenes(video, (scene) =>
    scene.layerList.some((s) => s.layerId === layerId)
      ? { ...scene, layerList: scene.layerList.map((s) => (s.layerId === layerId ? fn(s) : s)) }
      : scene,
  );
}

/** inOrder: items placed as ids says, numbered from 1; items the list does not name keep their place after. */
export function inOrder<T extends { order: number }>(items: T[], idOf: (item: T) => number, ids: number[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  return [...items]
    .sort((a, b) => (rank.get(idOf(a)) ?? Infinity) - (rank.get(idOf(b)) ?? Infinity))
    .map((item, index) => ({ ...item, order: index + 1 }));
}

/** movedIds: ids with the one given moved by step (-1 earlier, +1 later), or null at either end. */
export function movedIds(ids: number[], id: number, step: -1 | 1): number[] | null {
  const next = [...ids];
  const from = next.indexOf(id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= next.length) return null;
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** sceneOfSlide: the scene that holds a slide. */
export function sceneOfSlide(video: Video, layerId: number): Scene | undefined {
  return video.scenes.find((scene) => scene.layerList.some((s) => s.layerId === layerId));
}
