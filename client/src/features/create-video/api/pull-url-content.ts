import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContentBlock, PulledAsset, PulledContent } from './types';

export interface PullUrlContentInput {
  url: string;
  /** Give slow pages more time. */
  extraTime?: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** PUT /api/v2/urlContent {url, extraTime} -> title, description, keywords, body blocks, text and assets. */
export async function pullUrlContent({ url, extraTime = false }: PullUrlContentInput): Promise<PulledContent> {
  const data = await api.put<Record<string, unknown> | null>('/api/v2/urlContent', { url, extraTime });
  const body: ContentBlock[] = Array.isArray(data?.body)
    ? (data.body as Array<Record<string, unknown>>)
        .filter((b) => typeof b === 'object' && b !== null)
        .map((b) => ({ type: str(b.type) || 'paragraph', text: str(b.text), src: str(b.src) || undefined, alt: str(b.alt) || undefined }))
    : [];
  const assets: PulledAsset[] = Array.isArray(data?.assets)
    ? (data.assets as Array<Record<string, unknown>>)
        .filter((a) => typeof a === 'object' && a !== null && typeof a.assetId === 'number')
        .map((a) => ({
          assetId: a.assetId as number,
          name: str(a.name),
          type: str(a.type) || 'image',
          url: str(a.url),
          thumbnailUrl: str(a.thumbnailUrl),
        }))
    : [];
  return {
    url,
    title: str(data?.title),
    description: str(data?.description),
    keywords: Array.isArray(data?.keywords) ? data.keywords.filter((k): k is string => typeof k === 'string') : [],
    body,
    text: str(data?.text) || body.filter((b) => b.type !== 'image').map((b) => b.text).filter(Boolean).join('\n\n'),
    assets,
  };
}

/** The pull-content form shows errors under the URL field. */
export function usePullUrlContent() {
  return useMutation({ mutationFn: pullUrlContent, meta: { handlesErrors: true } });
}
