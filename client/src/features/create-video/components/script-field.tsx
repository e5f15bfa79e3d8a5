import { Link } from 'react-router';
import { useScriptLimit } from '../hooks/use-script-limit';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { charCount, scriptTooLongMessage } from '../utils/validation';
import { TextAreaField } from './fields';
import { stepPath } from './paths';

interface ScriptFieldProps {
  label?: string;
  /** A message from this step's own checks (shown before the create call's). */
  error?: string;
  autoFocus?: boolean;
}

/** The script, with its character count against the plan's limit and a way to shorten it when over. */
export function ScriptField({ label = 'Script', error, autoFocus }: ScriptFieldProps) {
  const body = useCreateVideoDraft((s) => s.body);
  const edited = useCreateVideoDraft((s) => s.scriptEdited);
  const createError = useCreateVideoDraft((s) => s.createErrors.text);
  const limit = useScriptLimit();
  const used = charCount(body);
  const over = used > limit;
  return (
    <TextAreaField
      label={label}
      name="text"
      value={body}
      onChange={edited}
      rows={12}
      count={{ used, limit }}
      error={error ?? (over ? scriptTooLongMessage(limit) : createError)}
      hint={
        over ? (
          <>
            Shorten it, or <Link to={stepPath('script-transform')}>transform it</Link> with a concise length.
          </>
        ) : (
          'Each paragraph becomes one or more slides.'
        )
      }
      autoFocus={autoFocus}
      testId="script-input"
    />
  );
}
