// Opens the end dialog when the session ends (its status turns completed, kept
// current by SessionLive, or the screen saw session_ended) and reads the server's
// result. The client never ends a session: "Automatic completion by the client is disabled".
import { useState } from 'react';
import { trpc } from '../../trpc';

export function useSessionEnd(sessionId: number | null | undefined, status: string | null | undefined) {
  const [endedFor, setEndedFor] = useState<number | null>(null);
  const [closedFor, setClosedFor] = useState<number | null>(null);
  const ended = Boolean(sessionId) && (status === 'completed' || endedFor === sessionId);
  const result = trpc.sessions.result.useQuery(
    { id: sessionId ?? 0 },
    // 404 means "no result yet": not worth a retry storm; the session_ended event refetches.
    { enabled: ended, retry: false },
  );
  return {
    opened: ended && closedFor !== sessionId,
    result: result.data ?? null,
    loading: result.isLoading,
    /** For a screen's onEvent: session_ended arrived before the cache caught up. */
    markEnded: () => {
      if (sessionId) setEndedFor(sessionId);
    },
    close: () => setClosedFor(sessionId ?? null),
  };
}
