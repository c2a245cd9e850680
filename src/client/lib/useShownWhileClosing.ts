import { useState } from 'react';

/**
 * What a dialog shows, kept while it closes. A dialog opened by `value !== null` fades out after `value` has
 * become null; without this its title, message and fields would flip to their empty form while it fades
 * (an "Edit Raptor" dialog briefly reading "Add Dinosaur Species", a confirmation naming "").
 * Open it with `opened={value !== null}` and draw it from the returned value. `value` keeps its identity from one
 * render to the next (state, or a lookup in a cached list), as a dialog's selection does: a new object made on
 * every render would never settle (each render would store it and render again).
 */
export function useShownWhileClosing<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  // React's pattern for state derived from the previous render: the update is applied before paint.
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
