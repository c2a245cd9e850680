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
      description:
        'Ends every sign-in of one user and closes their live connections, for a lost phone or a compromised account. Admins only: 401 without a sign-in, 403 for anyone else, 404 when the user does not exist.',
      errorResponses: { ...adminErrors, 404: 'User not found' },
    },
  })
  .input(UserIdParam)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await adminEndSignIns(ctx, input.id);
    return { success: true as const };
  });
