// Confirming an address (issue #45, decision 993). A new account, when verification is required
// (EMAIL_VERIFICATION, by default when SMTP_URL is set), gets a mailed link; until it is followed, a
// game master plays and prepares but cannot publish a public expedition nor pay for a plan, and the
// screens say so. Changing the address mails a confirmation to the new one and a notice to the old
// one; the account keeps its old address until the new one is confirmed. The admin can resend.
import { and, eq, ne } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_MS } from '../../domain/rules';
import type { ChangeEmailInput } from '../../domain/schemas';
import { issueAccountToken, useAccountToken } from '../auth/account-tokens';
import { verifyPassword } from '../auth/password';
import { emailVerificationRequired } from '../config';
import type { Context } from '../context';
import { equalsIgnoringCase } from '../db/expressions';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors';
import { mailedLink } from '../mail/links';
import { emailChangedMail, emailVerificationMail } from '../mail/templates';
import { accountFailures } from './auth-limits';

type VerifyCtx = Pick<Context, 'db' | 'config' | 'mail' | 'now' | 'requestOrigin'>;

export const EMAIL_LINK_INVALID = 'This confirmation link is invalid or has expired. Ask for a new one from your account page.';
export const CONFIRM_TO_PUBLISH = 'Confirm your email address before publishing a public expedition: follow the link we mailed you (your account page sends it again).';
export const CONFIRM_TO_PAY = 'Confirm your email address before paying for a plan: follow the link we mailed you (your account page sends it again).';
const EMAIL_TAKEN = 'An account with this email already exists';
const WRONG_CURRENT = 'Current password is incorrect';
const TOO_MANY_MAILS = 'Too many mails to this address or account: try again in an hour';

/** The verification state a new account starts with: unconfirmed only when confirmation is required. */
export function startsVerified(config: Context['config']): boolean {
  return !emailVerificationRequired(config);
}

/**
 * A game master's step that needs a confirmed address (publishing, paying): 403 with `emailUnverified`
 * when verification is required and the address is not confirmed. Admins and hunters pass.
 */
export function requireConfirmedEmail(
  ctx: Pick<Context, 'config'>,
  user: { role: string; emailVerified: boolean },
  message: string,
): void {
  if (user.role !== 'gamemaster' || user.emailVerified || !emailVerificationRequired(ctx.config)) return;
  throw forbidden(message, { emailUnverified: true });
}

/** Queues a confirmation link for `email` (the account's address, or the one it is changing to). */
async function queueConfirmation(ctx: VerifyCtx, account: { id: string; firstName: string }, email: string): Promise<boolean> {
  const queued = await ctx.db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, {
      userId: account.id,
      purpose: 'email_verification',
      email,
      now: ctx.now(),
      ttlMs: EMAIL_VERIFICATION_TTL_MS,
    });
    const content = emailVerificationMail({
      firstName: account.firstName,
      link: mailedLink(ctx, '/verify-email', token),
      validHours: EMAIL_VERIFICATION_TTL_MS / 3_600_000,
      supportEmail: ctx.config.SUPPORT_EMAIL,
    });
    return ctx.mail.queue(tx, { to: email, userId: account.id, kind: 'email_verification', content });
  });
  // Committed now: sent without waiting for the next tick.
  if (queued) void ctx.mail.tick();
  return queued;
}

/** After registration: the confirmation link, sent after the answer (never holding it up). */
export function mailConfirmationLater(ctx: VerifyCtx, account: { id: string; firstName: string; email: string }): void {
  ctx.mail.later(async () => void (await queueConfirmation(ctx, account, account.email)));
}

/**
 * POST /auth/resend-verification (the owner) and the admin's resend: a new link to the account's
 * address. 409 when it is already confirmed; 429 when the mail limit refused it.
 */
export async function resendConfirmation(ctx: VerifyCtx, userId: string): Promise<void> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row || row.isGuest || !row.email) throw notFound('User not found');
  if (row.emailVerified) throw conflict('This address is already confirmed');
  if (!(await queueConfirmation(ctx, row, row.email))) {
    throw tooManyRequests(TOO_MANY_MAILS);
  }
}

/**
 * POST /auth/verify-email: the link's token confirms its address. For a change of address the
 * account takes the new address now (409 if another account took it meanwhile).
 */
export async function confirmEmail(ctx: Pick<Context, 'db' | 'now'>, token: string): Promise<{ email: string }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const used = await useAccountToken(tx, token, 'email_verification', ctx.now());
      if (!used) throw badRequest(EMAIL_LINK_INVALID, { fieldErrors: { token: EMAIL_LINK_INVALID } });
      const [row] = await tx
        .update(users)
        .set({ email: used.email, emailVerified: true })
        .where(eq(users.id, used.userId))
        .returning({ email: users.email });
      if (!row) throw badRequest(EMAIL_LINK_INVALID, { fieldErrors: { token: EMAIL_LINK_INVALID } });
      return { email: used.email };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, { fieldErrors: { email: EMAIL_TAKEN } });
    throw err;
  }
}

/**
 * POST /auth/change-email: the current password, then a confirmation to the new address and a
 * notice to the old one. The address changes when the new one is confirmed.
 */
export async function requestEmailChange(
  ctx: VerifyCtx & Pick<Context, 'authLimits' | 'setHeader'>,
  userId: string,
  input: ChangeEmailInput,
): Promise<void> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.passwordHash) throw notFound('User not found');
  // The password change's own count of wrong current passwords (services/accounts.ts).
  const key = `password-change:${row.id}`;
  await accountFailures.refuseWhenLocked(ctx.authLimits, key, ctx);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await accountFailures.count(ctx.authLimits, key);
    throw badRequest(WRONG_CURRENT, { fieldErrors: { currentPassword: WRONG_CURRENT } });
  }
  const email = input.email.toLowerCase();
  if (row.email?.toLowerCase() === email) throw badRequest('This is already your address', { fieldErrors: { email: 'This is already your address' } });
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(equalsIgnoringCase(users.email, email), ne(users.id, row.id)))
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN, { fieldErrors: { email: EMAIL_TAKEN } });
  if (!(await queueConfirmation(ctx, row, email))) {
    throw tooManyRequests(TOO_MANY_MAILS);
  }
  const old = row.email;
  if (old) {
    const content = emailChangedMail({ firstName: row.firstName, newEmail: email, supportEmail: ctx.config.SUPPORT_EMAIL });
    ctx.mail.later(async () => void (await ctx.mail.queue(ctx.db, { to: old, userId: null, kind: 'email_changed', content })));
  }
}
