// The signed-in hunter's own statistics in a session (GET /api/hunter/stats): darts,
// captures, accuracy, distance, reports. Live via SessionLive; polled only while offline.
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live';

export function useHunterStats(sessionId: number | null | undefined, pollMs: number) {
  const refetchInterval = usePollWhileOffline(pollMs);
  return trpc.stats.hunterStats.useQuery(
    { sessionId: sessionId ?? 0 },
    { enabled: Boolean(sessionId), refetchInterval },
  );
}
