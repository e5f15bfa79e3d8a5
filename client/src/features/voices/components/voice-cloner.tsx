import { useRef, useState, type DragEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/stores/notifications';
import { useCloneVoice } from '../api/clone-voice';
import { useDeleteVoice } from '../api/delete-voice';
import { useVoices } from '../api/get-voices';
import type { Voice, VoiceFilters } from '../api/types';
import { CLONE_ACCEPT, validateCloneFiles } from '../utils/validate-clone-files';
import { canSelect } from '../utils/voice';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { NameDialog } from './name-dialog';
import { SampleButton } from './sample-button';

const CLONED: VoiceFilters = { search: '', recommendedOnly: false, tags: {}, cloned: true };

interface VoiceClonerProps {
  selectedId: number | null;
  onSelect: (voice: Voice) => void;
}

/** Clone a voice from up to 10 audio files, and manage the caller's clones. */
export function VoiceCloner({ selectedId, onSelect }: VoiceClonerProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [files, setFiles] = useState<File[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Voice | null>(null);
  const clone = useCloneVoice();
  const remove = useDeleteVoice({ onSuccess: () => setToDelete(null) });
  const cloned = useVoices(CLONED);
  const voices = cloned.data?.pages.flatMap((p) => p.voices) ?? [];

  function take(list: FileList | File[] | null) {
    const picked = list ? Array.from(list) : [];
    if (picked.length === 0) return;
    const bad = validateCloneFiles(picked);
    setProblem(bad);
    if (bad) {
      setFiles(null);
      return;
    }
    clone.reset();
    setFiles(picked);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer?.files ?? null);
  }

  return (
    <div className="voice-cloner">
      <div
        className={`voice-drop${dragging ? ' voice-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="voice-clone-drop"
      >
        <p>Drop up to 10 audio samples of one voice here (mp3, ogg, aac, mpeg, opus, wav, flac; 10 MB each).</p>
        <button type="button" className="button button--primary" onClick={() => inputRef.current?.click()}>
          Choose files
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={CLONE_ACCEPT}
          hidden
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
          data-testid="voice-clone-input"
        />
        {problem && (
          <p className="field-error" role="alert" data-testid="voice-clone-problem">
            {problem}
          </p>
        )}
      </div>

      <h3 className="voice-cloner__title">Your cloned voices</h3>
      {cloned.isPending ? (
        <p className="voice-results__note">Loading…</p>
      ) : voices.length === 0 ? (
        <p className="voice-results__note" data-testid="voice-cloned-empty">
          You have no cloned voices yet.
        </p>
      ) : (
        <ul className="voice-list">
          {voices.map((v) => (
            <li key={v.voiceId} className="voice-item" data-testid="voice-cloned" data-voice-id={v.voiceId}>
              <span className="voice-item__name">{v.name}</span>
              <SampleButton playKey={`cloned:${v.voiceId}`} url={v.audioSampleURL} name={v.name} />
              <button
                type="button"
                className="button button--primary"
                disabled={!canSelect(v, selectedId)}
                onClick={() => onSelect(v)}
                data-testid="voice-select"
              >
                {v.voiceId === selectedId ? 'Selected' : 'Select'}
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => setToDelete(v)}
                data-testid="voice-cloned-delete"
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}

      {files && (
        <NameDialog
          busy={clone.isPending}
          error={clone.isError ? errorMessage(clone.error) : null}
          onCancel={() => {
            setFiles(null);
            clone.reset();
          }}
          onSubmit={(name) =>
            clone.mutate(
              { name, files },
              {
                onSuccess: (voice) => {
                  setFiles(null);
                  notify.success(`"${voice?.name ?? name}" is ready.`, 'Voice cloned');
                },
              },
            )
          }
        />
      )}
      {toDelete && (
        <ConfirmDialog
          title="Delete cloned voice?"
          confirmLabel="Delete"
          busy={remove.isPending}
          busyLabel="Working…"
          testId="voice-confirm-dialog"
          confirmTestId="voice-confirm"
          onCancel={() => setToDelete(null)}
          onConfirm={() => remove.mutate(toDelete.voiceId)}
        >
          “{toDelete.name}” will be removed from your cloned voices.
        </ConfirmDialog>
      )}
    </div>
  );
}
