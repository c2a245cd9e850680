// Keeps the screen on while a hunt runs (the Screen Wake Lock API, where the
// browser has it). The browser drops the lock whenever the page is hidden, so
// it is taken again when the page is visible again. A refusal (battery saver,
// unsupported) only means the screen may sleep: nothing to tell the hunter.
import { useEffect } from 'react';

export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || typeof navigator === 'undefined' || !('wakeLock' in navigator)) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (stopped || document.visibilityState !== 'visible' || (sentinel !== null && !sentinel.released)) return;
      try {
        const lock = await navigator.wakeLock.request('screen');
        if (stopped) await lock.release();
        else sentinel = lock;
      } catch {
        // Refused: the screen may sleep.
      }
    };
    void acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      stopped = true;
      document.removeEventListener('visibilitychange', acquire);
      sentinel?.release().catch(() => {});
    };
  }, [active]);
}
