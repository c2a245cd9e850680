// The mission a session is tied to (GET /api/missions, matched by the session's missionId).
import { trpc } from '../../trpc';
import type { Mission } from './types';

export function useSessionMission(missionId: number | null | undefined): {
  mission: Mission | null;
  isLoading: boolean;
  isError: boolean;
} {
  const query = trpc.admin.missionsList.useQuery(undefined, { enabled: missionId != null });
  const mission = missionId == null ? null : (query.data?.find((m) => m.id === missionId) ?? null);
  return { mission, isLoading: missionId != null && query.isLoading, isError: query.isError };
}
