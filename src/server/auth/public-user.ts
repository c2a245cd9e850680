// What the app shows of an account (and Lucia's user attributes): kept apart from services/accounts.ts
// so that auth/lucia.ts, which context.ts imports, imports nothing from the services.
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
  /** Whether the owner confirmed `email` (issue #45, decision 993). */
  emailVerified: boolean;
};
