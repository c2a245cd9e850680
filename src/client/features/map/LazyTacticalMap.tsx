// The tactical map, loaded on first use: Leaflet, react-leaflet and their CSS
// live in this lazy chunk only.
import { Box, Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TacticalMapProps } from './types';

const loadTacticalMap = () => import('./TacticalMap');
const TacticalMap = lazy(loadTacticalMap);

/**
 * Fetches the map's chunk ahead of its first use, so a play screen that loses the
 * network before its Map tab is opened still has a map (a failed lazy load would
 * stop the whole page). Errors are left to the real load.
 */
export function preloadTacticalMap(): void {
  loadTacticalMap().catch(() => {});
}

export function LazyTacticalMap(props: TacticalMapProps) {
  const height = props.height ?? 400;
  return (
    <Suspense
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
    >
      <TacticalMap {...props} />
    </Suspense>
  );
}
