import { z } from 'zod';
import { LoginInput, RegisterInput } from '../../domain/schemas';
import * as accounts from '../services/accounts';
import { authedProcedure, passwordAttempt, publicProcedure, router } from '../trpc';
import { changeEmail, resendVerification, verifyEmail } from './auth-email';
import { forgotPassword, resetPassword } from './auth-password-reset';
import { changePassword, logoutEverywhere } from './auth-sign-ins';
import { CurrentUserSchema, LoginOutput, RegisterOutput, SuccessOutput } from './auth.types';
import { LOGIN_EXAMPLES } from './openapi-examples';

const tags = ['auth'];

export const authRouter = router({
  register: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/register',
        protect: false, // open to everyone: no cookie needed
        tags,
        summary: 'Create a game master or hunter account and sign in',
        description: 'The role admin cannot be chosen. Answers 409 when the username or email is taken. Anyone may call it, without a cookie; 400 for an invalid field, 429 past the sign-in rate limit.',
        errorResponses: { 400: 'Validation failed', 409: 'Username or email taken', 429: 'Too many attempts' },
      },
    })
    .use(passwordAttempt)
    .input(RegisterInput)
    .output(RegisterOutput)
    .mutation(async ({ ctx, input }) => {
      const user = await accounts.register(ctx, input);
      return { user, role: user.role };
    }),

  login: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/login',
        examples: LOGIN_EXAMPLES,
        protect: false, // open to everyone: no cookie needed
        tags,
        summary: 'Sign in with username (or email) and password; sets the session cookie',
        description:
          'A success also sets the device cookie (`dinohunt_device`, HttpOnly): a browser sending it back has its own ' +
          "allowance of failed sign-ins and is not held by the account's lock, which holds every other browser after 10 " +
          'failures in 15 minutes (decision 720). A suspended account answers 403 to its right password. Anyone may call it, without a cookie; 400 for a missing field, 401 for a wrong username or password, 429 past the rate limits.',
        errorResponses: {
          400: 'Validation failed',
          401: 'Invalid username or password',
          403: 'This account has been suspended. Contact support.',
          429: 'Too many attempts from this address, or too many failed sign-ins of this account from unknown browsers (retryAfterSeconds)',
        },
      },
    })
    .use(passwordAttempt)
    .input(LoginInput)
    .output(LoginOutput)
    .mutation(async ({ ctx, input }) => ({ user: await accounts.login(ctx, input) })),

  user: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/user',
        tags,
        summary: 'The signed-in user',
        description:
          'Answers the account behind the `dinohunt_session` cookie (id, username, role, guest flag, credits, the session a guest is bound to). Anyone signed in; 401 without a valid cookie.',
        errorResponses: { 401: 'Not signed in' },
      },
    })
    .input(z.void())
    .output(CurrentUserSchema)
    .query(({ ctx }) => accounts.toCurrentUser(ctx.user, ctx.authSession)),

  /** Our client's sign-in status: the user or null (no 401 noise in the console when signed out). */
  session: publicProcedure
    .input(z.void())
    .output(CurrentUserSchema.nullable())
    .query(({ ctx }) => (ctx.user && ctx.authSession ? accounts.toCurrentUser(ctx.user, ctx.authSession) : null)),

  logout: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        protect: false, // open to everyone: no cookie needed
        tags,
        summary: 'Sign out: the server session is invalidated and the cookie cleared',
        description: 'Needs no cookie: without one (or with one that has expired) it answers success all the same. It fails only on a malformed request: 400 for malformed JSON, 415 for an unsupported content type.',
        errorResponses: { 400: 'Malformed JSON body', 415: 'Unsupported content type (send JSON or no body)' },
      },
    })
    .input(z.void())
    .output(SuccessOutput)
    .mutation(async ({ ctx }) => {
      await accounts.logout(ctx);
      return { success: true as const };
    }),
  logoutEverywhere,
  changePassword,
  forgotPassword,
  resetPassword,
  verifyEmail,
  resendVerification,
  changeEmail,
});
