/** Extensions the library accepts (spec 001 "Uploads", plus the audio formats of the voice tools). */
export const ALLOWED_EXTENSIONS = [
  '.jpg', '.jpeg', '.png', '.gif', '.mp3', '.mp4', '.avi', '.webp', '.webm', '.mov',
  '.ogg', '.aac', '.mpeg', '.opus', '.wav', '.flac',
] as const;

/** 500 MB. */
export const MAX_UPLOAD_BYTES = 524_288_000;

export const FILE_TOO_LARGE = 'File is too large. The maximum size is 500 MB.';
/** The allowed types are listed next to the upload button, so the message stays short. */
export const FILE_TYPE_NOT_ALLOWED = 'This file type is not supported.';
export const FILE_EMPTY = 'The file is empty.';
export const NO_FILE = 'No file provided';

/** MIME types for files the browser gives no type for (the presigned PUT needs a Content-Type). */
const MIME_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.avi': 'video/x-msvideo',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.ogg': 'audio/ogg',
  '.aac': 'audio/aac',
  '.mpeg': 'video/mpeg',
  '.opus': 'audio/opus',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
};

/** Lower-case extension with its dot ("clip.MP4" -> ".mp4"); empty when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot).toLowerCase();
}

/** The file's own MIME type, or one derived from its extension. */
export function mimeTypeOf(file: Pick<File, 'name' | 'type'>): string {
  return file.type || MIME_BY_EXTENSION[extensionOf(file.name)] || 'application/octet-stream';
}

/** Client-side checks before anything is sent; returns the message shown in the queue, or undefined. */
export function validateFile(file: Pick<File, 'name' | 'size'> | null | undefined): string | undefined {
  if (!file || !file.name) return NO_FILE;
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return FILE_TYPE_NOT_ALLOWED;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  if (file.size <= 0) return FILE_EMPTY;
  return undefined;
}
