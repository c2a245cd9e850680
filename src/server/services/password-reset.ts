// "Forgot password?" (issue #45; OWASP Forgot Password cheat sheet). Asking answers at once and alike
// for every address: the lookup, the token and the mail happen after the answer (mail.later), so
// neither its content nor its time says whether an account has the address. The link carries a
// random single-use token, stored hashed, that works for PASSWORD_RESET_TTL_MS. Using it sets the
// new password (the new-password rules), ends every sign-in of the account and closes their sockets;
// it does not sign anyone in (the owner signs in with the new password).
import { and, eq } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MS } from '../../domain/rules';
import { type ForgotPasswordInput, RESET_LINK_INVALID, type ResetPasswordInput } from '../../domain/schemas';
import { dropAccountTokens, issueAccountToken, useAccountToken } from '../auth/account-tokens';
import { hashPassword } from '../auth/password';
import { refuseCommonPassword } from '../auth/password-policy';
import type { Context } from '../context';
import { equalsIgnoringCase } from '../db/expressions';
import { users } from '../db/schema';
import { badRequest } from '../errors';
import { mailedLink } from '../mail/links';
import { passwordChangedMail, passwordResetMail } from '../mail/templates';
import { endAllSignIns } from './accounts';
import { accountFailures, accountKey } from './auth-limits';

type ResetCtx = Pick<Context, 'db' | 'config' | 'mail' | 'now' | 'requestOrigin'>;

/** Thrown inside the transaction to undo the new token when the mail limit refused its mail. */
class MailRefused extends Error {}

/** POST /auth/forgot-password: the same answer, in the same time, whether the address is known or not. */
export function requestPasswordReset(ctx: ResetCtx, input: ForgotPasswordInput): void {
  const email = input.email.trim();
  const link = (token: string) => mailedLink(ctx, '/reset-password', token);
  ctx.mail.later(async () => {
    const [row] = await ctx.db.select().from(users).where(equalsIgnoringCase(users.email, email)).limit(1);
    // Guests have no address; a suspended account gets no way around its suspension.
    if (!row?.email || row.isGuest || row.accountStatus !== 'active') return;
    const address = row.email;
    await ctx.db
      .transaction(async (tx) => {
        const token = await issueAccountToken(tx, {
          userId: row.id,
          purpose: 'password_reset',
          email: address,
          now: ctx.now(),
          ttlMs: PASSWORD_RESET_TTL_MS,
        });
        const content = passwordResetMail({
          firstName: row.firstName,
          link: link(token),
          validMinutes: PASSWORD_RESET_TTL_MS / 60_000,
          supportEmail: ctx.config.SUPPORT_EMAIL,
        });
        // Past the mail limit the earlier link (if any) keeps working: the new token is undone.
        if (!(await ctx.mail.queue(tx, { to: address, userId: row.id, kind: 'password_reset', content }))) throw new MailRefused();
      })
      .then(() => void ctx.mail.tick()) // committed now: send it without waiting for the next tick
      .catch((err: unknown) => {
        if (!(err instanceof MailRefused)) throw err;
      });
  });
}

/**
 * POST /auth/reset-password: a valid token sets the password, ends every sign-in and closes their
 * sockets. A weak password is refused before the token is used, so the link still works for a better one.
 */
export async function resetPassword(
  ctx: ResetCtx & Pick<Context, 'lucia' | 'signOuts' | 'authLimits'>,
  input: ResetPasswordInput,
): Promise<void> {
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const account = await ctx.db.transaction(async (tx) => {
    const used = await useAccountToken(tx, input.token, 'password_reset', ctx.now());
    if (!used) return null;
    // The link was for the address the account has now (not one it has changed from since).
    const [row] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
    if (!row) return null;
    await dropAccountTokens(tx, row.id, 'password_reset');
    return row;
  });
  if (!account) throw badRequest(RESET_LINK_INVALID, { fieldErrors: { token: RESET_LINK_INVALID } });
  await endAllSignIns(ctx, account.id);
  // The owner proved the mailbox: failed sign-ins from unknown browsers no longer hold the account.
  await accountFailures.clear(ctx.authLimits, accountKey(account.id, ''));
  const to = account.email;
  if (to) {
    const content = passwordChangedMail({ firstName: account.firstName, supportEmail: ctx.config.SUPPORT_EMAIL });
    ctx.mail.later(async () => void (await ctx.mail.queue(ctx.db, { to, userId: account.id, kind: 'password_changed', content })));
  }
}
