// The AR Hunt and Comms tabs, loaded on first use (decision 850): the camera overlay, AR geometry
// and the comms feed stay out of the terminal's first load (the bundle budget). A finger on the tab
// starts the download (preloadTerminalTab); opened offline before it ever loaded, the tab says it
// needs the network once and offers to try again, and the rest of the terminal keeps working.
import { Center, Loader } from '@mantine/core';
import type { ComponentProps } from 'react';
import { lazyChunk, LazyChunkView } from '../../components/LazyChunk';
import type { ArHuntTab } from './tabs/ArHuntTab';
import type { CommsTab } from './tabs/CommsTab';

type ArHuntTabProps = ComponentProps<typeof ArHuntTab>;
type CommsTabProps = ComponentProps<typeof CommsTab>;

const arHuntTab = lazyChunk<ArHuntTabProps>(() => import('./tabs/ArHuntTab').then((m) => m.ArHuntTab));
const commsTab = lazyChunk<CommsTabProps>(() => import('./tabs/CommsTab').then((m) => m.CommsTab));

/** Starts loading a lazy tab's code (the tab bar calls it on pointer down, before the click). */
export function preloadTerminalTab(tab: string): void {
  if (tab === 'ar') arHuntTab.preload();
  if (tab === 'comms') commsTab.preload();
}

function TabLoading() {
  return (
    <Center h={160} aria-busy="true">
      <Loader size="sm" role="status" aria-label="Loading" />
    </Center>
  );
}

export function LazyArHuntTab(props: ArHuntTabProps) {
  return <LazyChunkView chunk={arHuntTab} what="AR Hunt" fallback={<TabLoading />} props={props} />;
}

export function LazyCommsTab(props: CommsTabProps) {
  return <LazyChunkView chunk={commsTab} what="Comms" fallback={<TabLoading />} props={props} />;
}
