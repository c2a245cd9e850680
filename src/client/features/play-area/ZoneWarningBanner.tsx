// The hunter's safety warning, under the play screen's header on every tab: shown while the server
// judges them outside the play area or in a no-go zone, with a vibration when that begins.
import { Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { ZoneState } from '../../../domain/play-area-schemas';
import { ZONE_VIBRATION_MS } from '../../../domain/rules';
import { isAlarming } from './zoneWords';

const WARNINGS = {
  outside_area: {
    title: 'You are outside the play area',
    detail: 'Head back inside the dashed line on your map. Your game master has been alerted.',
  },
  in_no_go: {
    title: 'You are in a no-go zone',
    detail: 'Leave the red zone on your map now. Your game master has been alerted.',
  },
} as const;

/** Vibrates (where the device can) each time the state turns to outside or no-go. */
function useZoneVibration(zone: ZoneState | null | undefined) {
  const last = useRef<ZoneState | null | undefined>(undefined);
  useEffect(() => {
    const before = last.current;
    last.current = zone;
    if (zone === undefined || zone === before || !isAlarming(zone)) return;
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate([...ZONE_VIBRATION_MS]);
  }, [zone]);
}

export function ZoneWarningBanner({ zone }: { zone: ZoneState | null | undefined }) {
  useZoneVibration(zone);
  return (
    <div role="alert" data-testid="zone-warning" data-zone={zone ?? 'none'}>
      {isAlarming(zone) && (
        <Paper radius={0} px="md" py={8} bg="red.9" c="white" data-testid="zone-warning-banner">
          <Text size="md" fw={900} lh={1.3} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            <IconAlertTriangle size={22} aria-hidden />
            {WARNINGS[zone].title}
          </Text>
          <Text size="sm" lh={1.35} fw={600}>
            {WARNINGS[zone].detail}
          </Text>
        </Paper>
      )}
    </div>
  );
}
