import type { VideoListItem, VideoListParams } from '../api/types';
import { isBuildReady } from './build-stage';

/** Spec 001 business constants: the video list refreshes every 60 s, at most 10 times. */
export const VIDEO_LIST_REFRESH_MS = 60_000;
export const VIDEO_LIST_MAX_REFRESHES = 10;
export const VIDEO_PAGE_SIZE = 12;

/** hasDateFilter: a date filter shows a fixed period, so the list does not refresh itself. */
export function hasDateFilter(params: Pick<VideoListParams, 'createdAfter' | 'createdBefore'>): boolean {
  return params.createdAfter !== '' || params.createdBefore !== '';
}

/**
 * autoRefreshInterval is the list's refetchInterval: every 60 s until it has refreshed itself
 * VIDEO_LIST_MAX_REFRESHES times since the last thing the user did, never with a date filter.
 */
export function autoRefreshInterval(refreshesDone: number, dateFiltered: boolean): number | false {
  if (dateFiltered) return false;
  return refreshesDone < VIDEO_LIST_MAX_REFRESHES ? VIDEO_LIST_REFRESH_MS : false;
}

/** SeenStages maps videoId -> whether it was ready when last seen by a poll of the list. */
export type SeenStages = Map<number, { ready: boolean }>;

/**
 * newlyReadyVideos returns the videos that were seen still being built and are now ready.
 * Videos seen for the first time never count: they may have been ready all along.
 */
export function newlyReadyVideos(seen: SeenStages, videos: VideoListItem[]): VideoListItem[] {
  return videos.filter((v) => seen.get(v.videoId)?.ready === false && isBuildReady(v));
}

/** rememberStages records what this poll saw (a copy; the old map stays as it was). */
export function rememberStages(seen: SeenStages, videos: VideoListItem[]): SeenStages {
  const next = new Map(seen);
  for (const v of videos) next.set(v.videoId, { ready: isBuildReady(v) });
  return next;
}

/** readyMessage: the notification text for n newly ready videos. */
export function readyMessage(n: number): string {
  return n === 1 ? '1 video is ready for editing' : `${n} videos are ready for editing`;
}
