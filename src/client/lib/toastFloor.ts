// What notices (toasts) must stay above: a screen's bottom bars, such as the Hunter Terminal's tab bar and its
// GPS notice. Each registers its element while it is on screen; the notice viewport (NotificationsViewport)
// measures them and places itself above the highest, on its own element only. Before this, the terminal
// published its bottom bars' height as a CSS variable on the document root, and every change (the GPS notice
// appearing as the terminal opened) restyled the whole page (issue #25, decision 919).
import { type RefObject, useEffect } from 'react';

const floors = new Set<HTMLElement>();
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** The elements notices must stay above, now. */
export function toastFloors(): HTMLElement[] {
  return [...floors];
}

/** Calls `listener` whenever an element registers or leaves; returns the unsubscribe. */
export function onToastFloorsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Registers `ref`'s element as a floor while it is mounted (and `active`). */
export function useToastFloor(ref: RefObject<HTMLElement | null>, active = true): void {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    floors.add(el);
    changed();
    return () => {
      floors.delete(el);
      changed();
    };
  }, [ref, active]);
}

/**
 * How far above the window's bottom edge notices must sit to clear every floor, in px: the distance from the
 * bottom to the highest floor's top (0 without floors).
 */
export function toastFloorOffset(viewportHeight: number, floorTops: number[]): number {
  if (floorTops.length === 0) return 0;
  return Math.max(0, Math.ceil(viewportHeight - Math.min(...floorTops)));
}
