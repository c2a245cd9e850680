// The signed-in hunter's own statistics in a session (GET /api/hunter/stats): darts,
// captures, accuracy, distance, reports. Live via SessionLive; polled only while
// offline. The hunter's own positions raise no event for the hunter (hunter_location
// goes to the game master only), so the distance would stand still while the hunter
// walks: a successful position report of this page refreshes the stats instead,
// at most once per pollMs.
import { useQueryClient } from '@tanstack/react-query';
import { getMutationKey } from '@trpc/react-query';
import { useEffect, useRef } from 'react';
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live/useLiveConnection';

export function useHunterStats(sessionId: number | null | undefined, pollMs: number) {
  const refetchInterval = usePollWhileOffline(pollMs);
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const lastRefresh = useRef(0);

  useEffect(() => {
    if (!sessionId) return;
    const reportKey = JSON.stringify(getMutationKey(trpc.comms.reportPosition));
    return queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (JSON.stringify(event.mutation.options.mutationKey) !== reportKey) return;
      const now = Date.now();
      if (now - lastRefresh.current < pollMs) return;
      lastRefresh.current = now;
      void utils.stats.hunterStats.invalidate({ sessionId });
    });
  }, [sessionId, pollMs, queryClient, utils]);

  return trpc.stats.hunterStats.useQuery({ sessionId: sessionId ?? 0 }, { enabled: Boolean(sessionId), refetchInterval });
}
