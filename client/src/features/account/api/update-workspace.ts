import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Workspace } from './get-workspaces';
import { accountKeys } from './keys';

export interface UpdateWorkspaceInput {
  workspaceId: number;
  name: string;
}

/** PUT /api/v2/user/workspaces/{id} */
export function updateWorkspace({ workspaceId, name }: UpdateWorkspaceInput): Promise<Workspace> {
  return api.put<Workspace>(`/api/v2/user/workspaces/${encodeURIComponent(String(workspaceId))}`, { name });
}

export function useUpdateWorkspace(options: { onSuccess?: (workspace: Workspace) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspace,
    meta: { handlesErrors: true },
    onSuccess: async (workspace) => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.workspaces });
      options.onSuccess?.(workspace);
    },
  });
}
