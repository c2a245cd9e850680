// First-start data: the admin account and the subscription plans. Idempotent.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from './auth/password';
import type { AppDeps } from './deps';
import { subscriptionPlans, users } from './db/schema';
import { seedSpecies } from './seed-species';

export const DEFAULT_PLANS = [
  {
    name: 'Starter',
    description: 'For small groups and first hunts',
    price: '19.99',
    features: ['Up to 5 sessions per week', 'Up to 10 players per session', 'Full species catalogue', 'Live tracking'],
    maxSessions: 5,
    maxPlayersPerSession: 10,
  },
  {
    name: 'Professional',
    description: 'For regular events and schools',
    price: '49.99',
    features: ['15 sessions per week', 'Up to 25 players per session', 'Custom missions', 'Media broadcasts'],
    maxSessions: 15,
    maxPlayersPerSession: 25,
  },
  {
    name: 'Enterprise',
    description: 'For parks, museums and large events',
    price: '399.99',
    features: ['Unlimited sessions', 'Up to 50 players per session', 'Priority support', 'Analytics export'],
    maxSessions: null,
    maxPlayersPerSession: 50,
  },
] as const;

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
  DEFAULT_PLANS.forEach((plan, i) => {
    db.insert(subscriptionPlans)
      .values({ ...plan, features: [...plan.features], interval: 'week', sortOrder: i })
      .run();
  });
}

export async function seed(deps: AppDeps): Promise<void> {
  await seedAdmin(deps);
  seedPlans(deps);
  await seedSpecies(deps);
}
