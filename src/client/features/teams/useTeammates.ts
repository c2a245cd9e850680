// A hunter's teammates on their map (issue 42): the last positions of the hunter's own team (the
// server answers a hunter with their teammates' only, and pushes each new one as hunter_location),
// in the team's colour and labelled with their handles. Never the hunter themselves, never another
// team: the filter here repeats the server's audience so a stale cache cannot show one.
import { useMemo } from 'react';
import { trpc } from '../../trpc';
import { usePollWhileOffline } from '../live';
import type { MapHunter } from '../map/types';
import type { Team } from './types';

const NO_TEAMMATES: MapHunter[] = [];

export function useTeammates(sessionId: number, team: Pick<Team, 'id' | 'name' | 'color'> | null, ownUserId: string | null, pollMs: number): MapHunter[] {
  const refetchInterval = usePollWhileOffline(pollMs);
  const positions = trpc.comms.hunterLocations.useQuery({ id: sessionId }, { enabled: team !== null, refetchInterval, retry: false });
  const data = team ? positions.data : undefined;
  return useMemo(() => {
    if (!team || !data) return NO_TEAMMATES;
    return data
      .filter((p) => p.teamId === team.id && p.userId !== ownUserId)
      .map((p) => ({
        userId: p.userId,
        label: p.hunterName,
        lat: p.location.lat,
        lng: p.location.lng,
        accuracy: p.accuracy,
        timestamp: p.timestamp,
        color: team.color,
        teamName: team.name,
      }));
  }, [team, data, ownUserId]);
}
