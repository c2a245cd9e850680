// Which session the terminal plays: a guest is bound to the session it joined
// (GET /api/auth/user's gameSessionId); an account passes ?sessionId.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/useCurrentUser';

function parseSessionId(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function useTerminalSessionId() {
  const [params] = useSearchParams();
  const { user, isLoading, isAuthenticated } = useCurrentUser();
  const fromQuery = parseSessionId(params.get('sessionId'));
  // The session the link names (a guest's home after joining) is read with the sign-in status, in the same
  // batch, instead of after it: the screen then draws from it at once (issue #25, decision 853). The screen's
  // own query decides as before (a guest's own session wins; a refused read is its to show).
  const utils = trpc.useUtils();
  useEffect(() => {
    if (fromQuery !== null) void utils.sessions.get.prefetch({ id: fromQuery });
  }, [fromQuery, utils]);
  // A guest acts only within its own session: that one wins over a stale link.
  const sessionId = user?.isGuest && user.gameSessionId ? user.gameSessionId : (fromQuery ?? user?.gameSessionId ?? null);
  return { sessionId, user, isLoading, isAuthenticated };
}
