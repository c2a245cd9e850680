import { MutationCache, QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE_MS, QUERY_RETRIES, QUERY_STALE_MS } from '../domain/rules';
import { handleUnauthorized, isUnauthorized, removedFrom } from './lib/errors';
import { shareUnchanged } from './lib/shareUnchanged';

/** The spec's data defaults: 1 retry, stale at once, cache lifetime 0, no refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A hunter removed by the game master (decision 836) is refused for good: asking again only delays the notice.
        retry: (failures, error) => !isUnauthorized(error) && removedFrom(error) === null && failures < QUERY_RETRIES,
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_CACHE_MS,
        refetchOnWindowFocus: false,
        // A refetch that changed nothing keeps the previous objects, dates included: no screen redraws for it.
        structuralSharing: shareUnchanged,
      },
    },
    // Any mutation that fails as unauthorized logs the user out in effect.
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isUnauthorized(error)) handleUnauthorized();
      },
    }),
  });
}
