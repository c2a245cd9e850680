import { deleteUser } from '../../services/gamemasters';
import { adminProcedure } from '../../trpc';
import { adminErrors, tags, UserDeletedOutput, UserIdParam } from './types';

export const userDelete = adminProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/admin/users/{id}',
      tags,
      summary: 'Delete a game master (or hunter) account',
      description:
        'Their live sessions end first (session_ended is published), then the account, its sessions with all ' +
        'their data, the guest hunters of those sessions and their uploaded media are deleted. Admins cannot be deleted. Admins only: 401 without a sign-in, 403 for anyone else, 404 for an unknown user, 400 for an admin or your own account.',
      errorResponses: { ...adminErrors, 400: 'Admin or own account', 404: 'User not found' },
    },
  })
  .input(UserIdParam)
  .output(UserDeletedOutput)
  .mutation(({ ctx, input }) => deleteUser(ctx, ctx.user.id, input.id));
