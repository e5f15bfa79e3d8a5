import { useEffect, useRef } from 'react';
import { notify } from '@/stores/notifications';
import { useSamplePlayer } from '../stores/sample-player';

export const PLAY_FAILED = 'Failed to play audio.';

interface SampleButtonProps {
  /** Unique among the buttons on screen, e.g. "picker:12". */
  playKey: string;
  url: string;
  name: string;
}

/** Play/pause for a voice sample. Only the playing button renders an <audio>, so one sample plays at a time. */
export function SampleButton({ playKey, url, name }: SampleButtonProps) {
  const playing = useSamplePlayer((s) => s.playing === playKey);
  const play = useSamplePlayer((s) => s.play);
  const stop = useSamplePlayer((s) => s.stop);
  const audioRef = useRef<HTMLAudioElement>(null);

  useEffect(() => {
    if (!playing) return;
    const audio = audioRef.current;
    if (!audio || typeof audio.play !== 'function') return;
    let result: Promise<void> | undefined;
    try {
      result = audio.play();
    } catch {
      notify.error(PLAY_FAILED);
      stop(playKey);
      return;
    }
    result?.catch((e: unknown) => {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      notify.error(PLAY_FAILED);
      stop(playKey);
    });
  }, [playing, playKey, stop]);

  // Stop when the button goes away (modal closed, list filtered).
  useEffect(() => () => stop(playKey), [playKey, stop]);

  return (
    <>
      <button
        type="button"
        className="button button--ghost voice-play"
        aria-pressed={playing}
        aria-label={`${playing ? 'Pause' : 'Play'} sample of ${name}`}
        onClick={() => (playing ? stop(playKey) : play(playKey))}
        disabled={!url}
        data-testid="voice-play"
        data-playing={playing ? 'true' : 'false'}
      >
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      {playing && (
        <audio
          ref={audioRef}
          src={url}
          preload="auto"
          data-testid="voice-audio"
          onEnded={() => stop(playKey)}
          onError={() => {
            notify.error(PLAY_FAILED);
            stop(playKey);
          }}
        />
      )}
    </>
  );
}
