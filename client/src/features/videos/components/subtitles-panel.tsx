import { useId, useState, type KeyboardEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Spinner } from '@/components/spinner';
import { errorMessage, isApiError } from '@/lib/api-client';
import { ADD_SUBTITLE_FAILED, useAddSubtitle } from '../api/add-subtitle';
import { DELETE_SUBTITLE_FAILED, useDeleteSubtitle } from '../api/delete-subtitle';
import { SUBTITLES_LOAD_FAILED, useSubtitles } from '../api/get-subtitles';
import { RESET_SUBTITLES_FAILED, useResetSubtitles } from '../api/reset-subtitles';
import type { Subtitle, SubtitleInput } from '../api/types';
import { UPDATE_SUBTITLE_FAILED, useUpdateSubtitle } from '../api/update-subtitle';

/** SUBTITLE_TEXT_MAX mirrors the server's limit. */
export const SUBTITLE_TEXT_MAX = 200;
export const SUBTITLE_TEXT_INVALID = `Subtitle text must be 1 to ${SUBTITLE_TEXT_MAX} characters.`;
export const SUBTITLE_DURATION_INVALID = 'Duration must be greater than 0!';
export const SUBTITLE_START_INVALID = 'Start must be a time such as 0:01.5.';
/** A new cue starts where the last one ends and lasts this long. */
export const NEW_SUBTITLE_MS = 2000;
export const NEW_SUBTITLE_TEXT = 'New subtitle';
/** The video's subtitles were all deleted: the render shows none until one is added or the narration's come back. */
export const SUBTITLES_ALL_DELETED = 'This video has no subtitles: they were all deleted. Add one, or reset them to the narration.';

/** formatCueStart: 61500 -> "1:01.5" (m:ss.s). */
export function formatCueStart(ms: number): string {
  const tenths = Math.round(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  return `${minutes}:${seconds.toFixed(1).padStart(4, '0')}`;
}

/** parseCueStart reads "m:ss.s" or plain seconds into milliseconds; null when it is not a time. */
export function parseCueStart(text: string): number | null {
  const match = /^\s*(?:(\d+):)?(\d+(?:\.\d*)?)\s*$/.exec(text);
  if (!match) return null;
  const minutes = match[1] ? Number(match[1]) : 0;
  const seconds = Number(match[2]);
  if (!Number.isFinite(seconds)) return null;
  return Math.round((minutes * 60 + seconds) * 1000);
}

/** formatCueDuration: 2500 -> "2.5" (seconds). */
export const formatCueDuration = (ms: number) => String(Math.round(ms / 100) / 10);

interface Draft {
  text: string;
  start: string;
  duration: string;
}

const draftOf = (cue: Subtitle): Draft => ({ text: cue.text, start: formatCueStart(cue.startMs), duration: formatCueDuration(cue.durationMs) });

/** checkDraft turns the fields of a row into a cue, or says what is wrong (the server's own wording). */
function checkDraft(draft: Draft): SubtitleInput | string {
  const text = draft.text.trim();
  if (text.length < 1 || text.length > SUBTITLE_TEXT_MAX) return SUBTITLE_TEXT_INVALID;
  const startMs = parseCueStart(draft.start);
  if (startMs === null) return SUBTITLE_START_INVALID;
  const seconds = Number(draft.duration.trim() || 'x');
  if (!Number.isFinite(seconds) || seconds <= 0) return SUBTITLE_DURATION_INVALID;
  return { startMs, durationMs: Math.round(seconds * 1000), text };
}

function SubtitleRow({
  cue,
  number,
  busy,
  onSave,
  onInvalid,
  onDelete,
}: {
  cue: Subtitle;
  number: number;
  busy: boolean;
  onSave: (cue: SubtitleInput & { subtitleId: number }) => Promise<unknown>;
  onInvalid: (message: string) => void;
  onDelete: (cue: Subtitle) => void;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown = draft ?? draftOf(cue);
  const dirty = draft !== null && JSON.stringify(draft) !== JSON.stringify(draftOf(cue));

  function save() {
    if (!dirty || busy) return;
    const checked = checkDraft(shown);
    if (typeof checked === 'string') return onInvalid(checked);
    // The list the server answers replaces this row (its id may change); the draft stays until then so a refusal
    // keeps what was typed.
    void onSave({ ...checked, subtitleId: cue.subtitleId }).then(() => setDraft(null), () => undefined);
  }

  // Enter saves; in the text, Shift+Enter starts a new line (a cue may have two).
  function onKeyDown(e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setDraft(null);
    }
  }

  const field = (name: keyof Draft) => ({
    value: shown[name],
    disabled: busy,
    onKeyDown,
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...(d ?? draftOf(cue)), [name]: value }));
    },
  });

  return (
    <li className="subtitle-row" data-testid="subtitle-row" data-subtitle-id={cue.subtitleId}>
      <label className="subtitle-row__start">
        <span className="muted">Start</span>
        <input className="input" inputMode="decimal" aria-label={`Start of subtitle ${number}`} data-testid="subtitle-start" {...field('start')} />
      </label>
      <label className="subtitle-row__duration">
        <span className="muted">Seconds</span>
        <input
          className="input"
          inputMode="decimal"
          aria-label={`Duration of subtitle ${number} in seconds`}
          data-testid="subtitle-duration"
          {...field('duration')}
        />
      </label>
      <label className="subtitle-row__text">
        <span className="muted">Text</span>
        {/* A textarea, not an input: a cue's lines are kept with "\n", which an input would drop on display and on
            save, joining the last word of one line to the first of the next. */}
        <textarea
          className="input subtitle-row__textarea"
          rows={2}
          maxLength={SUBTITLE_TEXT_MAX}
          aria-label={`Text of subtitle ${number}`}
          data-testid="subtitle-text"
          {...field('text')}
        />
      </label>
      <span className="subtitle-row__tools">
        <button
          type="button"
          className="button button--secondary button--sm"
          disabled={!dirty || busy}
          onClick={save}
          data-testid="subtitle-save"
        >
          Save
        </button>
        <button
          type="button"
          className="button button--danger-ghost button--sm"
          aria-label={`Delete subtitle ${number}`}
          disabled={busy}
          onClick={() => onDelete(cue)}
          data-testid="subtitle-delete"
        >
          Delete
        </button>
      </span>
    </li>
  );
}

/**
 * SubtitlesPanel lists the video's subtitle cues (start, duration, text), each edited in place (Enter saves, Escape
 * puts it back), with Add subtitle and Reset to narration. The server's answer is the whole list and replaces the
 * shown one: ids can change on the first edit.
 */
export function SubtitlesPanel({ videoId }: { videoId: number }) {
  const subtitles = useSubtitles(videoId);
  const [notice, setNotice] = useState('');
  const [resetting, setResetting] = useState(false);
  const titleId = useId();
  const refused = (fallback: string) => (error: Error) => {
    const field = isApiError(error) ? error.fields[0]?.message : undefined;
    setNotice(field || errorMessage(error, fallback));
  };
  const add = useAddSubtitle(videoId, { onError: refused(ADD_SUBTITLE_FAILED) });
  const update = useUpdateSubtitle(videoId, { onError: refused(UPDATE_SUBTITLE_FAILED) });
  const remove = useDeleteSubtitle(videoId, { onError: refused(DELETE_SUBTITLE_FAILED) });
  const reset = useResetSubtitles(videoId, { onError: refused(RESET_SUBTITLES_FAILED) });
  const busy = add.isPending || update.isPending || remove.isPending || reset.isPending;
  const cues = subtitles.data?.subtitles ?? [];

  function addCue() {
    setNotice('');
    const last = cues[cues.length - 1];
    add.mutate({ startMs: last ? last.startMs + last.durationMs : 0, durationMs: NEW_SUBTITLE_MS, text: NEW_SUBTITLE_TEXT });
  }

  function confirmReset() {
    setNotice('');
    reset.mutate(undefined, { onSettled: () => setResetting(false) });
  }

  return (
    <section className="panel subtitles-panel" aria-labelledby={titleId} data-testid="subtitles-panel" tabIndex={-1}>
      <header className="soundtrack-panel__header">
        <h2 className="panel__title" id={titleId}>
          Subtitles
        </h2>
        {subtitles.data && (
          <span className="muted" data-testid="subtitles-state">
            {subtitles.data.edited ? 'Edited' : 'Following the narration'}
          </span>
        )}
      </header>

      {notice && (
        <div className="soundtrack-panel__notice" role="alert" data-testid="subtitles-notice">
          <span>{notice}</span>
          <button type="button" className="button button--ghost button--sm" aria-label="Dismiss message" onClick={() => setNotice('')}>
            ×
          </button>
        </div>
      )}

      {subtitles.isPending ? (
        <Spinner size="sm" label="Loading the subtitles…" />
      ) : subtitles.isError ? (
        <p className="muted" data-testid="subtitles-error">
          {errorMessage(subtitles.error, SUBTITLES_LOAD_FAILED)}{' '}
          <button type="button" className="button button--ghost button--sm" onClick={() => void subtitles.refetch()}>
            Try again
          </button>
        </p>
      ) : cues.length === 0 ? (
        <p className="muted" data-testid="subtitles-empty">
          {subtitles.data.edited ? SUBTITLES_ALL_DELETED : 'No subtitles yet. They follow the narration once it is generated.'}
        </p>
      ) : (
        <ol className="subtitle-list">
          {cues.map((cue, i) => (
            <SubtitleRow
              key={cue.subtitleId}
              cue={cue}
              number={i + 1}
              busy={busy}
              onSave={(input) => {
                setNotice('');
                return update.mutateAsync(input);
              }}
              onInvalid={setNotice}
              onDelete={(c) => {
                setNotice('');
                remove.mutate(c.subtitleId);
              }}
            />
          ))}
        </ol>
      )}

      {subtitles.isSuccess && (
        <div className="soundtrack-panel__actions">
          <button type="button" className="button button--secondary" disabled={busy} onClick={addCue} data-testid="subtitle-add">
            + Add subtitle
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy || !subtitles.data.edited}
            onClick={() => setResetting(true)}
            data-testid="subtitles-reset"
          >
            Reset to narration
          </button>
        </div>
      )}

      {resetting && (
        <ConfirmDialog
          title="Reset the subtitles?"
          confirmLabel="Reset"
          busy={reset.isPending}
          busyLabel="Resetting…"
          testId="subtitles-reset-confirm"
          confirmTestId="subtitles-reset-confirm-submit"
          onConfirm={confirmReset}
          onCancel={() => setResetting(false)}
        >
          <p>Every change to the subtitles goes, and they follow the narration's timing again.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
