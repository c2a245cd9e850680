// The tables every service imports. Drizzle has no dialect-neutral schema, so each dialect has
// its own (sqlite/schema.ts, pg/schema.ts: schema-parity.test.ts proves their rows agree) and this
// module hands out the running database's: PostgreSQL when the process starts with DATABASE_URL
// naming one, else SQLite. The tables are typed as SQLite's, like `Db` (db/client.ts).
import * as pg from './pg/schema';
import { runningDialect } from './running-dialect';
import * as sqlite from './sqlite/schema';

export type * from './sqlite/schema';

const running = (runningDialect() === 'pg' ? pg : sqlite) as unknown as typeof sqlite;

export const users = running.users;
export const authSessions = running.authSessions;
export const subscriptionPlans = running.subscriptionPlans;
export const subscriptions = running.subscriptions;
export const creditPurchases = running.creditPurchases;
export const stripeEvents = running.stripeEvents;
export const dinosaurSpecies = running.dinosaurSpecies;
export const missions = running.missions;
export const gameSessions = running.gameSessions;
export const sessionPlayers = running.sessionPlayers;
export const sessionDinosaurs = running.sessionDinosaurs;
export const observations = running.observations;
export const positions = running.positions;
export const messages = running.messages;
export const events = running.events;
export const sessionResults = running.sessionResults;
export const earnedAchievements = running.earnedAchievements;
export const gmLayouts = running.gmLayouts;
export const rateLimits = running.rateLimits;
export const accountTokens = running.accountTokens;
export const mailOutbox = running.mailOutbox;
