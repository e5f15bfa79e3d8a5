import { useState } from 'react';
import type { Voice } from '../api/types';
import { voiceLabels } from '../utils/voice';
import { SampleButton } from './sample-button';
import { VoiceSelectorModal } from './voice-selector-modal';

interface VoicePanelProps {
  voice: Voice | null;
  aiChooses: boolean;
  onChoose: (voice: Voice) => void;
  /** onLetAiChoose: without it there is no "Let AI choose" (the editor changes a made video's narrator). */
  onLetAiChoose?: () => void;
}

/** Narrator-voice panel: the chosen voice, its sample, and the way into the selector. */
export function VoicePanel({ voice, aiChooses, onChoose, onLetAiChoose }: VoicePanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <section className="panel voice-panel" aria-label="Narrator voice" data-testid="voice-panel">
      <h2 className="voice-panel__title">Narrator voice</h2>
      {voice ? (
        <div className="voice-panel__voice">
          <span className="voice-item__name" data-testid="voice-panel-name">
            {voice.name}
          </span>
          <span className="voice-item__tags">
            {voiceLabels(voice).map((l) => (
              <span key={l} className="voice-chip">
                {l}
              </span>
            ))}
          </span>
          <SampleButton playKey={`panel:${voice.voiceId}`} url={voice.audioSampleURL} name={voice.name} />
        </div>
      ) : (
        <p className="voice-panel__none" data-testid="voice-panel-name">
          {aiChooses ? 'AI will choose a voice that fits your video.' : 'No voice chosen yet.'}
        </p>
      )}
      <div className="voice-panel__actions">
        <button type="button" className="button button--primary" onClick={() => setOpen(true)} data-testid="voice-change">
          Change voice
        </button>
        {onLetAiChoose && (
          <button
            type="button"
            className="button button--ghost"
            onClick={onLetAiChoose}
            disabled={aiChooses}
            data-testid="voice-ai-choose"
          >
            Let AI choose
          </button>
        )}
      </div>
      {open && (
        <VoiceSelectorModal
          selectedId={voice?.voiceId ?? null}
          onClose={() => setOpen(false)}
          onSelect={(v) => {
            onChoose(v);
            setOpen(false);
          }}
        />
      )}
    </section>
  );
}
