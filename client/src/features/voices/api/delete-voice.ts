import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voiceKeys } from './keys';
import type { Voice } from './types';

/** DELETE /api/v2/voice/{voiceId} -> the deleted voice. */
export function deleteVoice(voiceId: number): Promise<Voice> {
  return api.delete<Voice>(`/api/v2/voice/${encodeURIComponent(String(voiceId))}`);
}

export function useDeleteVoice(options: { onSuccess?: (voice: Voice) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoice,
    onSuccess: (voice) => options.onSuccess?.(voice),
    onSettled: () => queryClient.invalidateQueries({ queryKey: voiceKeys.lists }),
  });
}
