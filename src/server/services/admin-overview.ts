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

export async function adminOverview({ db }: Pick<AppDeps, 'db'>): Promise<AdminOverview> {
  const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [speciesCount, missionCount, activeSessions, totalUsers, gameMasters, guestHunters] = await Promise.all([
    countOf(db.select({ n: count() }).from(dinosaurSpecies)),
    countOf(db.select({ n: count() }).from(missions)),
    countOf(
      db
        .select({ n: count() })
        .from(gameSessions)
        .where(inArray(gameSessions.status, [...RUNNING_SESSION_STATUSES])),
    ),
    countOf(db.select({ n: count() }).from(users).where(eq(users.isGuest, false))),
    countOf(
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'gamemaster'), eq(users.isGuest, false))),
    ),
    countOf(db.select({ n: count() }).from(users).where(eq(users.isGuest, true))),
  ]);
  return { speciesCount, missionCount, activeSessions, totalUsers, gameMasters, guestHunters };
}
