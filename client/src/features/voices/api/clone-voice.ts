import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, FALLBACK_ERROR_MESSAGE, getCsrfToken, parseApiError } from '@/lib/api-client';
import { env } from '@/lib/env';
import { voiceKeys } from './keys';
import type { Voice } from './types';

export interface CloneVoiceInput {
  name: string;
  files: File[];
}

async function send(input: CloneVoiceInput, refreshToken: boolean): Promise<Response> {
  const form = new FormData();
  form.append('name', input.name);
  input.files.forEach((f) => form.append('files', f, f.name));
  try {
    return await fetch(`${env.apiUrl}/api/v2/voice/clone`, {
      method: 'PUT',
      headers: { Accept: 'application/json', [env.csrfHeader]: await getCsrfToken(refreshToken) },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', FALLBACK_ERROR_MESSAGE);
  }
}

async function json(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** PUT /api/v2/voice/clone (multipart: name, files repeated) -> 201 the new voice. */
export async function cloneVoice(input: CloneVoiceInput): Promise<Voice> {
  let response = await send(input, false);
  let body = await json(response);
  if (!response.ok) {
    let error = parseApiError(response.status, body);
    if (response.status === 403 && error.code.includes('csrf')) {
      response = await send(input, true);
      body = await json(response);
      if (response.ok) return (body as { data: Voice }).data;
      error = parseApiError(response.status, body);
    }
    throw error;
  }
  return (body as { data: Voice }).data;
}

export function useCloneVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cloneVoice,
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: voiceKeys.lists }),
  });
}
