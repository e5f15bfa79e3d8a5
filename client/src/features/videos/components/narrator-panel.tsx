import { useState } from 'react';
import { VoicePanel, useVoices } from '@/features/voices';
import { errorMessage } from '@/lib/api-client';
import { useUpdateVideo } from '../api/update-video';
import type { Video } from '../api/types';

const ALL_VOICES = { search: '', recommendedOnly: false, tags: {} };

/** NARRATOR_FAILED: the notice when the video's narrator could not be changed. */
export const NARRATOR_FAILED = 'We could not change the narrator. Please try again.';

/**
 * NarratorPanel is the video's narrator in the editor: changing it gives its slides that spoke with the old narrator
 * the new one and narrates every scene again (the scenes show it while it runs); slides with a voice of their own
 * keep it.
 */
export function NarratorPanel({ video }: { video: Video }) {
  const voices = useVoices(ALL_VOICES);
  const update = useUpdateVideo();
  const [error, setError] = useState<string | null>(null);
  const voice = voices.data?.pages.flatMap((p) => p.voices).find((v) => v.voiceId === video.voiceId) ?? null;
  return (
    <div data-testid="editor-narrator">
      <VoicePanel
        voice={voice}
        aiChooses={false}
        onChoose={(v) => {
          if (v.voiceId === video.voiceId) return;
          setError(null);
          update.mutate({ videoId: video.videoId, voiceId: v.voiceId }, { onError: (err) => setError(errorMessage(err, NARRATOR_FAILED)) });
        }}
      />
      {update.isPending && (
        <p role="status" className="muted" data-testid="editor-narrator-saving">
          Changing the narrator…
        </p>
      )}
      {error && (
        <p role="alert" className="field-error" data-testid="editor-narrator-error">
          {error}
        </p>
      )}
    </div>
  );
}
