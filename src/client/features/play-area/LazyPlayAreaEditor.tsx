// HQ's drawing tools, loaded with geoman only when HQ's map shows them.
import { lazy, Suspense } from 'react';
import type { PlayAreaTools } from './usePlayAreaTools';

const PlayAreaEditor = lazy(() => import('./PlayAreaEditor'));

export function LazyPlayAreaEditor({ tools }: { tools: PlayAreaTools }) {
  return (
    <Suspense fallback={null}>
      <PlayAreaEditor tools={tools} />
    </Suspense>
  );
}
