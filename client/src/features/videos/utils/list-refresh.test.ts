import { describe, expect, it } from 'vitest';
import type { VideoListItem } from '../api/types';
import { videoBadge } from './build-stage';
import {
  autoRefreshInterval,
  hasDateFilter,
  newlyReadyVideos,
  readyMessage,
  rememberStages,
  VIDEO_LIST_MAX_REFRESHES,
  VIDEO_LIST_REFRESH_MS,
} from './list-refresh';

const item = (videoId: number, buildStage: number, buildStep = ''): VideoListItem => ({
  videoId,
  name: `v${videoId}`,
  thumbnailURL: '',
  renderStatus: 'draft',
  buildStage,
  buildStep,
  duration: 0,
  sceneCount: 0,
  aspectRatio: 'horizontal',
  createdAt: '',
  isVoiceover: false,
});

describe('ready notification', () => {
  it('counts only videos seen being built that are now ready', () => {
    let seen = rememberStages(new Map(), [item(1, 1), item(2, 3), item(3, 4)]);
    // 1 reached ReadyToRender, 2 is still building, 3 was ready already, 4 is new and ready.
    const next = [item(1, 4), item(2, 3), item(3, 4), item(4, 4)];
    expect(newlyReadyVideos(seen, next).map((v) => v.videoId)).toEqual([1]);
    seen = rememberStages(seen, next);
    // Nothing new the next time round.
    expect(newlyReadyVideos(seen, next)).toEqual([]);
    // The ready step counts as ready; a failed build does not.
    expect(newlyReadyVideos(seen, [item(2, 3, 'ready')]).map((v) => v.videoId)).toEqual([2]);
    expect(newlyReadyVideos(seen, [item(2, 3, 'failed')])).toEqual([]);
  });

  it('has the spec wording', () => {
    expect(readyMessage(1)).toBe('1 video is ready for editing');
    expect(readyMessage(3)).toBe('3 videos are ready for editing');
  });
});

describe('auto refresh', () => {
  it('refreshes every 60 s up to 10 times', () => {
    expect(VIDEO_LIST_REFRESH_MS).toBe(60_000);
    expect(autoRefreshInterval(0, false)).toBe(60_000);
    expect(autoRefreshInterval(VIDEO_LIST_MAX_REFRESHES - 1, false)).toBe(60_000);
    expect(autoRefreshInterval(VIDEO_LIST_MAX_REFRESHES, false)).toBe(false);
  });

  it('never with a date filter', () => {
    expect(autoRefreshInterval(0, true)).toBe(false);
    expect(hasDateFilter({ createdAfter: '2026-01-01', createdBefore: '' })).toBe(true);
    expect(hasDateFilter({ createdAfter: '', createdBefore: '2026-01-01' })).toBe(true);
    expect(hasDateFilter({ createdAfter: '', createdBefore: '' })).toBe(false);
  });
});

describe('stage badge', () => {
  it('is Generating… below ReadyToRender, then the render state', () => {
    expect(videoBadge({ buildStage: 3, buildStep: 'matchingMedia', renderStatus: 'draft' }).label).toBe('Generating…');
    expect(videoBadge({ buildStage: 4, buildStep: 'ready', renderStatus: 'draft' }).label).toBe('Ready');
    expect(videoBadge({ buildStage: 4, buildStep: 'ready', renderStatus: 'rendered' }).label).toBe('Rendered');
    expect(videoBadge({ buildStage: 1, buildStep: 'failed', renderStatus: 'draft' }).label).toBe('Failed');
  });
});
