// The server's answers the hunt blocks show, inferred from the router (never restated by hand).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
export type ObservationResult = Outputs['stats']['observe'];
export type HunterStats = Outputs['stats']['hunterStats'];
export type SessionResult = Outputs['sessions']['result'];
export type HuntSession = Outputs['sessions']['get'];
export type Mission = Outputs['admin']['missionsList'][number];
