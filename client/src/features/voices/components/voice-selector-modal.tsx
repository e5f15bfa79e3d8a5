import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useUser } from '@/lib/auth';
import { dialogKeyDown } from '@/lib/dialog-keys';
import type { Voice } from '../api/types';
import { VoiceCloner } from './voice-cloner';
import { VoicePicker } from './voice-picker';

export const VOICE_CLONING_FEATURE = 'VoiceCloning';

interface VoiceSelectorModalProps {
  selectedId: number | null;
  onSelect: (voice: Voice) => void;
  onClose: () => void;
}

/** Picker and (with the VoiceCloning feature) Cloner in one modal. Escape closes; Tab stays inside. */
export function VoiceSelectorModal({ selectedId, onSelect, onClose }: VoiceSelectorModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<'picker' | 'cloner'>('picker');
  const user = useUser();
  const canClone = user.data?.featuresEnabled?.includes(VOICE_CLONING_FEATURE) ?? false;
  const current = canClone ? tab : 'picker';

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(e: KeyboardEvent) {
    dialogKeyDown(e, ref.current, onClose);
  }

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className="dialog voice-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="voice-modal"
      >
        <div className="voice-modal__head">
          <h2 id={titleId} className="dialog__title">
            Choose a narrator voice
          </h2>
          <button type="button" className="button button--ghost" onClick={onClose} aria-label="Close">
            ✕
          </button>
        </div>
        {canClone && (
          <div className="voice-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={current === 'picker'}
              className={`voice-tab${current === 'picker' ? ' voice-tab--active' : ''}`}
              onClick={() => setTab('picker')}
              data-testid="voice-tab-picker"
            >
              Picker
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={current === 'cloner'}
              className={`voice-tab${current === 'cloner' ? ' voice-tab--active' : ''}`}
              onClick={() => setTab('cloner')}
              data-testid="voice-tab-cloner"
            >
              Cloner
            </button>
          </div>
        )}
        {current === 'picker' ? (
          <VoicePicker selectedId={selectedId} onSelect={onSelect} />
        ) : (
          <VoiceCloner selectedId={selectedId} onSelect={onSelect} />
        )}
      </div>
    </div>
  );
}
