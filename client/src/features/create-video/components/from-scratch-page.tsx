import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '@/components/form/text-field';
import { useScriptLimit } from '../hooks/use-script-limit';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { validateScript } from '../utils/validation';
import { ContentStepActions } from './fields';
import { stepPath } from './paths';
import { ScriptField } from './script-field';

/** from-scratch: the user's own script. */
export function FromScratchPage() {
  const navigate = useNavigate();
  const name = useCreateVideoDraft((s) => s.name);
  const nameEdited = useCreateVideoDraft((s) => s.nameEdited);
  const body = useCreateVideoDraft((s) => s.body);
  const limit = useScriptLimit();
  const [submitted, setSubmitted] = useState(false);
  const error = submitted ? validateScript(body, limit) : undefined;
  return (
    <form
      className="cv-step form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (!validateScript(body, limit)) navigate(stepPath('settings'));
      }}
    >
      <h2 className="cv-step__title">Write your script</h2>
      <TextField label="Video name" name="name" value={name} onChange={(e) => nameEdited(e.target.value)} maxLength={200} />
      <ScriptField error={error} autoFocus />
      <ContentStepActions canTransform={body.trim() !== ''} />
    </form>
  );
}
