// First-start data: the admin account, the subscription plans, the species
// catalogue and /model-test's fixed models. Idempotent.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { FALLBACK_PLANS } from '../domain/billing-schemas';
import { hashPassword } from './auth/password';
import type { AppDeps } from './deps';
import { subscriptionPlans, users } from './db/schema';
import { installModelTestModels, installSeedUsdz, seedSpecies } from './seed-species';

async function seedAdmin({ db, config, log }: AppDeps): Promise<void> {
  const existing = db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).get();
  if (existing) return;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
  db.insert(users)
    .values({
      id: crypto.randomUUID(),
      username,
      email: `${username}@dinohunt.local`,
      firstName: 'System',
      lastName: 'Administrator',
      role: 'admin',
      passwordHash: await hashPassword(password),
    })
    .run();
  if (generated) {
    log.warn(`Created admin account "${username}" with password: ${password}  (shown once; set ADMIN_PASSWORD to choose it)`);
  } else {
    log.info(`Created admin account "${username}" from ADMIN_USERNAME/ADMIN_PASSWORD`);
  }
}

function seedPlans({ db }: AppDeps): void {
  if (db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).get()) return;
  // The spec's built-in plan list is also the client's fallback: one source for both.
  FALLBACK_PLANS.forEach(({ id: _id, ...plan }, i) => {
    db.insert(subscriptionPlans)
      .values({ ...plan, features: [...plan.features], sortOrder: i })
      .run();
  });
}

export async function seed(deps: AppDeps): Promise<void> {
  await seedAdmin(deps);
  seedPlans(deps);
  await seedSpecies(deps);
  await installSeedUsdz(deps);
  await installModelTestModels(deps);
}
