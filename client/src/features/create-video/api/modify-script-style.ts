import { useMutation } from '@tanstack/react-query';
import type { StyleModifierSettings } from '../utils/settings';
import { sendWithHeaders } from './request';
import type { GeneratedScript } from './types';

export interface ModifyScriptStyleInput {
  settings: Omit<StyleModifierSettings, 'preview'>;
  preview: boolean;
  script: string;
}

/** POST /api/v2/ai/modifyScriptStyle {settings, preview, script} -> {script, title, warnings}. */
export async function modifyScriptStyle(input: ModifyScriptStyleInput): Promise<GeneratedScript> {
  const data = await sendWithHeaders<{ script?: string; title?: string; description?: string; warnings?: unknown } | null>(
    'POST',
    '/api/v2/ai/modifyScriptStyle',
    input,
  );
  const warnings = Array.isArray(data?.warnings) ? data.warnings.filter((w): w is string => typeof w === 'string') : [];
  return { title: data?.title ?? '', description: data?.description ?? '', text: data?.script ?? '', warnings };
}

export function useModifyScriptStyle() {
  return useMutation({ mutationFn: modifyScriptStyle, meta: { handlesErrors: true } });
}
