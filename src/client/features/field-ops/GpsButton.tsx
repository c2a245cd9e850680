// Enable GPS / GPS Active (spec, section 2). The button asks for a fix (10 s);
// useGps shows 'GPS Enabled' with the accuracy, or 'GPS Permission Required'.
import { Button } from '@mantine/core';
import { IconCurrentLocation, IconCurrentLocationOff } from '@tabler/icons-react';
import type { Gps } from '../gps';

export function GpsButton({ gps }: { gps: Gps }) {
  const active = gps.status === 'watching' && gps.position !== null;
  const acquiring = gps.status === 'acquiring';
  return (
    <Button
      size="sm"
      h={44}
      color={active ? 'jungle.9' : 'dark.7'}
      loading={acquiring}
      leftSection={active ? <IconCurrentLocation size={18} aria-hidden /> : <IconCurrentLocationOff size={18} aria-hidden />}
      onClick={() => {
        if (!active) void gps.requestPermission();
      }}
      aria-pressed={active}
      data-testid="gps-button"
    >
      {active ? 'GPS Active' : 'Enable GPS'}
    </Button>
  );
}
