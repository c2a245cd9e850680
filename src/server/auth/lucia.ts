import crypto from 'node:crypto';
import { DrizzleSQLiteAdapter } from '@lucia-auth/adapter-drizzle';
import { eq, sql } from 'drizzle-orm';
import { type Adapter, type DatabaseSession, Lucia, TimeSpan } from 'lucia';
import { SIGN_IN_IDLE_MS } from '../../domain/rules';
import type { Db } from '../db/client';
import { authSessions, users } from '../db/schema';
import type { PublicUser } from '../services/accounts';

/** What the database keeps of a sign-in token: its SHA-256 (hex), so a copy of the database holds no usable token. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
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
