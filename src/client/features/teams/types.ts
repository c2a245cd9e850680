// The teams answers the screens show, inferred from the router (never restated by hand).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
export type SessionTeams = Outputs['teams']['list'];
export type Team = SessionTeams['teams'][number];
export type TeamMember = Team['members'][number];
export type TeamRankingEntry = Outputs['teams']['ranking']['ranking'][number];
