import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './keys';

export interface Workspace {
  workspaceId: number;
  name: string;
  isDefault: boolean;
}

/** GET /api/v2/user/workspaces */
export async function getWorkspaces(signal?: AbortSignal): Promise<Workspace[]> {
  const data = await api.get<Workspace[] | null>('/api/v2/user/workspaces', { signal });
  return Array.isArray(data) ? data : [];
}

export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.workspaces,
    queryFn: ({ signal }) => getWorkspaces(signal),
  });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
