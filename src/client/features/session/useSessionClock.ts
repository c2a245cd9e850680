// A session's countdown as screens show it: ticks every second on the client,
// corrected by the server (event timestamps and time-status), frozen while paused.
import { useEffect, useState } from 'react';
import {
  correctClockOffset,
  type SessionTimeView,
  type StatusBadge,
  sessionRemainingMs,
  statusBadge,
  type TimeBadge,
  timeBadge,
} from '../../../domain/countdown';
import { MS_PER_SECOND, POLL_TIME_STATUS_MS } from '../../../domain/rules';
import { endedLabel } from '../../../domain/session-outcome';
import { trpc } from '../../trpc';
import { useConnectionDown } from '../live/useConnectionState';
import { usePollWhileOffline } from '../live/useLiveConnection';
import { serverOffset, setServerOffset, useServerOffset } from '../live/serverClock';

/** endedReason (sessions answer it): a completed session reads ENDED, or EXPIRED when its time ran out. */
export type ClockSession = SessionTimeView & { id: number; endedReason?: string | null };

export type SessionClock = {
  /** Remaining ms; null with no time limit (or no session). */
  remainingMs: number | null;
  badge: TimeBadge;
  status: StatusBadge | 'EXPIRED';
};

/**
 * The status badge: SETUP, LIVE, PAUSED; EXPIRED once a running session's time is up;
 * a completed one ENDED when the game master ended it, EXPIRED when its time ran out
 * (domain/session-outcome).
 */
export function sessionStatusBadge(
  status: string,
  remainingMs: number | null,
  endedReason?: string | null,
): StatusBadge | 'EXPIRED' {
  const badge = statusBadge(status);
  if (badge === 'ENDED') return endedLabel(endedReason);
  return (badge === 'LIVE' || badge === 'PAUSED') && remainingMs === 0 ? 'EXPIRED' : badge;
}

export function useSessionClock(session: ClockSession | null | undefined): SessionClock {
  const offset = useServerOffset();
  // Offline (or the live stream down): the clock still ticks, but a pause or an end may not have reached us.
  const offline = useConnectionDown();
  const [now, setNow] = useState(() => Date.now());
  const ticking = session?.status === 'active' || session?.status === 'started';

  useEffect(() => {
    if (!ticking) return;
    const timer = window.setInterval(() => setNow(Date.now()), MS_PER_SECOND);
    return () => window.clearInterval(timer);
  }, [ticking]);

  // The server's own count, polled at the spec's 30 s only while the socket is down
  // (session events refresh it otherwise), corrects the clock to the minute.
  const timeStatus = trpc.sessions.timeStatus.useQuery(
    { id: session?.id ?? 0 },
    { enabled: Boolean(session) && ticking, refetchInterval: usePollWhileOffline(POLL_TIME_STATUS_MS) },
  );
  const { data, dataUpdatedAt } = timeStatus;
  useEffect(() => {
    if (!session || !data?.hasTimeLimit || data.isPaused) return;
    const atFetch = sessionRemainingMs(session, dataUpdatedAt + serverOffset());
    if (atFetch === null) return;
    const corrected = correctClockOffset(serverOffset(), atFetch, data.timeRemaining);
    if (corrected !== serverOffset()) setServerOffset(corrected);
  }, [session, data, dataUpdatedAt]);

  if (!session) return { remainingMs: null, badge: timeBadge(null), status: 'SETUP' };
  const remainingMs = sessionRemainingMs(session, now + offset);
  const status = sessionStatusBadge(session.status, remainingMs, session.endedReason);
  // An ended session's time pill says why it ended, as the status badge does: EXPIRED is a clock at 0.
  const badge =
    status === 'EXPIRED'
      ? timeBadge(0)
      : timeBadge(remainingMs, { paused: session.status === 'paused', ended: session.status === 'completed', offline });
  return { remainingMs, badge, status };
}
