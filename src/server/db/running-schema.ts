// The running database's tables at run time (package.json "imports" #db-schema, decision 968):
// PostgreSQL's when the process starts with DATABASE_URL naming one, else SQLite's. The compiler
// never reads this file for db/schema.ts: it checks the server once against db/sqlite/schema.ts
// (tsconfig.json) and once against db/pg/schema.ts (tsconfig.pg.json), so every query is typed
// against each dialect's own tables. db/running-schema.test.ts proves this file hands out the
// same names as both schemas, each the running dialect's own table.
import * as pg from './pg/schema';
import { runningDialect } from './running-dialect';
import * as sqlite from './sqlite/schema';

const running: typeof sqlite | typeof pg = runningDialect() === 'pg' ? pg : sqlite;

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
export const speciesQuestions = running.speciesQuestions;
export const missionChallenges = running.missionChallenges;
export const sessionChallenges = running.sessionChallenges;
export const sessionChallengeSettings = running.sessionChallengeSettings;
export const challengeProgress = running.challengeProgress;
export const questionAttempts = running.questionAttempts;
export const challengeHints = running.challengeHints;
export const teams = running.teams;
export const accountTokens = running.accountTokens;
export const mailOutbox = running.mailOutbox;
