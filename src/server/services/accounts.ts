// Registration, sign-in and sign-out. Procedures and tests call these directly.
import { eq, or } from 'drizzle-orm';
import type { Session, User } from 'lucia';
import type { ChangePasswordInput, LoginInput, RegisterInput } from '../../domain/schemas';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import { refuseCommonPassword } from '../auth/password-policy';
import type { Context } from '../context';
import { isUniqueViolation } from '../db/errors';
import { type UserRow, users } from '../db/schema';
import { equalsIgnoringCase } from '../db/expressions';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../errors';
import { accountFailures, accountKey, deviceFailures, issueSignInDevice, knownDevice } from './auth-limits';
import { SIGN_IN_ABSOLUTE_MS } from '../../domain/rules';
import { mailConfirmationLater, startsVerified } from './email-verification';

import type { PublicUser } from '../auth/public-user';

export type { PublicUser } from '../auth/public-user';


export function toPublicUser(user: User | UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isGuest: user.isGuest,
    sessionCredits: user.sessionCredits,
    accountStatus: user.accountStatus,
    emailVerified: user.emailVerified,
  };
}

/** The signed-in user with the game session a guest's sign-in is bound to. */
export function toCurrentUser(user: User, authSession: Session): PublicUser & { gameSessionId: number | null } {
  return { ...toPublicUser(user), gameSessionId: user.isGuest ? (authSession.gameSessionId ?? null) : null };
}

const USERNAME_TAKEN = 'Username is already taken';
const EMAIL_TAKEN = 'An account with this email already exists';

type AuthCtx = Pick<Context, 'db' | 'lucia' | 'setCookie' | 'now'>;

/** A new sign-in for this browser, ending at the latest SIGN_IN_ABSOLUTE_MS from now. */
async function startSession(ctx: AuthCtx, userId: string, gameSessionId: number | null = null) {
  const absoluteExpiresAt = Math.floor((ctx.now() + SIGN_IN_ABSOLUTE_MS) / 1000);
  const session = await ctx.lucia.createSession(userId, { gameSessionId, absoluteExpiresAt });
  ctx.setCookie(ctx.lucia.createSessionCookie(session.id).serialize());
  return session;
}

/** Signing in ends the sign-in this browser already had (and its open sockets). */
async function endPreviousSignIn(ctx: Pick<Context, 'lucia' | 'signOuts' | 'authSession'>): Promise<void> {
  if (!ctx.authSession) return;
  await ctx.lucia.invalidateSession(ctx.authSession.id);
  ctx.signOuts.revoke(ctx.authSession.id);
}

export async function register(
  ctx: AuthCtx & Pick<Context, 'signOuts' | 'authSession' | 'authLimits' | 'cookieHeader' | 'config' | 'mail' | 'requestOrigin'>,
  input: RegisterInput,
): Promise<PublicUser> {
  const email = input.email.toLowerCase();
  const clash = await ctx.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(equalsIgnoringCase(users.username, input.username), eq(users.email, email)));
  if (clash.some((u) => u.username?.toLowerCase() === input.username.toLowerCase())) {
    throw conflict(USERNAME_TAKEN, { fieldErrors: { username: USERNAME_TAKEN } });
  }
  if (clash.length > 0) throw conflict(EMAIL_TAKEN, { fieldErrors: { email: EMAIL_TAKEN } });
  refuseCommonPassword(input.password);

  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    await ctx.db
      .insert(users)
      .values({
        id,
        username: input.username,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        passwordHash,
        emailVerified: startsVerified(ctx.config),
      });
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (isUniqueViolation(err)) throw conflict('Username or email is already taken');
    throw err;
  }
  await endPreviousSignIn(ctx);
  await startSession(ctx, id);
  await issueSignInDevice(ctx, id);
  const [created] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!created!.emailVerified) mailConfirmationLater(ctx, { id, firstName: input.firstName, email });
  return toPublicUser(created!);
}

/** A suspended account's right password (admin action, decision 721). */
export const ACCOUNT_SUSPENDED = 'This account has been suspended. Contact support.';

type LoginCtx = AuthCtx & Pick<Context, 'authLimits' | 'setHeader' | 'signOuts' | 'authSession' | 'cookieHeader'>;

/**
 * Password sign-in, with OWASP's device cookies (decision 720). A browser carrying a valid device
 * cookie for this account (it signed in here before) has its own allowance: DEVICE_LOCK_FAILURES
 * failures, after which its cookie goes on the lockout list; the account's lock does not hold it.
 * Every other browser shares the account's lock: ACCOUNT_LOCK_FAILURES failures (from any
 * address) lock password sign-in for unknown browsers for the rest of ACCOUNT_LOCK_WINDOW_S: 429
 * with retryAfterSeconds, even for the right password. Unknown names lock the same way, so the
 * answer does not tell whether an account exists. A success sets a new device cookie.
 */
export async function login(ctx: LoginCtx, input: LoginInput): Promise<PublicUser> {
  const identifier = input.username.trim();
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(
      or(equalsIgnoringCase(users.username, identifier), equalsIgnoringCase(users.email, identifier)),
    )
    .limit(1);
  const key = accountKey(row?.id, identifier);
  const device = row ? await knownDevice(ctx, row.id) : null;
  if (!device) await accountFailures.refuseWhenLocked(ctx.authLimits, key, ctx);
  const ok = row?.passwordHash
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!row || !ok) {
    if (device) await deviceFailures.count(ctx, device);
    else await accountFailures.count(ctx.authLimits, key);
    throw unauthorized('Invalid username or password');
  }
  // A known browser's success leaves the lock of unknown ones in place (an attack may be going on).
  if (device) await deviceFailures.clear(ctx, device);
  else await accountFailures.clear(ctx.authLimits, key);
  if (row.accountStatus !== 'active') throw forbidden(ACCOUNT_SUSPENDED);
  await endPreviousSignIn(ctx);
  await startSession(ctx, row.id);
  await issueSignInDevice(ctx, row.id);
  return toPublicUser(row);
}

export async function logout(ctx: AuthCtx & Pick<Context, 'authSession' | 'signOuts'>): Promise<void> {
  if (ctx.authSession) {
    await ctx.lucia.invalidateSession(ctx.authSession.id);
    ctx.signOuts.revoke(ctx.authSession.id); // its open sockets close now
  }
  ctx.setCookie(ctx.lucia.createBlankSessionCookie().serialize());
}

/** Ends every sign-in of an account (every browser and device) and closes their sockets. */
export async function endAllSignIns(ctx: Pick<Context, 'lucia' | 'signOuts'>, userId: string): Promise<void> {
  await ctx.lucia.invalidateUserSessions(userId);
  ctx.signOuts.revokeUser(userId);
}

/** "Sign out everywhere": every sign-in of the caller ends, this one included. */
export async function logoutEverywhere(ctx: AuthCtx & Pick<Context, 'signOuts'>, userId: string): Promise<void> {
  await endAllSignIns(ctx, userId);
  ctx.setCookie(ctx.lucia.createBlankSessionCookie().serialize());
}

/** An admin ends a user's sign-ins (a lost phone, a compromised account). */
export async function adminEndSignIns(ctx: Pick<Context, 'db' | 'lucia' | 'signOuts'>, userId: string): Promise<void> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found');
  await endAllSignIns(ctx, userId);
}

const WRONG_CURRENT = 'Current password is incorrect';

/**
 * Password change: the current password is required (ACCOUNT_LOCK_FAILURES wrong ones lock the
 * change, counted apart from sign-in failures); the new one follows the new-password rules. Every sign-in of the
 * account ends, and this browser gets a fresh one.
 */
export async function changePassword(
  ctx: AuthCtx & Pick<Context, 'authLimits' | 'setHeader' | 'signOuts'>,
  userId: string,
  input: ChangePasswordInput,
): Promise<void> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row?.passwordHash) throw notFound('User not found');
  // Its own count: guesses at the sign-in of this account do not lock a signed-in owner's change.
  const key = `password-change:${row.id}`;
  await accountFailures.refuseWhenLocked(ctx.authLimits, key, ctx);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await accountFailures.count(ctx.authLimits, key);
    throw badRequest(WRONG_CURRENT, { fieldErrors: { currentPassword: WRONG_CURRENT } });
  }
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await endAllSignIns(ctx, userId);
  await startSession(ctx, userId);
}

export { startSession };
