import { useNavigate } from 'react-router';
import type { AspectRatio } from '../api/types';
import { useCreateVideoDraft } from '../stores/create-video-draft';
import { StepActions } from './fields';
import { SOURCE_STEP, stepPath } from './paths';

const RATIOS: Array<{ value: AspectRatio; title: string; text: string }> = [
  { value: 'horizontal', title: 'Horizontal 16:9', text: 'For websites and video platforms. Subtitles can be turned on later.' },
  { value: 'vertical', title: 'Vertical 9:16', text: 'For shorts and stories. Subtitles are burned into the video.' },
];

/** aspect-ratio: horizontal or vertical, with the side effects of each on theme, taglines and subtitles. */
export function AspectRatioPage() {
  const navigate = useNavigate();
  const ratio = useCreateVideoDraft((s) => s.settings.aspectRatio);
  const type = useCreateVideoDraft((s) => s.createType);
  const chosen = useCreateVideoDraft((s) => s.aspectRatioChosen);
  return (
    <form
      className="cv-step form"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(stepPath(type ? SOURCE_STEP[type] : ''));
      }}
    >
      <fieldset className="fieldset">
        <legend className="cv-step__title">Choose the format</legend>
        <div className="radio-group cv-ratios">
          {RATIOS.map((r) => (
            <label key={r.value} className="radio cv-ratio">
              <input
                type="radio"
                name="aspectRatio"
                value={r.value}
                checked={ratio === r.value}
                onChange={() => chosen(r.value)}
                data-testid={`aspect-${r.value}`}
              />
              <span className={`cv-ratio__shape cv-ratio__shape--${r.value}`} aria-hidden="true" />
              <span>
                <strong>{r.title}</strong>
                <br />
                <span className="muted">{r.text}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <StepActions>
        <button type="button" className="button button--ghost" onClick={() => navigate(stepPath(''))}>
          Back
        </button>
        <button type="submit" className="button button--primary" data-testid="step-next">
          Continue
        </button>
      </StepActions>
    </form>
  );
}
