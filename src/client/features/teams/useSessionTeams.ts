// A session's teams (issue 42): the one teams read every screen shares, kept current by the team_*
// events (live/applyEventToCache); it polls only while the live stream is down. A solo session
// has nothing to read.
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live';

export function useSessionTeams(sessionId: number | null, { enabled = true, pollMs }: { enabled?: boolean; pollMs: number }) {
  const refetchInterval = usePollWhileOffline(pollMs);
  return trpc.teams.list.useQuery({ id: sessionId ?? 0 }, { enabled: enabled && sessionId !== null, refetchInterval, retry: false });
}

/** The team a hunter (by user id) is in, from the teams read. */
export function teamOfUser<T extends { members: readonly { userId: string }[] }>(teams: readonly T[] | undefined, userId: string): T | undefined {
  return teams?.find((t) => t.members.some((m) => m.userId === userId));
}
