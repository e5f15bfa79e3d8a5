/** Spec 000 "Clone voice" limits and messages. */
export const MAX_CLONE_FILES = 10;
export const MAX_CLONE_FILE_BYTES = 10_000_000;
export const CLONE_EXTENSIONS = ['mp3', 'ogg', 'aac', 'mpeg', 'opus', 'wav', 'flac'] as const;

export const TOO_MANY_FILES = 'You can only upload 10 files at a time.';
export const FILE_TOO_LARGE = 'File size is too large. Please upload a file less than 10MB.';
export const FILE_FORMAT = `Unsupported file format. Allowed formats: ${CLONE_EXTENSIONS.join(', ')}.`;
export const NO_FILES = 'Please add at least one audio file.';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The first problem with a set of files picked for cloning, or null when they may be sent. */
export function validateCloneFiles(files: Array<Pick<File, 'name' | 'size'>>): string | null {
  if (files.length === 0) return NO_FILES;
  if (files.length > MAX_CLONE_FILES) return TOO_MANY_FILES;
  if (files.some((f) => f.size > MAX_CLONE_FILE_BYTES)) return FILE_TOO_LARGE;
  if (files.some((f) => !(CLONE_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)))) return FILE_FORMAT;
  return null;
}

export const CLONE_ACCEPT = CLONE_EXTENSIONS.map((e) => `.${e}`).join(',');
