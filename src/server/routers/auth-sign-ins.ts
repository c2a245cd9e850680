// Ending sign-ins: "sign out everywhere" and the password change (which ends every
// other sign-in). The admin's action is routers/admin/user-sign-out.ts.
import { z } from 'zod';
import { ChangePasswordInput } from '../../domain/schemas';
import * as accounts from '../services/accounts';
import { accountProcedure, authedProcedure, passwordAttempt } from '../trpc';
import { SuccessOutput } from './auth.types';

const tags = ['auth'];

export const logoutEverywhere = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/logout-everywhere',
      tags,
      summary: 'Sign out everywhere: every sign-in of this account ends (this one too) and their sockets close',
      description:
        'Ends every sign-in of the caller\'s account, this one included, and clears the cookie; their live connections close. Anyone signed in; 401 without a sign-in.',
      errorResponses: { 401: 'Not signed in' },
    },
  })
  .input(z.void())
  .output(SuccessOutput)
  .mutation(async ({ ctx }) => {
    await accounts.logoutEverywhere(ctx, ctx.user.id);
    return { success: true as const };
  });

export const changePassword = accountProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/change-password',
      tags,
      summary: 'Change the password: the current one is required; every other sign-in ends',
      description:
        'New passwords need 8 characters and may not be one of the most common passwords. This browser gets a ' +
        'new session cookie; every other sign-in of the account ends and its sockets close. Accounts only (not guests): 401 without a sign-in, 403 for a guest, 400 for a wrong current password or a weak new one, 429 past the rate limit.',
      errorResponses: {
        400: 'Validation failed, current password incorrect, or a common password',
        401: 'Not signed in',
        403: 'Guests have no password',
        429: 'Too many attempts (retryAfterSeconds)',
      },
    },
  })
  .use(passwordAttempt)
  .input(ChangePasswordInput)
  .output(SuccessOutput)
  .mutation(async ({ ctx, input }) => {
    await accounts.changePassword(ctx, ctx.user.id, input);
    return { success: true as const };
  });
