import { useNarratorVoice } from '../stores/narrator-voice';
import { VoicePanel } from './voice-panel';
import './voices.css';

/** /dashboard/voices: the narrator-voice panel on its own until the create and editor screens host it. */
export function VoicesPage() {
  const { voice, aiChooses, choose, letAiChoose } = useNarratorVoice();
  return (
    <div className="page voices-page" data-testid="voices-page">
      <h1 className="page__title">Voices</h1>
      <p className="page__subtitle">Listen to narrator voices, pick one, or clone your own.</p>
      <VoicePanel voice={voice} aiChooses={aiChooses} onChoose={choose} onLetAiChoose={letAiChoose} />
    </div>
  );
}
