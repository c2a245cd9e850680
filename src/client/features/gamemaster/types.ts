import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
/** One of the game master's sessions (with its password, which only the owner sees). */
export type HqSession = Outputs['sessions']['get'];
export type HqDinosaur = Outputs['deploy']['list'][number];
