import { CURRENT_USER_STALE_MS, QUERY_RETRIES } from '../../../domain/rules';
import { trpc } from '../../trpc';

/**
 * The signed-in user, or null: not authenticated when there is no data or an
 * error. Reads the sign-in status (null when signed out) rather than GET
 * /api/auth/user, which answers 401 for third-party clients.
 */
export function useCurrentUser() {
  const query = trpc.auth.session.useQuery(undefined, {
    retry: QUERY_RETRIES,
    staleTime: CURRENT_USER_STALE_MS,
    // Kept as long as it is fresh, so a page that mounts it again within 30 s does not ask again.
    gcTime: CURRENT_USER_STALE_MS,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data) && !query.error,
  };
}
