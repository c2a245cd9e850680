// The session status badge: SETUP (preparing), LIVE (active), PAUSED, EXPIRED
// (time is up), ENDED (completed).
import { Badge, type MantineSize } from '@mantine/core';
import { type SessionClock, sessionStatusBadge } from './useSessionClock';

const COLOURS: Record<SessionClock['status'], string> = {
  SETUP: 'blue.8',
  LIVE: 'green.9',
  PAUSED: 'orange.9',
  EXPIRED: 'red.8',
  ENDED: 'gray.8',
};

type Props = {
  /** A badge from useSessionClock, or a session status ('preparing', 'active', ...). */
  status: SessionClock['status'] | string;
  size?: MantineSize;
  /** For a completed session: why it ended (ENDED or EXPIRED). */
  endedReason?: string | null;
};

export function StatusBadge({ status: given, size = 'lg', endedReason }: Props) {
  const status = given in COLOURS ? (given as SessionClock['status']) : sessionStatusBadge(given, null, endedReason);
  return (
    <Badge size={size} radius="sm" variant="filled" bg={COLOURS[status]} c="white" data-testid="status-badge">
      {status}
    </Badge>
  );
}
