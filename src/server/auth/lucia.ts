import { DrizzleSQLiteAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan } from 'lucia';
import type { Db } from '../db/client';
import type { PublicUser } from '../services/accounts';
import { authSessions, users } from '../db/schema';

export function createLucia(db: Db, secureCookies: boolean) {
  const adapter = new DrizzleSQLiteAdapter(db, authSessions, users);
  return new Lucia(adapter, {
    sessionExpiresIn: new TimeSpan(30, 'd'),
    sessionCookie: {
      name: 'dinohunt_session',
      attributes: { secure: secureCookies, sameSite: 'lax' },
    },
    getSessionAttributes: (attributes) => ({ gameSessionId: attributes.gameSessionId }),
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
    DatabaseSessionAttributes: { gameSessionId: number | null };
    DatabaseUserAttributes: Omit<PublicUser, 'id'>;
  }
}
