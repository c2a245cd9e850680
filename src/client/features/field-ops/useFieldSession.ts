// The session Field Operations is playing: the local pointer, checked against the
// server. A session the hunter has no part in (403/404) drops the pointer; an ended
// one stays until its end dialog is closed, so the hunter sees the result.
import { useEffect, useState } from 'react';
import { errorStatus, removedFrom } from '../../lib/errors';
import { trpc } from '../../trpc';
import { readSessionPointer, writeSessionPointer } from './sessionPointer';

export function useFieldSession() {
  const [sessionId, setSessionIdState] = useState<number | null>(() => readSessionPointer());
  const setSessionId = (id: number | null) => {
    writeSessionPointer(id);
    setSessionIdState(id);
  };
  const session = trpc.sessions.get.useQuery(
    { id: sessionId ?? 0 },
    { enabled: sessionId !== null, retry: (count, error) => count < 1 && !isGone(error) },
  );
  // The hunter's joined sessions that have not ended (passwords never included).
  const joined = trpc.sessions.list.useQuery({});

  const gone = session.isError && isGone(session.error);
  // Removed by the game master (decision 836): the server's refusal names the session, kept to tell the hunter why.
  const [removed, setRemoved] = useState<string | null>(null);
  const removedName = session.isError ? removedFrom(session.error) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: drop the pointer only when the server says so
  useEffect(() => {
    if (removedName) setRemoved(removedName);
    if (gone) setSessionId(null);
  }, [gone, removedName]);

  return {
    sessionId: gone ? null : sessionId,
    session: gone ? undefined : session.data,
    sessionQuery: session,
    joinedSessions: joined.data ?? [],
    joinedLoading: joined.isLoading,
    choose: (id: number) => {
      setRemoved(null);
      setSessionId(id);
    },
    leave: () => setSessionId(null),
    /** The session this hunter was just removed from (its name), until they dismiss the notice. */
    removed,
    dismissRemoved: () => setRemoved(null),
  };
}

function isGone(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 403 || status === 404;
}
