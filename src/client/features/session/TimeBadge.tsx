// The remaining-time pill: yellow at 15 minutes or less, red and pulsing at 5 or
// less, frozen with '(PAUSED)', EXPIRED past the end, ENDED once the game master
// ended it, '(OFFLINE)' while the screen is not live (domain/countdown timeBadge).
import { Badge, type MantineSize } from '@mantine/core';
import { IconClock, IconWifiOff } from '@tabler/icons-react';
import { OFFLINE_SUFFIX, type TimeBadge as TimeBadgeModel } from '../../../domain/countdown';
import { type ClockSession, useSessionClock } from './useSessionClock';
import classes from './TimeBadge.module.css';

const COLOURS: Record<TimeBadgeModel['colour'], { bg: string; c: string }> = {
  normal: { bg: 'dark.6', c: 'white' },
  yellow: { bg: 'yellow.4', c: 'dark.9' },
  red: { bg: 'red.8', c: 'white' },
};

/** The remaining time of a session, ticking. */
export function TimeBadge({ session, size }: { session: ClockSession | null | undefined; size?: MantineSize }) {
  return <TimeBadgeView badge={useSessionClock(session).badge} size={size} />;
}

/** The pill for a badge already computed (a screen that also needs the clock's other values). */
export function TimeBadgeView({ badge, size = 'lg' }: { badge: TimeBadgeModel; size?: MantineSize }) {
  const colours = COLOURS[badge.colour];
  const offline = badge.label.endsWith(OFFLINE_SUFFIX);
  return (
    <Badge
      size={size}
      radius="sm"
      variant="filled"
      bg={colours.bg}
      c={colours.c}
      leftSection={offline ? <IconWifiOff size={14} aria-hidden /> : <IconClock size={14} aria-hidden />}
      className={`${classes.badge} ${badge.pulsing ? classes.pulsing : ''}`}
      data-testid="time-badge"
      data-colour={badge.colour}
      data-pulsing={badge.pulsing || undefined}
      data-offline={offline || undefined}
      aria-label={`Time remaining: ${badge.label}${offline ? ', may be out of date' : ''}`}
    >
      {badge.label}
    </Badge>
  );
}
