import { z } from 'zod';
import { adminOverview } from '../../services/admin-overview';
import { adminProcedure } from '../../trpc';
import { adminErrors, OverviewSchema, tags } from './types';

export const overview = adminProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/admin/overview',
      tags,
      summary: 'Counts for the System Administration overview',
      description:
        'Counts species, missions, active sessions, users, game masters and guest hunters for the administration overview. Admins only: 401 without a sign-in, 403 for anyone else.',
      errorResponses: adminErrors,
    },
  })
  .input(z.void())
  .output(OverviewSchema)
  .query(({ ctx }) => adminOverview(ctx));
