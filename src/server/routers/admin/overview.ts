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
      errorResponses: adminErrors,
    },
  })
  .input(z.void())
  .output(OverviewSchema)
  .query(({ ctx }) => adminOverview(ctx));
