import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { videoKeys } from '@/features/videos';
import { sendWithHeaders } from './request';
import type { CreateVideoRequest } from './types';

export interface CreatedVideo {
  videoId: number;
}

function videoIdOf(data: unknown): number {
  const id = typeof data === 'object' && data !== null ? (data as { videoId?: unknown }).videoId : undefined;
  return typeof id === 'number' ? id : 0;
}

/** POST /api/v2/video -> 201 {videoId} */
export async function createVideo(req: CreateVideoRequest): Promise<CreatedVideo> {
  return { videoId: videoIdOf(await api.post<unknown>('/api/v2/video', req)) };
}

/** voiceoverForm: the POST /video fields as form fields (arrays and objects as JSON) plus narrationAssetFile. */
export function voiceoverForm(req: CreateVideoRequest, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(req)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.append('narrationAssetFile', file, file.name);
  return form;
}

/** POST /api/v2/video/voiceover (multipart) -> 201 {videoId} */
export async function createVoiceoverVideo(req: CreateVideoRequest, file: File): Promise<CreatedVideo> {
  return { videoId: videoIdOf(await sendWithHeaders<unknown>('POST', '/api/v2/video/voiceover', voiceoverForm(req, file))) };
}

export interface CreateVideoInput {
  request: CreateVideoRequest;
  /** A narration file makes it a voiceover video. */
  voiceoverFile?: File | null;
}

/** The overview shows the server's message and field errors itself. */
export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, voiceoverFile }: CreateVideoInput) =>
      voiceoverFile ? createVoiceoverVideo(request, voiceoverFile) : createVideo(request),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.lists }),
  });
}
