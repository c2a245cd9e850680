// Which session the terminal plays: a guest is bound to the session it joined
// (GET /api/auth/user's gameSessionId); an account passes ?sessionId.
import { useSearchParams } from 'react-router';
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
  // A guest acts only within its own session: that one wins over a stale link.
  const sessionId = user?.isGuest && user.gameSessionId ? user.gameSessionId : (fromQuery ?? user?.gameSessionId ?? null);
  return { sessionId, user, isLoading, isAuthenticated };
}
