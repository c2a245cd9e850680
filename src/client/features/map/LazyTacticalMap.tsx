// The tactical map, loaded on first use: Leaflet, react-leaflet and their CSS
// live in this lazy chunk only. Opened offline before it ever loaded, the map's
// place says it needs the network once (decision 850) and the screen goes on.
import { Box, Center, Loader, Text } from '@mantine/core';
import { lazyChunk, LazyChunkView } from '../../components/LazyChunk';
import type { TacticalMapProps } from './types';

const tacticalMap = lazyChunk<TacticalMapProps>(() => import('./TacticalMap').then((m) => m.default));

/** Starts loading the map's code ahead of its first render (a finger on the Map tab). Errors are left to the render. */
export function preloadTacticalMap(): void {
  tacticalMap.preload();
}

export function LazyTacticalMap(props: TacticalMapProps) {
  const height = props.height ?? 400;
  return (
    <LazyChunkView
      chunk={tacticalMap}
      what="The map"
      props={props}
      fallback={
        <Box h={height} bg="gray.2" style={{ borderRadius: 'var(--mantine-radius-md)' }} aria-busy aria-label={props.ariaLabel} role="region">
          <Center h="100%">
            <Loader size="sm" />
            <Text size="sm" c="dimmed" ml="xs">
              Loading map…
            </Text>
          </Center>
        </Box>
      }
    />
  );
}
