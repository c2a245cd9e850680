// The admin overview's counts, read live from the database.
import { and, count, eq, inArray } from 'drizzle-orm';
import { RUNNING_SESSION_STATUSES } from '../../domain/rules';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, gameSessions, missions, users } from '../db/schema';

export type AdminOverview = {
  speciesCount: number;
  missionCount: number;
  /** Sessions that are running: active, started or paused. */
  activeSessions: number;
  /** Accounts (game masters, hunters and admins), not counting guest hunters. */
  totalUsers: number;
  gameMasters: number;
  guestHunters: number;
};

export function adminOverview({ db }: Pick<AppDeps, 'db'>): AdminOverview {
  const one = <T extends { n: number }>(row: T | undefined) => row?.n ?? 0;
  return {
    speciesCount: one(db.select({ n: count() }).from(dinosaurSpecies).get()),
    missionCount: one(db.select({ n: count() }).from(missions).get()),
    activeSessions: one(
      db
        .select({ n: count() })
        .from(gameSessions)
        .where(inArray(gameSessions.status, [...RUNNING_SESSION_STATUSES]))
        .get(),
    ),
    totalUsers: one(db.select({ n: count() }).from(users).where(eq(users.isGuest, false)).get()),
    gameMasters: one(
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'gamemaster'), eq(users.isGuest, false)))
        .get(),
    ),
    guestHunters: one(db.select({ n: count() }).from(users).where(eq(users.isGuest, true)).get()),
  };
}
