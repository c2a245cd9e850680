// Achievements (issue 29, decisions 830-834). The server decides them after each write that
// changes their facts: an observation, a report or photo, a position that crosses a distance
// tier, the end of a session. It counts the hunter's facts from stored rows (an account: every
// hunt it played; a guest: its one hunt), asks the domain what they earn, and inserts what is
// new under the unique (user, key, tier): a replayed event, or two writes racing, award once.
// Only what was really inserted is announced (achievement_earned, to the hunter and HQ).
// No input anywhere names an achievement: a client cannot claim one.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { User } from 'lucia';
import {
  ACHIEVEMENTS,
  type AchievementFacts,
  type EarnedLevel,
  type EarnedTier,
  achievementByKey,
  crossesThreshold,
  isCleanHunt,
  levelDescription,
  levelTitle,
  longestStreak,
  newlyEarned,
  tierProgress,
} from '../../domain/achievements';
import type { KeepAchievementsInput } from '../../domain/achievement-schemas';
import { ACHIEVEMENT_DISTANCE_M, ACHIEVEMENT_TIERS } from '../../domain/rules';
import type { Context } from '../context';
import type { Queryable } from '../db/client';
import { achievementAttempts, achievementCounts, type AttemptRow, completedTeamHunts, observedRarities } from '../db/queries/achievement-facts';
import { teamTallies } from '../db/queries/teams';
import { rankTeams } from '../../domain/teams';
import { earnedAchievements, messages, sessionPlayers, users } from '../db/schema';
import { keptWhenSet, sumOrZero } from '../db/expressions';
import type { AppDeps } from '../deps';
import { forbidden, notFound } from '../errors';
import type { PublishInput } from '../event-bus';
import { endAllSignIns, type PublicUser, register } from './accounts';
import { requireSessionAccess } from './session-access';

type AwardCtx = Pick<AppDeps, 'db' | 'bus' | 'now'> & { log?: Pick<AppDeps['log'], 'error'> };

/** One earned achievement as the API answers it. */
export type EarnedAchievementDto = {
  key: string;
  tier: EarnedTier;
  /** 'Naturalist (silver)', or the name alone for a one-off. */
  title: string;
  name: string;
  description: string;
  icon: string;
  sessionId: number;
  /** ISO time it was earned. */
  earnedAt: string;
};

/** The facts the server counted for one hunter (every hunt of the user). */
export async function factsOf(q: Queryable, userId: string): Promise<AchievementFacts> {
  const row = await achievementCounts(q, userId);
  const rarities = await observedRarities(q, userId);
  const attempts = await achievementAttempts(q, userId);
  const hunts = new Map<number, AttemptRow[]>();
  for (const a of attempts) hunts.set(a.playerId, [...(hunts.get(a.playerId) ?? []), a]);
  let bestStreak = 0;
  let cleanHunts = 0;
  for (const rows of hunts.values()) {
    bestStreak = Math.max(bestStreak, longestStreak(rows.map((r) => r.success)));
    const first = rows[0]!;
    const completedAt = first.completionTime;
    const missesBeforeComplete = rows.filter((r) => !r.success && completedAt !== null && r.createdAt <= completedAt).length;
    if (isCleanHunt({ full: completedAt !== null, totalDinosaurs: first.totalDinosaurs, missesBeforeComplete })) cleanHunts++;
  }
  return {
    observations: Number(row.observations),
    species: Number(row.species),
    rarities: rarities.map((r) => r.rarity),
    distanceM: Number(row.distanceM),
    dartsFired: Number(row.dartsFired),
    reports: Number(row.reports),
    photos: Number(row.photos),
    huntsCompleted: Number(row.huntsCompleted),
    fullHunts: Number(row.fullHunts),
    cleanHunts,
    bestStreak,
    ...(await teamFacts(q, userId)),
  };
}

/** Team hunts played to the end, and those the hunter's team ended first in having scored (decision 973). */
async function teamFacts(q: Queryable, userId: string): Promise<Pick<AchievementFacts, 'teamHunts' | 'teamWins'>> {
  const hunts = await completedTeamHunts(q, userId);
  let teamWins = 0;
  for (const hunt of hunts) {
    const mine = rankTeams(await teamTallies(q, hunt.sessionId)).find((t) => t.teamId === hunt.teamId);
    if (mine && mine.rank === 1 && mine.observations > 0) teamWins++;
  }
  return { teamHunts: hunts.length, teamWins };
}

async function heldLevels(q: Queryable, userId: string): Promise<EarnedLevel[]> {
  return (await q
    .select({ key: earnedAchievements.key, tier: earnedAchievements.tier })
    .from(earnedAchievements)
    .where(eq(earnedAchievements.userId, userId))) as EarnedLevel[];
}

export type AwardPlayer = { id: number; userId: string; sessionId: number; handle: string };

/**
 * Decides and stores what the hunter has newly earned, crediting the hunt `player` (the one whose
 * write changed the facts), and announces each. Returns what was inserted now (empty on a replay).
 */
export async function awardAchievements(ctx: AwardCtx, player: AwardPlayer): Promise<EarnedAchievementDto[]> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const fresh = newlyEarned(await factsOf(tx, player.userId), await heldLevels(tx, player.userId));
    const inserted: EarnedLevel[] = [];
    for (const level of fresh) {
      const rows = await tx
        .insert(earnedAchievements)
        .values({ userId: player.userId, playerId: player.id, sessionId: player.sessionId, ...level, earnedAt: now })
        .onConflictDoNothing()
        .returning({ id: earnedAchievements.id });
      if (rows.length === 1) inserted.push(level);
    }
    if (inserted.length === 0) return [];
    const dtos = inserted.map((level) => toDto({ ...level, sessionId: player.sessionId, earnedAt: now }));
    const events: PublishInput[] = dtos.map((dto) => ({
      sessionId: player.sessionId,
      type: 'achievement_earned',
      audience: `owner+user:${player.userId}`,
      payload: { ...dto, sessionId: player.sessionId, timestamp: now, userId: player.userId, hunterName: player.handle },
    }));
    await ctx.bus.publishAll(tx, events);
    return dtos;
  });
}

/**
 * awardAchievements after a write that already succeeded: a failure here is logged and never
 * turns the hunter's observation or message into an error (the next write decides again).
 */
export async function awardAfterWrite(ctx: AwardCtx, player: AwardPlayer): Promise<void> {
  try {
    await awardAchievements(ctx, player);
  } catch (err) {
    ctx.log?.error({ err, playerId: player.id }, 'achievements: awarding failed');
  }
}

/**
 * After an accepted position that moved the hunter `stepMeters`: decides only when the hunter's
 * distance over every hunt crossed a Trailblazer tier, so most fixes stop at this test. A guest
 * plays one hunt, whose distance the caller knows (`huntTotal`); an account's is one indexed sum.
 */
export async function awardAfterStep(ctx: AwardCtx, player: AwardPlayer, stepMeters: number, huntTotal: number | null): Promise<void> {
  if (stepMeters <= 0) return;
  const total = huntTotal ?? (await distanceOf(ctx.db, player.userId));
  if (crossesThreshold(ACHIEVEMENT_DISTANCE_M, total - stepMeters, total)) await awardAfterWrite(ctx, player);
}

/** Metres the user walked over every hunt. */
async function distanceOf(q: Queryable, userId: string): Promise<number> {
  const [row] = await q
    .select({ m: sumOrZero(sessionPlayers.distanceTraveledM) })
    .from(sessionPlayers)
    .where(eq(sessionPlayers.userId, userId));
  return row?.m ?? 0;
}

/** At the end of a session: every hunter of it has played one more hunt to its end. */
export async function awardSessionEnd(ctx: AwardCtx, sessionId: number): Promise<void> {
  const players = await ctx.db
    .select({ id: sessionPlayers.id, userId: sessionPlayers.userId, sessionId: sessionPlayers.sessionId, handle: sessionPlayers.handle })
    .from(sessionPlayers)
    .where(eq(sessionPlayers.sessionId, sessionId));
  for (const p of players) await awardAfterWrite(ctx, p);
}

function toDto(row: { key: string; tier: string; sessionId: number; earnedAt: number }): EarnedAchievementDto {
  const level = { key: row.key, tier: row.tier as EarnedTier };
  const a = achievementByKey(row.key);
  return {
    key: row.key,
    tier: level.tier,
    title: levelTitle(level),
    name: a?.name ?? row.key,
    description: levelDescription(level),
    icon: a?.icon ?? 'trophy',
    sessionId: row.sessionId,
    earnedAt: new Date(row.earnedAt).toISOString(),
  };
}

// --- Reads ---------------------------------------------------------------

export type CatalogueEntry = {
  key: string;
  name: string;
  icon: string;
  kind: 'single' | 'tiered';
  /** A one-off's description, or the bronze tier's. */
  description: string;
  unit: string | null;
  tiers: { tier: EarnedTier; threshold: number | null; description: string }[];
};

/** GET /api/achievements: the whole catalogue, in display order. */
export function catalogue(): CatalogueEntry[] {
  return ACHIEVEMENTS.map((a) =>
    a.kind === 'single'
      ? {
          key: a.key,
          name: a.name,
          icon: a.icon,
          kind: 'single',
          description: a.description,
          unit: null,
          tiers: [{ tier: 'single', threshold: null, description: a.description }],
        }
      : {
          key: a.key,
          name: a.name,
          icon: a.icon,
          kind: 'tiered',
          description: a.describe(a.thresholds[0]),
          unit: a.unit,
          tiers: a.thresholds.map((threshold, i) => ({
            tier: ACHIEVEMENT_TIERS[i]!,
            threshold,
            description: a.describe(threshold),
          })),
        },
  );
}

export type ProgressDto = {
  key: string;
  name: string;
  icon: string;
  unit: string;
  value: number;
  tier: EarnedTier | null;
  next: { tier: EarnedTier; threshold: number } | null;
  fraction: number;
};

export type MyAchievementsDto = {
  /** Everything the caller has earned, newest first (an account: across hunts). */
  earned: EarnedAchievementDto[];
  /** What was earned in the hunt of `sessionId` (empty without one). */
  thisHunt: EarnedAchievementDto[];
  /** Every tiered achievement: the tier held and the way to the next. */
  progress: ProgressDto[];
};

const earnedColumns = {
  key: earnedAchievements.key,
  tier: earnedAchievements.tier,
  sessionId: earnedAchievements.sessionId,
  earnedAt: earnedAchievements.earnedAt,
  playerId: earnedAchievements.playerId,
};

/**
 * GET /api/hunter/achievements: the caller's own achievements; with a sessionId, the caller must be
 * a hunter of that session (403 otherwise) and `thisHunt` lists what that hunt earned.
 */
export async function myAchievements(
  ctx: Pick<AppDeps, 'db'> & { user: User },
  input: { sessionId?: number | undefined },
): Promise<MyAchievementsDto> {
  let playerId: number | null = null;
  if (input.sessionId !== undefined) {
    const access = await requireSessionAccess(ctx, input.sessionId);
    if (access.role !== 'player') throw forbidden('Only a hunter of this session has achievements in it');
    playerId = access.player.id;
  }
  const rows = await ctx.db
    .select(earnedColumns)
    .from(earnedAchievements)
    .where(eq(earnedAchievements.userId, ctx.user.id))
    .orderBy(desc(earnedAchievements.earnedAt), desc(earnedAchievements.id));
  const facts = await factsOf(ctx.db, ctx.user.id);
  const progress: ProgressDto[] = [];
  for (const a of ACHIEVEMENTS) {
    if (a.kind !== 'tiered') continue;
    const p = tierProgress(a, facts);
    progress.push({ key: a.key, name: a.name, icon: a.icon, unit: a.unit, value: p.value, tier: p.tier, next: p.next, fraction: p.fraction });
  }
  return {
    earned: rows.map(toDto),
    thisHunt: playerId === null ? [] : rows.filter((r) => r.playerId === playerId).map(toDto),
    progress,
  };
}

export type SessionAchievementDto = EarnedAchievementDto & { hunterId: string; hunterName: string };

/** GET /api/game-sessions/{id}/achievements: who earned what in this session (its owner or an admin). */
export async function sessionAchievements(ctx: Pick<AppDeps, 'db'>, sessionId: number): Promise<SessionAchievementDto[]> {
  const rows = await ctx.db
    .select({ ...earnedColumns, hunterId: sessionPlayers.userId, hunterName: sessionPlayers.handle })
    .from(earnedAchievements)
    .innerJoin(sessionPlayers, eq(sessionPlayers.id, earnedAchievements.playerId))
    .where(eq(earnedAchievements.sessionId, sessionId))
    .orderBy(asc(earnedAchievements.earnedAt), asc(earnedAchievements.id));
  return rows.map((r) => ({ ...toDto(r), hunterId: r.hunterId, hunterName: r.hunterName }));
}

// --- Keep as account -----------------------------------------------------

export const KEEP_GUESTS_ONLY = 'Only a guest hunter can keep their achievements by creating an account';

type KeepCtx = Pick<
  Context,
  'db' | 'bus' | 'lucia' | 'setCookie' | 'now' | 'signOuts' | 'authSession' | 'authLimits' | 'cookieHeader' | 'config' | 'mail' | 'requestOrigin'
> & {
  user: User;
};

/**
 * POST /api/hunter/keep-achievements: a guest creates a hunter account (the registration's rules
 * and answers) and its hunter record moves to it: the session_players row (its key to rejoin as a
 * guest is dropped, unless the game master removed it), its earned achievements, and its messages' sender (the stats count them by
 * sender). Nothing else changes. The guest's sign-ins end; the browser is signed in to the account.
 */
export async function keepAsAccount(ctx: KeepCtx, input: KeepAchievementsInput): Promise<PublicUser> {
  const guest = ctx.user;
  if (!guest.isGuest) throw forbidden(KEEP_GUESTS_ONLY);
  const [hunter] = await ctx.db
    .select({ id: sessionPlayers.id, sessionId: sessionPlayers.sessionId, handle: sessionPlayers.handle })
    .from(sessionPlayers)
    .where(eq(sessionPlayers.userId, guest.id))
    .limit(1);
  if (!hunter) throw notFound('Hunter not found in this session');

  const account = await register(ctx, { ...input, role: 'hunter' });
  await ctx.db.transaction(async (tx) => {
    // A removed hunter's rejoin key stays: it is what refuses this browser in that session (decision 836).
    const keyUnlessRemoved = keptWhenSet<string>(sessionPlayers.removedAt, sessionPlayers.rejoinKey);
    await tx.update(sessionPlayers).set({ userId: account.id, rejoinKey: keyUnlessRemoved }).where(eq(sessionPlayers.userId, guest.id));
    await tx.update(earnedAchievements).set({ userId: account.id }).where(eq(earnedAchievements.userId, guest.id));
    await tx.update(messages).set({ senderUserId: account.id }).where(eq(messages.senderUserId, guest.id));
    // HQ's tracking knows the hunter by its user id: the session's readers (and read cache) learn the new one.
    await ctx.bus.publish(tx, {
      sessionId: hunter.sessionId,
      type: 'hunter_account_kept',
      audience: 'owner',
      payload: { sessionId: hunter.sessionId, timestamp: ctx.now(), hunterName: hunter.handle, previousUserId: guest.id, userId: account.id },
    });
  });
  // The guest is gone: its other sign-ins (another tab) end, then its empty user row.
  await endAllSignIns(ctx, guest.id);
  await ctx.db.delete(users).where(and(eq(users.id, guest.id), eq(users.isGuest, true)));
  return account;
}
