// Registration, sign-in and sign-out. Procedures and tests call these directly.
import { eq, or, sql } from 'drizzle-orm';
import type { Session, User } from 'lucia';
import type { LoginInput, RegisterInput } from '../../domain/schemas';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import type { Context } from '../context';
import { type UserRow, users } from '../db/schema';
import { conflict, unauthorized } from '../errors';
import { accountFailures, accountKey } from './auth-limits';

export type PublicUser = {
  id: string;
  username: string | null;
  email: string | null;
  firstName: string;
  lastName: string;
  role: 'gamemaster' | 'hunter' | 'admin';
  isGuest: boolean;
  sessionCredits: number;
  accountStatus: string;
};


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
  };
}

/** The signed-in user with the game session a guest's sign-in is bound to. */
export function toCurrentUser(user: User, authSession: Session): PublicUser & { gameSessionId: number | null } {
  return { ...toPublicUser(user), gameSessionId: user.isGuest ? (authSession.gameSessionId ?? null) : null };
}

const USERNAME_TAKEN = 'Username is already taken';
const EMAIL_TAKEN = 'An account with this email already exists';

type AuthCtx = Pick<Context, 'db' | 'lucia' | 'setCookie'>;

async function startSession(ctx: AuthCtx, userId: string, gameSessionId: number | null = null) {
  const session = await ctx.lucia.createSession(userId, { gameSessionId });
  ctx.setCookie(ctx.lucia.createSessionCookie(session.id).serialize());
  return session;
}

export async function register(ctx: AuthCtx, input: RegisterInput): Promise<PublicUser> {
  const email = input.email.toLowerCase();
  const clash = ctx.db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${input.username.toLowerCase()}`, eq(users.email, email)))
    .all();
  if (clash.some((u) => u.username?.toLowerCase() === input.username.toLowerCase())) {
    throw conflict(USERNAME_TAKEN, { fieldErrors: { username: USERNAME_TAKEN } });
  }
  if (clash.length > 0) throw conflict(EMAIL_TAKEN, { fieldErrors: { email: EMAIL_TAKEN } });

  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    ctx.db
      .insert(users)
      .values({
        id,
        username: input.username,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        passwordHash,
      })
      .run();
  } catch (err) {
    // Two registrations racing for the same name: the unique index decides.
    if (String(err).includes('UNIQUE')) throw conflict('Username or email is already taken');
    throw err;
  }
  await startSession(ctx, id);
  return toPublicUser(ctx.db.select().from(users).where(eq(users.id, id)).get()!);
}

/**
 * Password sign-in. ACCOUNT_LOCK_FAILURES failures of one account (from any address)
 * lock its password sign-in for the rest of ACCOUNT_LOCK_WINDOW_S: 429 with
 * retryAfterSeconds, even for the right password. Unknown names lock the same way, so
 * the answer does not tell whether an account exists.
 */
export async function login(ctx: AuthCtx & Pick<Context, 'authLimits' | 'setHeader'>, input: LoginInput): Promise<PublicUser> {
  const identifier = input.username.trim();
  const row = ctx.db
    .select()
    .from(users)
    .where(
      or(sql`lower(${users.username}) = ${identifier.toLowerCase()}`, sql`lower(${users.email}) = ${identifier.toLowerCase()}`),
    )
    .get();
  const key = accountKey(row?.id, identifier);
  await accountFailures.refuseWhenLocked(ctx.authLimits, key, ctx);
  const ok = row?.passwordHash
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!row || !ok) {
    await accountFailures.count(ctx.authLimits, key);
    throw unauthorized('Invalid username or password');
  }
  await accountFailures.clear(ctx.authLimits, key);
  if (row.accountStatus !== 'active') throw unauthorized('This account is disabled');
  await startSession(ctx, row.id);
  return toPublicUser(row);
}

export async function logout(ctx: AuthCtx & Pick<Context, 'authSession' | 'signOuts'>): Promise<void> {
  if (ctx.authSession) {
    await ctx.lucia.invalidateSession(ctx.authSession.id);
    ctx.signOuts.revoke(ctx.authSession.id); // its open sockets close now
  }
  ctx.setCookie(ctx.lucia.createBlankSessionCookie().serialize());
}

export { startSession };
