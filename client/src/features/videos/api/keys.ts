import { authKeys } from '@/lib/auth';
import type { VideoListParams } from './types';

/** Videos belong to the signed-in user, so their keys live under ['user', ...]. */
export const videoKeys = {
  all: [...authKeys.user, 'videos'] as const,
  lists: [...authKeys.user, 'videos', 'list'] as const,
  list: (params: VideoListParams) => [...authKeys.user, 'videos', 'list', params] as const,
  details: [...authKeys.user, 'videos', 'detail'] as const,
  detail: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId] as const,
  /**
   * Render state of one video lives under its detail key, so anything that refreshes the video (an edit, a
   * finished render) also refreshes whether it can be rendered again.
   */
  creditsInfo: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'credits-info'] as const,
  renderStatus: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'render-status'] as const,
  exports: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'exports'] as const,
  backgroundAudio: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'background-audio'] as const,
  /**
   * The soundtrack picker's audio is media-library data, so its key sits under ['user', 'media']: whatever
   * refreshes the library (an upload, a delete) also refreshes the picker.
   */
  libraryAudio: [...authKeys.user, 'media', 'soundtrack-choices'] as const,
  /** The kinds of insert (intro, outro, before each scene) are the same for every video. */
  insertTypes: [...authKeys.user, 'videos', 'insert-types'] as const,
  inserts: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'inserts'] as const,
  /** The insert picker's videos are media-library data, like the soundtrack picker's audio. */
  libraryVideos: [...authKeys.user, 'media', 'insert-choices'] as const,
  /** The slide media picker's pictures and videos, media-library data as well. */
  libraryMedia: [...authKeys.user, 'media', 'slide-choices'] as const,
  /** The validation list is read again whenever the video changes (its version is part of the key). */
  validations: (videoId: number, version: string) => [...videoKeys.allValidations(videoId), version] as const,
  /** Every version's validation list of one video (a subtitle edit changes it without changing the video). */
  allValidations: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'validations'] as const,
  pendingAssets: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'pending-assets'] as const,
  /** Media help for one slide is media-library data. */
  recommendedAssets: (layerId: number) => [...authKeys.user, 'media', 'recommended', layerId] as const,
  suggestedAssets: (layerId: number, query: string) => [...authKeys.user, 'media', 'suggested', layerId, query] as const,
  subtitles: (videoId: number) => [...authKeys.user, 'videos', 'detail', videoId, 'subtitles'] as const,
  /**
   * Edits of the editor (scenes, slides) share this mutation key: they run one after another and the video is not
   * polled while one is on its way, so a poll never shows the video from before an edit.
   */
  edits: (videoId: number) => [...authKeys.user, 'videos', 'edit', videoId] as const,
};
