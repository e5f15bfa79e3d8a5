import { useEffect, useRef } from 'react';
import { useNotifications } from '@/stores/notifications';
import type { VideoListItem } from '../api/types';
import { newlyReadyVideos, readyMessage, rememberStages, type SeenStages } from '../utils/list-refresh';

/** useReadyNotifications tells the user, for 5 s, how many videos became ready since the last poll. */
export function useReadyNotifications(videos: VideoListItem[] | undefined) {
  const seen = useRef<SeenStages>(new Map());
  useEffect(() => {
    if (!videos) return;
    const ready = newlyReadyVideos(seen.current, videos);
    seen.current = rememberStages(seen.current, videos);
    if (ready.length > 0) {
      useNotifications.getState().add({ type: 'success', title: 'Videos ready', message: readyMessage(ready.length) });
    }
  }, [videos]);
}
