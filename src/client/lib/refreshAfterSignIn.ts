import type { QueryClient } from '@tanstack/react-query';

/**
 * After a sign-in (or a guest join), everything read while signed out is stale, and so is a read
 * still in flight: the header's first sign-in status may have left before the cookie was set.
 * Invalidating would let that first fetch finish and cache "signed out" (TanStack Query does not
 * restart a query that has no data yet), and the next screen would send the user back to /login.
 * Resetting drops every cached answer, cancels those in flight, and refetches what is on screen.
 */
export function refreshAfterSignIn(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries();
}
