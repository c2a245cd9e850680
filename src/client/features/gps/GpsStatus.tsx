// The header's GPS readout: '±12 m Ultra' in the tier's colour, 'Locating…'
// while searching, 'No GPS' when it failed, 'GPS off' before it is enabled.
// A lost signal keeps the last reading, marked so the hunter knows it may lag.
import { Badge, Loader } from '@mantine/core';
import { IconCurrentLocation, IconCurrentLocationOff } from '@tabler/icons-react';
import { FAILED_COLOURS, formatAccuracy, SEARCHING_COLOURS, TIER_DESCRIPTION, TIER_LABEL, tierColours } from './gpsDisplay';
import type { Gps } from './useGps';

type Props = { gps: Pick<Gps, 'status' | 'accuracy' | 'tier' | 'signalLost' | 'stage'> };

export function GpsStatus({ gps }: Props) {
  const { status, accuracy, tier, signalLost } = gps;
  if (accuracy !== null && tier !== null) {
    const colours = tierColours(tier, accuracy);
    const text = `±${formatAccuracy(accuracy)}`;
    return (
      <Badge
        size="lg"
        radius="sm"
        variant="filled"
        bg={colours.bg}
        c={colours.c}
        leftSection={
          signalLost ? <IconCurrentLocationOff size={14} aria-hidden /> : <IconCurrentLocation size={14} aria-hidden />
        }
        data-testid="gps-status"
        data-tier={tier}
        aria-label={`GPS accuracy ${text.slice(1)}, ${TIER_DESCRIPTION[tier]}${signalLost ? ', signal lost' : ''}`}
        style={{ textTransform: 'none' }}
      >
        {text} {TIER_LABEL[tier]}
        {signalLost ? ' ?' : ''}
      </Badge>
    );
  }
  const searching = status === 'acquiring';
  const label = searching ? 'Locating…' : status === 'idle' ? 'GPS off' : 'No GPS';
  const colours = searching || status === 'idle' ? SEARCHING_COLOURS : FAILED_COLOURS;
  return (
    <Badge
      size="lg"
      radius="sm"
      variant="filled"
      bg={colours.bg}
      c={colours.c}
      leftSection={
        searching ? <Loader size={12} color="white" aria-hidden /> : <IconCurrentLocationOff size={14} aria-hidden />
      }
      data-testid="gps-status"
      aria-label={gps.stage === 'low_accuracy' ? 'Locating with low accuracy' : label}
      style={{ textTransform: 'none' }}
    >
      {label}
    </Badge>
  );
}
