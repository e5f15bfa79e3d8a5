import { useEffect, useState } from 'react';

/** useCountdown: whole seconds left until `until` (epoch ms), re-rendering once a second; 0 when past. */
export function useCountdown(until: number): number {
  const [, setTick] = useState(0);
  const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      setTick((t) => t + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
