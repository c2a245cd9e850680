import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

type Outputs = inferRouterOutputs<AppRouter>['challenges'];
/** A hunter's objectives, as GET /api/hunter/challenges answers. */
export type MyChallenges = Outputs['mine'];
export type MyChallenge = MyChallenges['challenges'][number];
/** HQ's view of a session's objectives and every hunter's progress. */
export type SessionChallenges = Outputs['session'];
export type ChallengeKind = MyChallenge['challenge']['kind'];
