// The replay's data as the server sends it, and what the map shows at one moment.
import type { inferRouterOutputs } from '@trpc/server';
import type { ReplayFrame } from '../../../domain/hunt-replay';
import type { AppRouter } from '../../../server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
export type ReplayData = Outputs['hunts']['replay'];
export type ReplayObservation = ReplayData['observations'][number];
export type ReplayView = ReplayFrame<ReplayObservation>;
export type SavedLayout = Outputs['hunts']['listLayouts'][number];
