import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
export type Species = Outputs['admin']['speciesList'][number];
export type Mission = Outputs['admin']['missionsList'][number];
export type GameMaster = Outputs['admin']['gameMastersList'][number];
export type AdminUser = Outputs['admin']['usersSearch'][number];
