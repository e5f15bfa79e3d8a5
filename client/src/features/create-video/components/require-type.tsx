import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { CREATE_BASE, generatingPath } from './paths';

/**
 * Steps after the first need a chosen video type; without one the flow starts over. A draft that was just turned
 * into a video goes on to that video's generating screen instead.
 */
export function RequireType({ children }: { children: ReactNode }) {
  const type = useCreateVideoDraft((s) => s.createType);
  const created = useCreateVideoDraft((s) => s.createdVideoId);
  if (!type) return <Navigate to={created ? generatingPath(created) : CREATE_BASE} replace />;
  return <>{children}</>;
}
