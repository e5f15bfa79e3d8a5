import { useCountdown } from '../hooks/use-countdown';
import { useCreateVideoDraft } from '../stores/create-video-draft';

/** useScriptThrottle: seconds left before the next script generation is allowed. */
export function useScriptThrottle(): number {
  const until = useCreateVideoDraft((s) => s.scriptThrottledUntil);
  return useCountdown(until);
}

/** ThrottleNote says how long until the next generation; nothing when there is no wait. */
export function ThrottleNote({ secondsLeft }: { secondsLeft: number }) {
  if (secondsLeft <= 0) return null;
  return (
    <p className="note" role="status" data-testid="script-throttle">
      You can generate again in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
    </p>
  );
}
