/**
 * Runs `task` once the page has loaded and the browser is idle (at the latest `timeoutMs` after the load):
 * work a page needs soon but not for its first paint. Returns a cancel function.
 */
export function whenIdleAfterLoad(task: () => void, timeoutMs: number): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (window.requestIdleCallback) idleHandle = window.requestIdleCallback(() => !cancelled && task(), { timeout: timeoutMs });
    else idleHandle = window.setTimeout(() => !cancelled && task(), 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idleHandle);
  };
}
