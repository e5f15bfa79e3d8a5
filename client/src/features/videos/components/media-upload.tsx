import { useId, useState, type ChangeEvent } from 'react';
import { mimeTypeOf, useUploadFile, validateFile } from '@/features/media-library';
import { errorMessage } from '@/lib/api-client';

/** NOT_A_PICTURE: a file that is neither a picture nor a video cannot be a slide's media. */
export const NOT_A_PICTURE = 'Choose a picture or a video.';

/**
 * MediaUpload puts a file from the computer on the slide: it is uploaded to the media library (with progress) and,
 * once the library has it, chosen like any library item; the slide shows "Importing…" until it is ready.
 */
export function MediaUpload({ disabled, onUploaded }: { disabled: boolean; onUploaded: (assetId: number) => void }) {
  const upload = useUploadFile();
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onChange(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const type = mimeTypeOf(file);
    const invalid = validateFile(file) ?? (type.startsWith('image/') || type.startsWith('video/') ? undefined : NOT_A_PICTURE);
    if (invalid) {
      setError(invalid);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const asset = await upload(file, setProgress);
      onUploaded(asset.assetId);
    } catch (err) {
      setError(errorMessage(err, 'Failed to upload file'));
    } finally {
      setProgress(null);
    }
  }

  return (
    <div className="media-upload" data-testid="media-upload">
      <label htmlFor={inputId} className="button button--secondary button--sm">
        Upload from your computer
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*,video/*"
        className="visually-hidden"
        disabled={disabled || progress !== null}
        onChange={onChange}
        data-testid="media-upload-input"
      />
      {progress !== null && (
        <span role="status" aria-live="polite" data-testid="media-upload-progress">
          Uploading… {Math.round(progress * 100)}%
        </span>
      )}
      {error && (
        <span role="alert" className="field-error" data-testid="media-upload-error">
          {error}
        </span>
      )}
    </div>
  );
}
