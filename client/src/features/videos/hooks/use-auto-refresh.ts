import { useEffect, useRef, useState } from 'react';
import { autoRefreshInterval } from '../utils/list-refresh';

/**
 * useAutoRefresh counts the list's refreshes since the user last did something (changed the view or pressed
 * Refresh) and answers the refetchInterval to use: 60 s until ten refreshes are done, never with a date filter.
 * Every new answer for the view counts, so a view's first load is refresh zero.
 */
export function useAutoRefresh(viewKey: string, dateFiltered: boolean, dataUpdatedAt: number) {
  // -1 until the first answer, which is refresh zero.
  const [count, setCount] = useState({ key: viewKey, done: -1 });
  const seenAt = useRef(dataUpdatedAt);

  useEffect(() => {
    if (!dataUpdatedAt || dataUpdatedAt === seenAt.current) return;
    seenAt.current = dataUpdatedAt;
    setCount((c) => (c.key === viewKey ? { key: viewKey, done: c.done + 1 } : { key: viewKey, done: 0 }));
  }, [dataUpdatedAt, viewKey]);

  const done = count.key === viewKey ? count.done : 0;
  return {
    interval: autoRefreshInterval(Math.max(0, done), dateFiltered),
    /** restart: a manual refresh; its own answer becomes refresh zero. */
    restart: () => setCount({ key: viewKey, done: -1 }),
  };
}
