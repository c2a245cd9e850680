import { z } from 'zod';
import { resendConfirmation } from '../../services/email-verification';
import { adminProcedure } from '../../trpc';
import { adminErrors, tags, UserIdParam } from './types';

/** The admin sends a user's confirmation link again (issue #45): a lost or expired mail. */
export const userResendVerification = adminProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/admin/users/{id}/resend-verification',
      tags,
      summary: "Mail a new confirmation link to a user's address",
      description:
        "The user's earlier link stops working. Admins only: 401 without a sign-in, 403 for anyone else, 404 when the " +
        'user does not exist, 409 when the address is already confirmed, 429 past the mail limit for the address.',
      errorResponses: { ...adminErrors, 404: 'User not found', 409: 'This address is already confirmed', 429: 'Too many mails to this address or account' },
    },
  })
  .input(UserIdParam)
  .output(z.object({ success: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await resendConfirmation(ctx, input.id);
    return { success: true as const };
  });
