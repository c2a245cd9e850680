import crypto from 'node:crypto';
import { DrizzleSQLiteAdapter } from '@lucia-auth/adapter-drizzle';
import { eq, sql } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import { type Adapter, type DatabaseSession, Lucia, type Session, TimeSpan, type User } from 'lucia';
import { GUEST_SIGN_IN_GRACE_MS, SIGN_IN_IDLE_MS } from '../../domain/rules';
import type { Db } from '../db/client';
import { authSessions, users } from '../db/schema';
import type { PublicUser } from '../services/accounts';
import { SignInCache } from './sign-in-cache';
import { noteOutsideWrites, signInGeneration } from './sign-in-cache-generation';

/** What the database keeps of a sign-in token: its SHA-256 (hex), so a copy of the database holds no usable token. */
export function hashToken(token: string): string {
  // One-shot crypto.hash (no Hash object per call): every request hashes its cookie's token.
  return crypto.hash('sha256', token, 'hex');
}

/**
 * Lucia 3's drizzle adapter with the token hashed on the way in (as Lucia's v3 -> v4
 * migration guide stores sessions), and renewal capped at the sign-in's absolute end.
 * Lucia hands the adapter the cookie's token; only its hash reaches SQL.
 */
class HashedSessionAdapter implements Adapter {
  private readonly inner: DrizzleSQLiteAdapter;

  constructor(private readonly db: Db) {
    this.inner = new DrizzleSQLiteAdapter(db, authSessions, users);
  }

  async getSessionAndUser(token: string): ReturnType<Adapter['getSessionAndUser']> {
    const [session, user] = await this.inner.getSessionAndUser(hashToken(token));
    return [session ? { ...session, id: token } : null, user];
  }
  /** Ids here are hashes: good for counting and deleting, not for a cookie. */
  getUserSessions(userId: string): Promise<DatabaseSession[]> {
    return this.inner.getUserSessions(userId);
  }
  setSession(session: DatabaseSession): Promise<void> {
    return this.inner.setSession({ ...session, id: hashToken(session.id) });
  }
  async updateSessionExpiration(token: string, expiresAt: Date): Promise<void> {
    const seconds = Math.floor(expiresAt.getTime() / 1000);
    this.db
      .update(authSessions)
      .set({ expiresAt: sql`min(${seconds}, ${authSessions.absoluteExpiresAt})` })
      .where(eq(authSessions.id, hashToken(token)))
      .run();
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
  isGuest: number;
  sessionCredits: number;
  accountStatus: string;
  /** A guest's game session: null when it does not exist (any more). */
  gameId: number | null;
  gameStatus: string | null;
  /** Milliseconds since the epoch, like the app's clock. */
  gameEndTime: number | null;
};

const signInStatements = new WeakMap<Database.Database, Database.Statement<[string], SignInRow>>();

/** Session, user and a guest's game session in one primary-key lookup, prepared once; no clock in it, so it can be cached. */
function signInStatement(db: Db) {
  let statement = signInStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare(
      `SELECT s.user_id AS userId, s.expires_at AS expiresAt, s.game_session_id AS gameSessionId,
              s.absolute_expires_at AS absoluteExpiresAt, u.username, u.email, u.first_name AS firstName,
              u.last_name AS lastName, u.role, u.is_guest AS isGuest, u.session_credits AS sessionCredits,
              u.account_status AS accountStatus, g.id AS gameId, g.status AS gameStatus, g.end_time AS gameEndTime
         FROM auth_sessions s JOIN users u ON u.id = s.user_id
         LEFT JOIN game_sessions g ON g.id = s.game_session_id
        WHERE s.id = ?`,
    );
    signInStatements.set(db.$client, statement);
  }
  return statement;
}

const signInCaches = new WeakMap<Database.Database, SignInCache<SignInRow>>();

/**
 * The sign-in row for this token hash: from the connection's cache (emptied by any write to
 * the tables it reads, or by a commit of another connection, see sign-in-cache-generation.ts), else from the database. Misses are
 * not cached, nor rows read inside a transaction; a connection without the triggers caches nothing.
 */
function signInRow(db: Db, tokenHash: string): SignInRow | undefined {
  const client = db.$client;
  noteOutsideWrites(client);
  const generation = signInGeneration(client);
  if (generation === undefined) return signInStatement(db).get(tokenHash);
  let cache = signInCaches.get(client);
  if (!cache) {
    cache = new SignInCache<SignInRow>(() => signInGeneration(client) ?? Number.NaN);
    signInCaches.set(client, cache);
  }
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const row = signInStatement(db).get(tokenHash);
  // Not kept when read inside a transaction: a rollback would undo what it saw without moving the generation.
  if (row && !client.inTransaction) cache.set(tokenHash, row, generation);
  return row;
}

/** isSignInLive's account rule (sign-outs.ts): an active account and, for a guest, a game session not ended more than the grace ago. */
function accountLive(row: SignInRow, nowMs: number): boolean {
  if (row.accountStatus !== 'active') return false;
  if (row.isGuest === 0) return true;
  return row.gameId !== null && (row.gameStatus !== 'completed' || (row.gameEndTime ?? 0) + GUEST_SIGN_IN_GRACE_MS > nowMs);
}

export type SignInCheck = { session: Session; user: User } | { session: null; user: null };

/**
 * What `lucia.validateSession` followed by `isSignInLive` decided, in one prepared lookup
 * instead of three drizzle queries built afresh on every request. The same rules, in the
 * same order: an idle-expired sign-in (Lucia's clock) is deleted; one in the second half of
 * its idle window is renewed (capped at its absolute end) and comes back `fresh`; then the
 * app's clock (`nowMs`, which tests move) checks the idle and absolute ends, the account's
 * status and a guest's game session, and a sign-in that fails is deleted. Only the database
 * row is cached (signInRow), never the verdict: every rule runs on every request, and any write
 * to the row's tables (a sign-out, a disabled or deleted account, an ended game session, a
 * renewal) empties the cache before the next request reads it.
 */
export function validateSignIn(db: Db, token: string, nowMs: number): SignInCheck {
  const tokenHash = hashToken(token);
  const row = signInRow(db, tokenHash);
  if (!row) return { session: null, user: null };
  const realNow = Date.now();
  let expiresAt = new Date(row.expiresAt * 1000);
  if (expiresAt.getTime() <= realNow) {
    deleteStatement(db).run(tokenHash);
    return { session: null, user: null };
  }
  let fresh = false;
  let storedExpirySeconds = row.expiresAt;
  if (expiresAt.getTime() - SIGN_IN_IDLE_MS / 2 <= realNow) {
    fresh = true;
    expiresAt = new Date(realNow + SIGN_IN_IDLE_MS);
    storedExpirySeconds = Math.min(Math.floor(expiresAt.getTime() / 1000), row.absoluteExpiresAt);
    renewStatement(db).run(storedExpirySeconds, tokenHash);
  }
  const nowSeconds = Math.floor(nowMs / 1000);
  if (!(storedExpirySeconds > nowSeconds && row.absoluteExpiresAt > nowSeconds && accountLive(row, nowMs))) {
    deleteStatement(db).run(tokenHash);
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
      isGuest: row.isGuest === 1,
      sessionCredits: row.sessionCredits,
      accountStatus: row.accountStatus,
      id: row.userId,
    } as User,
  };
}

const deleteStatements = new WeakMap<Database.Database, Database.Statement<[string]>>();

/** Lucia's invalidateSession (the adapter's deleteSession above), prepared and synchronous: the whole check stays synchronous. */
function deleteStatement(db: Db) {
  let statement = deleteStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare('DELETE FROM auth_sessions WHERE id = ?');
    deleteStatements.set(db.$client, statement);
  }
  return statement;
}

const renewStatements = new WeakMap<Database.Database, Database.Statement<[number, string]>>();

/** The adapter's renewal (updateSessionExpiration above), prepared: `seconds` is already capped. */
function renewStatement(db: Db) {
  let statement = renewStatements.get(db.$client);
  if (!statement) {
    statement = db.$client.prepare('UPDATE auth_sessions SET expires_at = min(?, absolute_expires_at) WHERE id = ?');
    renewStatements.set(db.$client, statement);
  }
  return statement;
}
