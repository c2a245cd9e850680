// Confirming an address (issue #45, decision 993): the mailed link's token, sending it again, and
// changing the address (a confirmation to the new one, a notice to the old one).
import { z } from 'zod';
import { ChangeEmailInput, VerifyEmailInput } from '../../domain/schemas';
import * as verification from '../services/email-verification';
import { accountProcedure, passwordAttempt, publicProcedure } from '../trpc';
import { SuccessOutput } from './auth.types';

const tags = ['auth'];

export const verifyEmail = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/verify-email',
      examples: { request: { token: 'Qm7cN2vX0pLk4sJ8tR1wYb6eZ3aH9dF5gU0iO2nM4qE' }, response: { success: true, email: 'grace@example.com' } },
      protect: false, // the mailed token is the proof, not a cookie
      tags,
      summary: "Confirm an address with its mailed link's token",
      description:
        'The token of the link mailed at registration or on a change of address works once, for 48 hours. A new ' +
        'account becomes confirmed; a change of address takes effect now. Anyone may call it, without a cookie; 400 ' +
        'for an invalid, used or expired token, 409 when another account has taken the new address meanwhile, 429 past ' +
        'the sign-in rate limit per client address.',
      errorResponses: {
        400: 'This confirmation link is invalid or has expired. Ask for a new one from your account page.',
        409: 'An account with this email already exists',
        429: 'Too many attempts from this address (retryAfterSeconds)',
      },
    },
  })
  .use(passwordAttempt)
  .input(VerifyEmailInput)
  .output(SuccessOutput.extend({ email: z.string().describe('The address now confirmed').meta({ example: 'grace@example.com' }) }))
  .mutation(async ({ ctx, input }) => ({ success: true as const, ...(await verification.confirmEmail(ctx, input.token)) }));

export const resendVerification = accountProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/resend-verification',
      tags,
      summary: "Mail a new confirmation link to the account's address",
      description:
        'The earlier link stops working. Mails are limited per address and per account (MAIL_RATE_LIMIT an hour). ' +
        'Accounts only: 401 without a sign-in, 403 for a guest, 409 when the address is already confirmed, 429 past the mail limit.',
      errorResponses: { 401: 'Not signed in', 403: 'Guests have no address', 409: 'This address is already confirmed', 429: 'Too many mails to this address or account' },
    },
  })
  .input(z.void())
  .output(SuccessOutput)
  .mutation(async ({ ctx }) => {
    await verification.resendConfirmation(ctx, ctx.user.id);
    return { success: true as const };
  });

export const changeEmail = accountProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/auth/change-email',
      examples: { request: { email: 'grace.new@example.com', currentPassword: 'Fossil-Trail-42' }, response: { success: true } },
      tags,
      summary: 'Change the address: a confirmation goes to the new one, a notice to the old one',
      description:
        'The current password is required. The account keeps its address until the link mailed to the new one is ' +
        'followed (POST /auth/verify-email). Accounts only: 401 without a sign-in, 403 for a guest, 400 for an ' +
        'invalid address, a wrong current password or the same address, 409 when another account has the address, ' +
        '429 past the rate limits.',
      errorResponses: {
        400: 'Validation failed, or Current password is incorrect',
        401: 'Not signed in',
        403: 'Guests have no address',
        409: 'An account with this email already exists',
        429: 'Too many attempts, or too many mails (retryAfterSeconds)',
      },
    },
  })
  .use(passwordAttempt)
  .input(ChangeEmailInput)
  .output(SuccessOutput)
  .mutation(async ({ ctx, input }) => {
    await verification.requestEmailChange(ctx, ctx.user.id, input);
    return { success: true as const };
  });
