// Mantine's useId, as the production build uses it (vite.config.ts, mantineStableIds; decision 920). Mantine's
// own keeps React's id for the first render, then replaces it with a random one in a layout effect. That set
// state during every commit that mounted a component using it (the terminal's tabs and alerts), so React
// re-rendered at once and ran the whole screen's passive effects (every query's subscription and fetch) in the
// same task as the commit: one long task where there would be two shorter ones (issue #25). React's id is
// already unique within the page and stable across renders, so it is kept.
import { useId as useReactId } from 'react';

/** `staticId` when given, else React's id for this component, made safe for CSS selectors and HTML ids. */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : mantineIdOf(reactId);
}

/** `mantine-` and React's id without the characters React wraps it in (`:r1:`, `«r1»`, `_r_1_`). */
export function mantineIdOf(reactId: string): string {
  return `mantine-${reactId.replace(/[^A-Za-z0-9_-]/g, '')}`;
}
