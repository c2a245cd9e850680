import { CURRENT_USER_STALE_MS, QUERY_RETRIES } from '../../../domain/rules';
import { isUnauthorized } from '../../lib/errors';
import { trpc } from '../../trpc';

/** The signed-in user, or null. Not authenticated when there is no data or an error. */
export function useCurrentUser() {
  const query = trpc.auth.user.useQuery(undefined, {
    retry: (failures, error) => !isUnauthorized(error) && failures < QUERY_RETRIES,
    staleTime: CURRENT_USER_STALE_MS,
    refetchOnWindowFocus: false,
    refetchOnMount: true,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    isAuthenticated: Boolean(query.data) && !query.error,
  };
}
