import { useEffect, useState } from 'react';

/**
 * Seconds left, ticking down once per second to zero (docs/data.md, docs/rules.md). `restart(n)` starts over from n.
 * One timeout per tick rather than an interval, so a restart never inherits half a second.
 */
export function useCountdown(startSeconds: number): { remaining: number; restart: (seconds: number) => void } {
  const [countdown, setCountdown] = useState({ remaining: Math.max(0, startSeconds), run: 0 });

  useEffect(() => {
    if (countdown.remaining <= 0) return;
    const timer = setTimeout(() => setCountdown((current) => ({ ...current, remaining: current.remaining - 1 })), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  return {
    remaining: countdown.remaining,
    // A new object even for the same value, so the pending tick is cancelled and the second restarts.
    restart: (seconds) => setCountdown((current) => ({ remaining: Math.max(0, seconds), run: current.run + 1 })),
  };
}
