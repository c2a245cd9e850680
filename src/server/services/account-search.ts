// The admin's account search (GET /admin/users, issue #46): every role, by name, username or email, so a
// hunter account can be found and suspended like a game master.
import type { z } from 'zod';
import { ADMIN_USER_SEARCH_MAX } from '../../domain/rules';
import { type AccountRole, searchAccounts } from '../db/queries/admin-users';
import type { Queryable } from '../db/types';
import type { AdminUserSchema } from '../routers/admin/outputs.types';

export type AdminUserOutput = z.infer<typeof AdminUserSchema>;

export async function findAccounts(
  { db }: { db: Queryable },
  input: { q?: string | undefined; role?: AccountRole | undefined },
): Promise<AdminUserOutput[]> {
  const rows = await searchAccounts(db, { text: input.q ? input.q : null, role: input.role ?? null, limit: ADMIN_USER_SEARCH_MAX });
  return rows.map((u) => ({
    id: u.id,
    role: u.role,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    username: u.username,
    sessionCredits: u.sessionCredits,
    accountStatus: u.accountStatus,
    createdAt: new Date(u.createdAt).toISOString(),
  }));
}
