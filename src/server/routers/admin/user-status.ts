import { setAccountStatus } from '../../services/account-status';
import { adminProcedure } from '../../trpc';
import { AccountStatusOutput } from './outputs.types';
import { adminErrors, tags, UserIdParam } from './types';

export const userSuspend = adminProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/admin/users/{id}/suspend',
      tags,
      summary: 'Suspend an account: it cannot sign in, and its sign-ins and sockets end at once',
      description:
        'Sets accountStatus to suspended. Every sign-in of the account ends now (its next request answers 401) and its ' +
        "open sockets close; signing in with the right password answers 403 'This account has been suspended. Contact " +
        "support.' A game master's sessions are left as they are. Admin accounts and your own cannot be suspended. " +
        'Suspending a suspended account changes nothing. Admins only: 401 without a sign-in, 403 for anyone else, 404 for an unknown user, 400 for an admin or your own account.',
      errorResponses: { ...adminErrors, 400: 'Admin or own account', 404: 'User not found' },
    },
  })
  .input(UserIdParam)
  .output(AccountStatusOutput)
  .mutation(({ ctx, input }) => setAccountStatus(ctx, ctx.user.id, input.id, 'suspended'));

export const userReactivate = adminProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/admin/users/{id}/reactivate',
      tags,
      summary: 'Reactivate a suspended account: it may sign in again',
      description:
        'Sets accountStatus back to active. Sign-ins ended by the suspension stay ended: the user signs in again. ' +
        'Reactivating an active account changes nothing. Admins only: 401 without a sign-in, 403 for anyone else, 404 for an unknown user.',
      errorResponses: { ...adminErrors, 404: 'User not found' },
    },
  })
  .input(UserIdParam)
  .output(AccountStatusOutput)
  .mutation(({ ctx, input }) => setAccountStatus(ctx, ctx.user.id, input.id, 'active'));
