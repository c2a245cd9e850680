import { z } from 'zod';
import { adminEndSignIns } from '../../services/accounts';
import { adminProcedure } from '../../trpc';
import { adminErrors, tags, UserIdParam } from './types';

export const userSignOut = adminProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/admin/users/{id}/sign-out',
      tags,
      summary: "End every sign-in of a user (a lost phone, a compromised account); their sockets close at once",
      errorResponses: { ...adminErrors, 404: 'User not found' },
    },
  })
  .input(UserIdParam)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await adminEndSignIns(ctx, input.id);
    return { success: true as const };
  });
