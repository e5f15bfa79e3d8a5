import { Link, useNavigate } from 'react-router';
import { useCreateVideoDraft, type CreateType } from '../stores/create-video-draft';
import { stepPath } from './paths';

const TYPES: Array<{ type: CreateType; testId: string; title: string; text: string }> = [
  { type: 'url', testId: 'create-type-url', title: 'From a web page', text: 'Paste the address of an article; we pull its text and images.' },
  { type: 'script', testId: 'create-type-script', title: 'From my script', text: 'Type or paste the words the narrator will say.' },
  { type: 'topic', testId: 'create-type-topic', title: 'From an AI topic', text: 'Describe a topic; AI writes the script for you.' },
  { type: 'voiceover', testId: 'create-type-voiceover', title: 'From my voiceover', text: 'Upload your own narration; we build the slides around it.' },
];

/** The empty path of the flow: choose how the video starts. */
export function ChooseTypePage() {
  const navigate = useNavigate();
  const current = useCreateVideoDraft((s) => s.createType);
  const typeChosen = useCreateVideoDraft((s) => s.typeChosen);
  const discard = useCreateVideoDraft((s) => s.draftDiscarded);
  return (
    <div className="cv-step" data-testid="create-type">
      <h2 className="cv-step__title">How do you want to start?</h2>
      <ul className="cv-types">
        {TYPES.map((t) => (
          <li key={t.type}>
            <button
              type="button"
              className={`card cv-type${current === t.type ? ' cv-type--current' : ''}`}
              aria-pressed={current === t.type}
              onClick={() => {
                typeChosen(t.type);
                navigate(stepPath('aspect-ratio'));
              }}
              data-testid={t.testId}
            >
              <span className="card__title">{t.title}</span>
              <span className="card__text">{t.text}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="muted">
        In a hurry? <Link to={stepPath('express')}>Make a video from a page in one step</Link>.
        {current && (
          <>
            {' '}
            <button type="button" className="cv-link-button" onClick={discard} data-testid="draft-discard">
              Start over with a new draft
            </button>
          </>
        )}
      </p>
    </div>
  );
}
