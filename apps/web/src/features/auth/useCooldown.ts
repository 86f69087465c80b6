import { useCallback, useEffect, useState } from 'react';

/** A countdown in seconds (the code resend cool-down); `start` restarts it, for `forSeconds` when the server said. */
export function useCooldown(seconds: number, startNow: boolean) {
  const [endsAt, setEndsAt] = useState(() => (startNow ? Date.now() + seconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt, now]);
  const start = useCallback(
    (forSeconds: number = seconds) => {
      const at = Date.now();
      setNow(at);
      setEndsAt(at + forSeconds * 1000);
    },
    [seconds],
  );
  return { remaining: Math.max(0, Math.ceil((endsAt - now) / 1000)), endsAt, start };
}
