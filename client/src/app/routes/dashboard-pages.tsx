import { Navigate, useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';
import { COMING_SOON, type ComingSoonKey } from './coming-soon-pages';

export function Soon({ page }: { page: ComingSoonKey }) {
  return <ComingSoon {...COMING_SOON[page]} />;
}

const TASK_MODES = new Set(['create', 'edit', 'duplicate']);

/** automation/task/:mode(create|edit|duplicate)/:taskId? — any other mode goes back to the task list. */
export function AutomationTaskRoute() {
  const { mode, taskId } = useParams();
  if (!mode || !TASK_MODES.has(mode)) return <Navigate to="/dashboard/automation" replace />;
  if (mode !== 'create' && !taskId) return <Navigate to="/dashboard/automation" replace />;
  return <Soon page="automationTask" />;
}
