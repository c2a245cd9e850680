// The tactical map, loaded on first use: Leaflet, react-leaflet and their CSS
// live in this lazy chunk only.
import { Box, Center, Loader, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TacticalMapProps } from './types';

const TacticalMap = lazy(() => import('./TacticalMap'));

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
