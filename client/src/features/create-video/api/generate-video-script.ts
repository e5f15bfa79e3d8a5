import { useMutation } from '@tanstack/react-query';
import { sendWithHeaders } from './request';
import type { GeneratedScript } from './types';

export interface GenerateScriptInput {
  /** The topic prompt, white space already collapsed. */
  text: string;
  sectionsAmount: number;
  removeSectionTitles: boolean;
  toneType: number;
  role: string;
  audience: string;
}

/** POST /api/v2/ai/generateVideoScript -> {title, description, text}; a 429 is a ThrottledError. */
export async function generateVideoScript(input: GenerateScriptInput): Promise<GeneratedScript> {
  const data = await sendWithHeaders<Partial<GeneratedScript> | null>('POST', '/api/v2/ai/generateVideoScript', {
    source: 'topic',
    ...input,
  });
  return { title: data?.title ?? '', description: data?.description ?? '', text: data?.text ?? '' };
}

export function useGenerateVideoScript() {
  return useMutation({ mutationFn: generateVideoScript, meta: { handlesErrors: true } });
}
