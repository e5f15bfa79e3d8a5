import { useId, useState, type FormEvent } from 'react';
import { FieldErrorText } from '@/components/form/text-field';
import { errorMessage, isApiError } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { useImportAsset } from '../api/import-asset';

export const IMPORT_URL_REQUIRED = 'Enter the URL of an image, video or audio file.';

/** Import from URL: the server fetches the file; a refused URL shows the server's message under the input. */
export function ImportUrlForm() {
  const id = useId();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string>();
  const importAsset = useImportAsset({
    onSuccess: () => {
      setUrl('');
      notify.success('Import started. The file appears in your library when it is ready.');
    },
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const value = url.trim();
    if (!value) {
      setError(IMPORT_URL_REQUIRED);
      return;
    }
    setError(undefined);
    importAsset.mutate(
      { url: value },
      {
        onError: (err) => setError(isApiError(err) ? (err.fieldMap().url ?? errorMessage(err)) : errorMessage(err)),
      },
    );
  }

  const errorId = error ? `${id}-error` : undefined;
  return (
    <form className="import-form" noValidate onSubmit={submit} aria-label="Import from a URL">
      <label className="field__label" htmlFor={id}>
        Import from a URL
      </label>
      <div className="import-form__row">
        <input
          id={id}
          name="url"
          type="url"
          inputMode="url"
          className="input"
          placeholder="https://example.com/clip.mp4"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(undefined);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          data-testid="media-import-url"
        />
        <button
          type="submit"
          className="button button--secondary"
          disabled={importAsset.isPending}
          data-testid="media-import-submit"
        >
          {importAsset.isPending ? 'Importing…' : 'Import'}
        </button>
      </div>
      <FieldErrorText id={errorId} field="url" message={error} />
    </form>
  );
}
