import { MutationCache, QueryClient } from '@tanstack/react-query';
import { QUERY_RETRIES } from '../domain/rules';
import { handleUnauthorized, isUnauthorized } from './lib/errors';

/** The spec's data defaults: 1 retry, stale at once, no refetch on window focus. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !isUnauthorized(error) && failures < QUERY_RETRIES,
        staleTime: 0,
        refetchOnWindowFocus: false,
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
