import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Workspace } from './get-workspaces';
import { accountKeys } from './keys';

export interface CreateWorkspaceInput {
  name: string;
}

/** POST /api/v2/user/workspaces */
export function createWorkspace(input: CreateWorkspaceInput): Promise<Workspace> {
  return api.post<Workspace>('/api/v2/user/workspaces', input);
}

export function useCreateWorkspace(options: { onSuccess?: (workspace: Workspace) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    meta: { handlesErrors: true },
    onSuccess: async (workspace) => {
      await queryClient.invalidateQueries({ queryKey: accountKeys.workspaces });
      options.onSuccess?.(workspace);
    },
  });
}
