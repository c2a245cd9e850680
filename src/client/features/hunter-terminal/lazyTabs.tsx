// The AR Hunt and Comms tabs, loaded on first use: the camera overlay, AR geometry
// and the comms feed stay out of the terminal's first load (the bundle budget), and
// are fetched right after it is drawn (preloadTerminalTabs), so a hunter who loses
// the network before opening a tab still has it (a failed lazy load would stop the page).
import { Center, Loader } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';

const loadArHuntTab = () => import('./tabs/ArHuntTab');
const loadCommsTab = () => import('./tabs/CommsTab');
const ArHuntTabChunk = lazy(() => loadArHuntTab().then((m) => ({ default: m.ArHuntTab })));
const CommsTabChunk = lazy(() => loadCommsTab().then((m) => ({ default: m.CommsTab })));

export function preloadTerminalTabs(): void {
  loadArHuntTab().catch(() => {});
  loadCommsTab().catch(() => {});
}

function TabLoading() {
  return (
    <Center h={160} aria-busy="true">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

type ArHuntTabProps = ComponentProps<typeof import('./tabs/ArHuntTab').ArHuntTab>;
type CommsTabProps = ComponentProps<typeof import('./tabs/CommsTab').CommsTab>;

export function LazyArHuntTab(props: ArHuntTabProps) {
  return (
    <Suspense fallback={<TabLoading />}>
      <ArHuntTabChunk {...props} />
    </Suspense>
  );
}

export function LazyCommsTab(props: CommsTabProps) {
  return (
    <Suspense fallback={<TabLoading />}>
      <CommsTabChunk {...props} />
    </Suspense>
  );
}
