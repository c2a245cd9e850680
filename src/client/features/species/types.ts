import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/routers';

/** One species of the catalogue, as GET /api/dinosaur-species returns it. */
export type SpeciesLite = inferRouterOutputs<AppRouter>['admin']['speciesList'][number];
