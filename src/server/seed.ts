// First-start data: the admin account, the subscription plans, the species
// catalogue and /model-test's fixed models. Idempotent.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FALLBACK_PLANS } from '../domain/billing-schemas';
import { hashPassword } from './auth/password';
import type { AppDeps } from './deps';
import { lockFirstStart } from './db/first-start-lock';
import { subscriptionPlans, users } from './db/schema';
import { backfillSeedKnowledge, installModelTestModels, installSeedUsdz, seedSpecies } from './seed-species';

/** What seeding needs of the app's dependencies. */
export type SeedDeps = Pick<AppDeps, 'db' | 'config' | 'log' | 'files'>;

async function seedAdmin({ db, config, log }: SeedDeps): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  // Re-checked in the transaction that inserts: two processes starting together create one admin.
  const created = await db.transaction(async (tx) => {
    await lockFirstStart(tx);
    const [again] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (again) return false;
    await tx.insert(users).values({
      id: crypto.randomUUID(),
      username,
      email: `${username}@dinohunt.local`,
      firstName: 'System',
      lastName: 'Administrator',
      role: 'admin',
      passwordHash,
    });
    return true;
  });
  if (!created) return;
  if (generated) {
    log.warn(`Created admin account "${username}" with password: ${password}  (shown once; set ADMIN_PASSWORD to choose it)`);
  } else {
    log.info(`Created admin account "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
  }
}

async function seedPlans({ db }: SeedDeps): Promise<void> {
  // One transaction, re-checking emptiness: two processes starting together seed once.
  await db.transaction(async (tx) => {
    await lockFirstStart(tx);
    const [any] = await tx.select({ id: subscriptionPlans.id }).from(subscriptionPlans).limit(1);
    if (any) return;
    // The spec's built-in plan list is also the client's fallback: one source for both, in its order.
    await tx
      .insert(subscriptionPlans)
      .values(FALLBACK_PLANS.map(({ id: _id, ...plan }, i) => ({ ...plan, features: [...plan.features], sortOrder: i })));
  });
}

export async function seed(deps: SeedDeps): Promise<void> {
  await seedAdmin(deps);
  await seedPlans(deps);
  await seedSpecies(deps);
  await backfillSeedKnowledge(deps);
  await installSeedUsdz(deps);
  await installModelTestModels(deps);
}
