// "Forgot password?" (issue #45): ask for a link by address, then set a new password with its token.
import { ForgotPasswordInput, ResetPasswordInput } from '../../domain/schemas';
import * as passwordReset from '../services/password-reset';
import { passwordAttempt, publicProcedure } from '../trpc';
import { SuccessOutput } from './auth.types';
import { FORGOT_PASSWORD_EXAMPLES, RESET_PASSWORD_EXAMPLES } from './openapi-examples';

const tags = ['auth'];

export const forgotPassword = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/forgot-password',
      examples: FORGOT_PASSWORD_EXAMPLES,
      protect: false, // open to everyone: no cookie needed
      tags,
      summary: 'Ask for a password-reset link by email',
      description:
        'Answers `{ success: true }` for any well-formed address, at once and in the same time whether an account has ' +
        'it or not. When an active account has it, a mail links to `/reset-password?token=...` on PUBLIC_URL (or the ' +
        'origin the request was sent to); the link works once, for 30 minutes, and a newer one replaces it. Mails are ' +
        'limited per address and per account (MAIL_RATE_LIMIT an hour). Anyone may call it, without a cookie; 400 for ' +
        'an invalid address, 429 past the sign-in rate limit per client address.',
      errorResponses: { 400: 'Please enter a valid email address', 429: 'Too many attempts from this address (retryAfterSeconds)' },
    },
  })
  .use(passwordAttempt)
  .input(ForgotPasswordInput)
  .output(SuccessOutput)
  .mutation(({ ctx, input }) => {
    passwordReset.requestPasswordReset(ctx, input);
    return { success: true as const };
  });

export const resetPassword = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/reset-password',
      examples: RESET_PASSWORD_EXAMPLES,
      protect: false, // the mailed token is the proof, not a cookie
      tags,
      summary: "Set a new password with a reset link's token; every sign-in of the account ends",
      description:
        'The token of the mailed link works once and for 30 minutes. The new password follows the new-password rules ' +
        '(8 characters or more, not one of the most common). Every sign-in of the account ends and its live ' +
        'connections close; nobody is signed in by it (sign in with the new password). A mail tells the owner. ' +
        'Anyone may call it, without a cookie; 400 for an invalid, used or expired token or a weak password (the ' +
        'token then still works), 429 past the sign-in rate limit per client address.',
      errorResponses: {
        400: 'This reset link is invalid or has expired. Ask for a new one. (or a password field error)',
        429: 'Too many attempts from this address (retryAfterSeconds)',
      },
    },
  })
  .use(passwordAttempt)
  .input(ResetPasswordInput)
  .output(SuccessOutput)
  .mutation(async ({ ctx, input }) => {
    await passwordReset.resetPassword(ctx, input);
    return { success: true as const };
  });
