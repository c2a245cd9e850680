import crypto from 'node:crypto';
import { DrizzleSQLiteAdapter } from '@lucia-auth/adapter-drizzle';
import { eq, getTableColumns, lte, sql } from 'drizzle-orm';
import { type Adapter, type DatabaseSession, Lucia, type Session, TimeSpan, type User } from 'lucia';
import { GUEST_SIGN_IN_GRACE_MS, SIGN_IN_IDLE_MS } from '../../domain/rules';
import type { Db } from '../db/client';
import { cappedExpiry } from '../db/queries/sign-ins';
import { preparedQuery } from '../db/prepared';
import { authSessions, gameSessions, users } from '../db/schema';
import { sqliteDrizzleOf } from '../db/sqlite/open';
import * as sqliteSchema from '../db/sqlite/schema';
import { signInRowsGeneration, writesFromOutsideNoted } from '../db/write-generations';
import type { PublicUser } from './public-user';
import { SignInCache } from './sign-in-cache';

/** What the database keeps of a sign-in token: its SHA-256 (hex), so a copy of the database holds no usable token. */
export function hashToken(token: string): string {
  // One-shot crypto.hash (no Hash object per call): every request hashes its cookie's token.
  return crypto.hash('sha256', token, 'hex');
}

type SessionRow = typeof authSessions.$inferSelect;

const toDatabaseSession = ({ id, userId, expiresAt, gameSessionId, absoluteExpiresAt }: SessionRow): DatabaseSession => ({
  id,
  userId,
  expiresAt: new Date(expiresAt * 1000),
  attributes: { gameSessionId, absoluteExpiresAt },
});

/** What Lucia's session adapter reads and deletes by a (hashed) session id; HashedSessionAdapter writes the rest. */
type SessionLookups = Pick<Adapter, 'getSessionAndUser' | 'deleteSession' | 'deleteUserSessions' | 'deleteExpiredSessions'>;

/**
 * The adapter's lookups on PostgreSQL: the queries @lucia-auth/adapter-drizzle's SQLite adapter
 * runs, on the data API's builder. Its PostgreSQL adapter cannot serve here: it types expires_at
 * as a timestamp, where both our schemas keep seconds (db/pg/columns.ts), like the SQLite one.
 */
class BuilderSessionLookups implements SessionLookups {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): ReturnType<Adapter['getSessionAndUser']> {
    const [sessions, owners] = await Promise.all([
      this.db.select().from(authSessions).where(eq(authSessions.id, sessionId)),
      this.db
        .select(getTableColumns(users))
        .from(authSessions)
        .innerJoin(users, eq(authSessions.userId, users.id))
        .where(eq(authSessions.id, sessionId)),
    ]);
    // As the drizzle adapter: exactly one row, else none; the user's attributes are its other columns.
    const [session] = sessions.length === 1 ? sessions : [];
    const [owner] = owners.length === 1 ? owners : [];
    const user = owner ? (({ id, ...attributes }) => ({ id, attributes }))(owner) : null;
    return [session ? toDatabaseSession(session) : null, user];
  }
  async deleteSession(sessionId: string): Promise<void> {
    await this.db.delete(authSessions).where(eq(authSessions.id, sessionId));
  }
  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.delete(authSessions).where(eq(authSessions.userId, userId));
  }
  async deleteExpiredSessions(): Promise<void> {
    await this.db.delete(authSessions).where(lte(authSessions.expiresAt, Math.floor(Date.now() / 1000)));
  }
}

/**
 * Lucia's drizzle adapter on SQLite (its own drizzle database, db/sqlite/open.ts), else the same
 * lookups on the builder (PostgreSQL).
 */
function sessionLookups(db: Db): SessionLookups {
  const sqlite = sqliteDrizzleOf(db);
  return sqlite ? new DrizzleSQLiteAdapter(sqlite, sqliteSchema.authSessions, sqliteSchema.users) : new BuilderSessionLookups(db);
}

/**
 * Lucia 3's session adapter with the token hashed on the way in (as Lucia's v3 -> v4 migration
 * guide stores sessions), and renewal capped at the sign-in's absolute end. Lucia hands the adapter
 * the cookie's token; only its hash reaches SQL. Times are seconds (on PostgreSQL too:
 * db/pg/columns.ts). The adapter's writes end in SQLite's `.run()` and its session list in `.all()`,
 * which PostgreSQL's builder lacks: those three are written here with the builder, as it writes them.
 */
class HashedSessionAdapter implements Adapter {
  private readonly inner: SessionLookups;

  constructor(private readonly db: Db) {
    this.inner = sessionLookups(db);
  }

  async getSessionAndUser(token: string): ReturnType<Adapter['getSessionAndUser']> {
    const [session, user] = await this.inner.getSessionAndUser(hashToken(token));
    return [session ? { ...session, id: token } : null, user];
  }
  /** Ids here are hashes: good for counting and deleting, not for a cookie. */
  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db.select().from(authSessions).where(eq(authSessions.userId, userId));
    return rows.map(toDatabaseSession);
  }
  async setSession(session: DatabaseSession): Promise<void> {
    await this.db.insert(authSessions).values({
      id: hashToken(session.id),
      userId: session.userId,
      expiresAt: Math.floor(session.expiresAt.getTime() / 1000),
      ...session.attributes,
    });
  }
  async updateSessionExpiration(token: string, expiresAt: Date): Promise<void> {
    const seconds = Math.floor(expiresAt.getTime() / 1000);
    await this.db
      .update(authSessions)
      .set({ expiresAt: cappedExpiry(this.db, seconds) })
      .where(eq(authSessions.id, hashToken(token)));
  }
  deleteSession(token: string): Promise<void> {
    return this.inner.deleteSession(hashToken(token));
  }
  deleteUserSessions(userId: string): Promise<void> {
    return this.inner.deleteUserSessions(userId);
  }
  deleteExpiredSessions(): Promise<void> {
    return this.inner.deleteExpiredSessions();
  }
}

/**
 * Cookie name: `__Host-` prefixed behind HTTPS (the browser then insists on Secure, Path=/
 * and no Domain, so a sibling subdomain cannot plant or overwrite it).
 */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-dinohunt_session' : 'dinohunt_session');

export function createLucia(db: Db, secureCookies: boolean) {
  return new Lucia(new HashedSessionAdapter(db), {
    // The idle timeout: Lucia renews a sign-in in use (up to its absolute end, see above).
    sessionExpiresIn: new TimeSpan(SIGN_IN_IDLE_MS / 1000, 's'),
    sessionCookie: {
      name: sessionCookieName(secureCookies),
      attributes: { secure: secureCookies, sameSite: 'lax', path: '/' },
    },
    getSessionAttributes: (attributes) => ({
      gameSessionId: attributes.gameSessionId,
      absoluteExpiresAt: attributes.absoluteExpiresAt,
    }),
    getUserAttributes: (attributes) => ({
      username: attributes.username,
      email: attributes.email,
      firstName: attributes.firstName,
      lastName: attributes.lastName,
      role: attributes.role,
      isGuest: attributes.isGuest,
      sessionCredits: attributes.sessionCredits,
      accountStatus: attributes.accountStatus,
      emailVerified: attributes.emailVerified,
    }),
  });
}

export type AppLucia = ReturnType<typeof createLucia>;

declare module 'lucia' {
  interface Register {
    Lucia: AppLucia;
    /** absoluteExpiresAt: seconds since the epoch, like expires_at. */
    DatabaseSessionAttributes: { gameSessionId: number | null; absoluteExpiresAt: number };
    DatabaseUserAttributes: Omit<PublicUser, 'id'>;
  }
}

type SignInRow = {
  userId: string;
  expiresAt: number;
  gameSessionId: number | null;
  absoluteExpiresAt: number;
  username: string | null;
  email: string | null;
  firstName: string;
  lastName: string;
  role: User['role'];
  isGuest: boolean;
  sessionCredits: number;
  accountStatus: string;
  emailVerified: boolean;
  /** A guest's game session: null when it does not exist (any more). */
  gameId: number | null;
  gameStatus: string | null;
  /** Milliseconds since the epoch, like the app's clock. */
  gameEndTime: number | null;
};

/**
 * Session, user and a guest's game session in one primary-key lookup; no clock in it, so it can
 * be cached. Prepared once (db/prepared.ts): every new sign-in, and on PostgreSQL every request, reads it.
 */
const signInRowQuery = preparedQuery('sign_in_row', (q) =>
  q
    .select({
      userId: authSessions.userId,
      expiresAt: authSessions.expiresAt,
      gameSessionId: authSessions.gameSessionId,
      absoluteExpiresAt: authSessions.absoluteExpiresAt,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      isGuest: users.isGuest,
      sessionCredits: users.sessionCredits,
      accountStatus: users.accountStatus,
      emailVerified: users.emailVerified,
      gameId: gameSessions.id,
      gameStatus: gameSessions.status,
      gameEndTime: gameSessions.endTime,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(gameSessions, eq(gameSessions.id, authSessions.gameSessionId))
    .where(eq(authSessions.id, sql.placeholder('tokenHash')))
    .limit(1),
);

async function readSignInRow(db: Db, tokenHash: string): Promise<SignInRow | undefined> {
  const [row] = await signInRowQuery(db, { tokenHash });
  return row;
}

const signInCaches = new WeakMap<Db, SignInCache<SignInRow>>();

/**
 * The sign-in row for this token hash: from the database's cache (emptied by any write to the
 * tables it reads, or by a commit of another connection: db/write-generations.ts), else from the
 * database. Misses are not cached; a database without write generations (PostgreSQL for now)
 * caches nothing. A read on `db` waits for a running transaction to end, so what it sees is
 * committed; a transaction that writes meanwhile moves the generation and the row is not kept.
 */
async function signInRow(db: Db, tokenHash: string): Promise<SignInRow | undefined> {
  const outsideWrites = writesFromOutsideNoted(db);
  if (outsideWrites) await outsideWrites;
  const generation = signInRowsGeneration(db);
  if (generation === undefined) return readSignInRow(db, tokenHash);
  let cache = signInCaches.get(db);
  if (!cache) {
    cache = new SignInCache<SignInRow>(() => signInRowsGeneration(db) ?? Number.NaN);
    signInCaches.set(db, cache);
  }
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const row = await readSignInRow(db, tokenHash);
  if (row) cache.set(tokenHash, row, generation);
  return row;
}

/** isSignInLive's account rule (sign-outs.ts): an active account and, for a guest, a game session not ended more than the grace ago. */
function accountLive(row: SignInRow, nowMs: number): boolean {
  if (row.accountStatus !== 'active') return false;
  if (!row.isGuest) return true;
  return row.gameId !== null && (row.gameStatus !== 'completed' || (row.gameEndTime ?? 0) + GUEST_SIGN_IN_GRACE_MS > nowMs);
}

export type SignInCheck = { session: Session; user: User } | { session: null; user: null };

/**
 * What `lucia.validateSession` followed by `isSignInLive` decided, in one lookup
 * instead of three drizzle queries built afresh on every request. The same rules, in the
 * same order: an idle-expired sign-in (Lucia's clock) is deleted; one in the second half of
 * its idle window is renewed (capped at its absolute end) and comes back `fresh`; then the
 * app's clock (`nowMs`, which tests move) checks the idle and absolute ends, the account's
 * status and a guest's game session, and a sign-in that fails is deleted. Only the database
 * row is cached (signInRow), never the verdict: every rule runs on every request, and any write
 * to the row's tables (a sign-out, a disabled or deleted account, an ended game session, a
 * renewal) empties the cache before the next request reads it.
 */
export async function validateSignIn(db: Db, token: string, nowMs: number): Promise<SignInCheck> {
  const tokenHash = hashToken(token);
  const row = await signInRow(db, tokenHash);
  if (!row) return { session: null, user: null };
  const realNow = Date.now();
  let expiresAt = new Date(row.expiresAt * 1000);
  if (expiresAt.getTime() <= realNow) {
    await deleteSignIn(db, tokenHash);
    return { session: null, user: null };
  }
  let fresh = false;
  let storedExpirySeconds = row.expiresAt;
  if (expiresAt.getTime() - SIGN_IN_IDLE_MS / 2 <= realNow) {
    fresh = true;
    expiresAt = new Date(realNow + SIGN_IN_IDLE_MS);
    storedExpirySeconds = Math.min(Math.floor(expiresAt.getTime() / 1000), row.absoluteExpiresAt);
    await renewSignIn(db, tokenHash, storedExpirySeconds);
  }
  const nowSeconds = Math.floor(nowMs / 1000);
  if (!(storedExpirySeconds > nowSeconds && row.absoluteExpiresAt > nowSeconds && accountLive(row, nowMs))) {
    await deleteSignIn(db, tokenHash);
    return { session: null, user: null };
  }
  return {
    session: {
      gameSessionId: row.gameSessionId,
      absoluteExpiresAt: row.absoluteExpiresAt,
      id: token,
      userId: row.userId,
      fresh,
      expiresAt,
    },
    user: {
      username: row.username,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      role: row.role,
      isGuest: row.isGuest,
      sessionCredits: row.sessionCredits,
      accountStatus: row.accountStatus,
      emailVerified: row.emailVerified,
      id: row.userId,
    } as User,
  };
}

/** Lucia's invalidateSession (the adapter's deleteSession above), by the token's hash. */
async function deleteSignIn(db: Db, tokenHash: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, tokenHash));
}

/** The adapter's renewal (updateSessionExpiration above): `seconds` is already capped, and capped again in SQL. */
async function renewSignIn(db: Db, tokenHash: string, seconds: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ expiresAt: cappedExpiry(db, seconds) })
    .where(eq(authSessions.id, tokenHash));
}
