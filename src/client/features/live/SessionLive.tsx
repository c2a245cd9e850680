// Opens a session's live event stream (tRPC subscription `comms.events` over the
// page's one WebSocket) for everything beneath it. tRPC's client resends the last
// tracked event id when the socket comes back, and the server replays what was
// missed first, so no event is lost or seen twice. If the stream itself fails
// (server restart), it is reopened from the last id we hold. A page whose HTML carried
// the session's first reads starts the stream where those reads were made (decision 916):
// everything after is replayed, so nothing the page has read needs refetching when it opens.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { LIVE_FIRST_OPEN_GRACE_MS } from '../../../domain/rules';
import { handleUnauthorized, isUnauthorized } from '../../lib/errors';
import { firstEventCursor } from '../../lib/firstReads';
import { trpc } from '../../trpc';
import { applyEventToCache } from './applyEventToCache';
import { LiveConnectionContext, LivePollingContext } from './useLiveConnection';
import { noteServerTimestamp } from './serverClock';
import type { LiveConnection, LiveEvent } from './types';

/** How long to wait before reopening a stream the server ended with an error. */
const REOPEN_DELAY_MS = 2000;

type Props = {
  sessionId: number | null;
  /** Called once per event, after the cache is updated (notices, dialogs). */
  onEvent?: (event: LiveEvent) => void;
  children: ReactNode;
};

export function SessionLive({ sessionId, onEvent, children }: Props) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const lastId = useRef<number | null>(null);
  const wasLive = useRef(false);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  // A new session starts a new stream: from the page's first reads of it if there are
  // any, else from now (and what the screen read before is fetched again once it opens).
  const streamOf = useRef<number | null | undefined>(undefined);
  const startFrom = useRef<number | null>(null);
  if (streamOf.current !== sessionId) {
    streamOf.current = sessionId;
    startFrom.current = sessionId === null ? null : firstEventCursor(sessionId);
    lastId.current = startFrom.current;
    wasLive.current = false;
  }
  // Set only when reopening after a failure, so the subscription input (and the
  // socket's subscription) does not change with every event.
  const [resume, setResume] = useState<{ sessionId: number | null; from: number | null }>({ sessionId, from: null });
  const resumeFrom = (resume.sessionId === sessionId ? resume.from : null) ?? startFrom.current;

  const subscription = trpc.comms.events.useSubscription(
    { sessionId: sessionId ?? 0, lastEventId: resumeFrom === null ? null : String(resumeFrom) },
    {
      enabled: sessionId !== null,
      onData: (tracked) => {
        const event = tracked.data;
        if (lastId.current !== null && event.id <= lastId.current) return;
        lastId.current = event.id;
        noteServerTimestamp(event.timestamp);
        if (event.type === 'resync') {
          // Too much was missed to replay (decision 700: the server sends this instead): reload what the screen
          // shows, as after any reconnect; live events follow from here.
          void utils.sessions.invalidate();
          void utils.deploy.invalidate();
          void utils.comms.invalidate();
          void utils.stats.invalidate();
          void utils.playArea.invalidate();
          void utils.teams.invalidate();
          return;
        }
        applyEventToCache(event, utils, queryClient, trpc);
        onEventRef.current?.(event);
      },
      onError: (error) => {
        if (isUnauthorized(error)) handleUnauthorized();
      },
    },
  );

  const { status, reset, error } = subscription;
  useEffect(() => {
    if (status !== 'error' || isUnauthorized(error)) return;
    const timer = window.setTimeout(() => {
      setResume({ sessionId, from: lastId.current });
      reset();
    }, REOPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [status, error, reset, sessionId]);

  const connection: LiveConnection =
    sessionId === null || status === 'idle'
      ? 'idle'
      : status === 'pending'
        ? 'live'
        : wasLive.current
          ? 'reconnecting'
          : 'connecting';

  // A first opening is not "down" until it has had its grace (LIVE_FIRST_OPEN_GRACE_MS): no poll timers are
  // set and cleared for a socket that opens a moment later.
  const [openingSlowly, setOpeningSlowly] = useState(false);
  useEffect(() => {
    setOpeningSlowly(false);
    if (connection !== 'connecting') return;
    const timer = window.setTimeout(() => setOpeningSlowly(true), LIVE_FIRST_OPEN_GRACE_MS);
    return () => window.clearTimeout(timer);
  }, [connection]);
  const polling = connection === 'idle' || connection === 'reconnecting' || (connection === 'connecting' && openingSlowly);

  useEffect(() => {
    if (connection !== 'live') return;
    // Whatever changed before the stream opened (or while it was down without a
    // replay) is fetched once; from here on events keep the cache current. A stream
    // started from the page's first reads (lastId set) replays instead.
    if (wasLive.current || lastId.current === null) {
      void utils.sessions.invalidate();
      void utils.deploy.invalidate();
      void utils.comms.invalidate();
      void utils.stats.invalidate();
      void utils.playArea.invalidate();
      void utils.teams.invalidate();
    }
    wasLive.current = true;
  }, [connection, utils]);

  return (
    <LiveConnectionContext.Provider value={connection}>
      <LivePollingContext.Provider value={polling}>{children}</LivePollingContext.Provider>
    </LiveConnectionContext.Provider>
  );
}
