// An admin suspends an account and reactivates it (decision 721). Suspended: it cannot sign in
// (accounts.login answers ACCOUNT_SUSPENDED), every sign-in it has ends now and its open sockets
// close; the sign-in lookup refuses any sign-in of an account that is not active, and the write
// itself empties the sign-in cache (its triggers, decision 601).
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ACCOUNT_STATUSES, AccountStatusOutput as AccountStatusOutputSchema } from '../routers/admin/outputs.types';
import type { Context } from '../context';
import { users } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { endAllSignIns } from './accounts';

export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The answer as the procedure's output schema declares it (one contract: admin/outputs.types). */
export type AccountStatusOutput = z.infer<typeof AccountStatusOutputSchema>;

/** Sets an account's status; suspending ends its sign-ins and sockets. Admins (and oneself) cannot be suspended. */
export async function setAccountStatus(
  ctx: Pick<Context, 'db' | 'lucia' | 'signOuts'>,
  actorId: string,
  userId: string,
  status: AccountStatus,
): Promise<AccountStatusOutput> {
  const [target] = await ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!target) throw notFound('User not found');
  if (status === 'suspended') {
    if (target.id === actorId) throw badRequest('You cannot suspend your own account');
    if (target.role === 'admin') throw badRequest('Admin accounts cannot be suspended');
  }
  await ctx.db.update(users).set({ accountStatus: status }).where(eq(users.id, userId));
  if (status === 'suspended') await endAllSignIns(ctx, userId);
  return { success: true, id: userId, accountStatus: status };
}
