import { api } from '@/lib/api-client';

export interface UploadUrlInput {
  name: string;
  /** The file's MIME type. */
  type: string;
  size: number;
  duration?: number;
  height?: number;
  width?: number;
}

export interface UploadTarget {
  url: string;
  fileUploadId: string | number;
  method: string;
  headers: Record<string, string>;
}

/** POST /api/v2/upload/url: a presigned URL the file is PUT to. */
export async function requestUploadUrl(input: UploadUrlInput): Promise<UploadTarget> {
  const data = await api.post<Partial<UploadTarget>>('/api/v2/upload/url', input);
  return {
    url: data?.url ?? '',
    fileUploadId: data?.fileUploadId ?? '',
    method: data?.method || 'PUT',
    headers: data?.headers ?? { 'Content-Type': input.type },
  };
}
