/**
 * Runs `task` once, on the visitor's first touch, click or key on the page (issue #25): code that only a
 * person acting on the page needs (the toast viewport, a screen's dialogs) arrives while they are there,
 * and a page read and left, or measured without a visitor, does not download it. Returns a cancel function.
 */
export function onFirstInteraction(task: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const remove = () => {
    for (const type of events) window.removeEventListener(type, first, true);
  };
  function first() {
    remove();
    task();
  }
  for (const type of events) window.addEventListener(type, first, { capture: true, passive: true });
  return remove;
}
