// Challenges (issue #44): a session's typed objectives (copied from its mission at first use, then
// adjustable by the game master), each hunter's progress, and the score a teacher grades. The server
// decides every step: observations (observeHook, called in the observation's transaction), quiz answers
// (challenge-play.ts) and check-ins at the hunter's last accepted position. Events carry progress, never
// an answer. Decisions 925-927.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { User } from 'lucia';
import type { z } from 'zod';
import {
  type ChallengeFields,
  challengeDeadline,
  challengeGoal,
  challengeScore,
  DEFAULT_HINT_ALLOWANCE,
  DEFAULT_HINT_COST,
  isObserveKind,
  normalizeChallenge,
  type Observed,
  observeProgress,
  QUIZ_MAX_ATTEMPTS,
} from '../../domain/challenges';
import type { ChallengeOutput, ChallengeProgressOutput, HunterChallengeTotals } from '../../domain/contracts';
import type { Queryable, Tx } from '../db/client';
import {
  challengeHints,
  challengeProgress,
  dinosaurSpecies,
  type GameSessionRow,
  gameSessions,
  missionChallenges,
  missions,
  observations,
  type SessionChallengeRow,
  sessionChallengeSettings,
  sessionChallenges,
  sessionPlayers,
  speciesQuestions,
} from '../db/schema';
import { lockFor } from '../db/locks';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../errors';
import type { MissionChallengeSchema, SessionChallengesOutput } from '../routers/challenges/challenges.types';

export type ChallengesCtx = Pick<AppDeps, 'db' | 'bus' | 'now'>;
type ProgressRow = typeof challengeProgress.$inferSelect;
export type Settings = { hintCost: number; hintAllowance: number };
type Player = { id: number; userId: string; handle: string; sessionId: number };

// --- The session's objectives ---

/**
 * The session's settings, first copying its mission's objectives when this is the first use: the
 * settings row marks the copy, so a game master who removes every objective is not given them again.
 */
export async function ensureSessionChallenges(tx: Queryable, session: Pick<GameSessionRow, 'id' | 'missionId'>): Promise<Settings> {
  const [existing] = await tx.select().from(sessionChallengeSettings).where(eq(sessionChallengeSettings.sessionId, session.id)).limit(1);
  if (existing) return existing;
  const inserted = await tx
    .insert(sessionChallengeSettings)
    .values({ sessionId: session.id, hintCost: DEFAULT_HINT_COST, hintAllowance: DEFAULT_HINT_ALLOWANCE })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) {
    // Another request copied them meanwhile.
    const [again] = await tx.select().from(sessionChallengeSettings).where(eq(sessionChallengeSettings.sessionId, session.id)).limit(1);
    return again ?? { hintCost: DEFAULT_HINT_COST, hintAllowance: DEFAULT_HINT_ALLOWANCE };
  }
  if (session.missionId !== null) {
    const rows = await tx
      .select()
      .from(missionChallenges)
      .where(eq(missionChallenges.missionId, session.missionId))
      .orderBy(asc(missionChallenges.position), asc(missionChallenges.id));
    if (rows.length > 0) {
      await tx.insert(sessionChallenges).values(rows.map(({ id: _id, missionId: _m, createdAt: _c, ...c }) => ({ ...c, sessionId: session.id })));
    }
  }
  return inserted[0]!;
}

export async function sessionChallengeRows(db: Queryable, sessionId: number): Promise<SessionChallengeRow[]> {
  return db
    .select()
    .from(sessionChallenges)
    .where(eq(sessionChallenges.sessionId, sessionId))
    .orderBy(asc(sessionChallenges.position), asc(sessionChallenges.id));
}

async function speciesNames(db: Queryable, rows: readonly { speciesId: number | null; questionId: number | null }[]) {
  const names = new Map<number, string>();
  const questionSpecies = new Map<number, number>();
  const questionIds = rows.flatMap((r) => (r.questionId === null ? [] : [r.questionId]));
  if (questionIds.length > 0) {
    for (const q of await db
      .select({ id: speciesQuestions.id, speciesId: speciesQuestions.speciesId })
      .from(speciesQuestions)
      .where(inArray(speciesQuestions.id, questionIds))) {
      questionSpecies.set(q.id, q.speciesId);
    }
  }
  const speciesIds = [...new Set([...rows.flatMap((r) => (r.speciesId === null ? [] : [r.speciesId])), ...questionSpecies.values()])];
  if (speciesIds.length > 0) {
    for (const s of await db
      .select({ id: dinosaurSpecies.id, name: dinosaurSpecies.name })
      .from(dinosaurSpecies)
      .where(inArray(dinosaurSpecies.id, speciesIds))) {
      names.set(s.id, s.name);
    }
  }
  return { names, questionSpecies };
}

/** When an objective's limit runs out: minutes from the session's start, pauses not counted. */
export function deadlineOf(row: Pick<SessionChallengeRow, 'timeLimitMin'>, session: Pick<GameSessionRow, 'startTime' | 'pausedTotalMs'>): number | null {
  const deadline = challengeDeadline(row.timeLimitMin, session.startTime);
  return deadline === null ? null : deadline + session.pausedTotalMs;
}

export async function toChallengeOutputs(
  db: Queryable,
  rows: readonly SessionChallengeRow[],
  session: Pick<GameSessionRow, 'startTime' | 'pausedTotalMs'> | null,
): Promise<ChallengeOutput[]> {
  const { names, questionSpecies } = await speciesNames(db, rows);
  return rows.map((r) => {
    const speciesId = r.speciesId ?? (r.questionId === null ? null : (questionSpecies.get(r.questionId) ?? null));
    const deadline = session ? deadlineOf(r, session) : null;
    return {
      id: r.id,
      kind: r.kind,
      title: r.title,
      target: r.target,
      speciesId,
      speciesName: speciesId === null ? null : (names.get(speciesId) ?? null),
      questionId: r.questionId,
      latitude: r.latitude,
      longitude: r.longitude,
      radiusM: r.radiusM,
      points: r.points,
      timeLimitMin: r.timeLimitMin,
      deadline: deadline === null ? null : new Date(deadline).toISOString(),
    };
  });
}

/** Species and questions an objective names must exist (400, naming the field). */
async function assertReferences(db: Queryable, challenges: readonly ChallengeFields[]): Promise<void> {
  const speciesIds = challenges.flatMap((c) => (c.speciesId === null ? [] : [c.speciesId]));
  const questionIds = challenges.flatMap((c) => (c.questionId === null ? [] : [c.questionId]));
  if (speciesIds.length > 0) {
    const found = new Set((await db.select({ id: dinosaurSpecies.id }).from(dinosaurSpecies).where(inArray(dinosaurSpecies.id, speciesIds))).map((r) => r.id));
    const missing = speciesIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(`Species ${missing} does not exist`, { fieldErrors: { speciesId: 'Choose a species' } });
  }
  if (questionIds.length > 0) {
    const found = new Set((await db.select({ id: speciesQuestions.id }).from(speciesQuestions).where(inArray(speciesQuestions.id, questionIds))).map((r) => r.id));
    const missing = questionIds.find((id) => !found.has(id));
    if (missing !== undefined) throw badRequest(`Question ${missing} does not exist`, { fieldErrors: { questionId: 'Choose a question' } });
  }
}

const challengeValues = (list: readonly ChallengeFields[]) =>
  list.map((c, position) => {
    const n = normalizeChallenge(c);
    return {
      position,
      kind: n.kind,
      title: n.title,
      target: n.target,
      speciesId: n.speciesId,
      questionId: n.questionId,
      latitude: n.latitude,
      longitude: n.longitude,
      radiusM: n.radiusM,
      points: n.points,
      timeLimitMin: n.timeLimitMin,
    };
  });

// --- Missions (admin) ---

export type MissionChallengeOutput = z.infer<typeof MissionChallengeSchema>;

async function requireMission(db: Queryable, id: number): Promise<void> {
  const [row] = await db.select({ id: missions.id }).from(missions).where(eq(missions.id, id)).limit(1);
  if (!row) throw notFound('Mission not found');
}

export async function listMissionChallenges({ db }: Pick<AppDeps, 'db'>, missionId: number): Promise<MissionChallengeOutput[]> {
  await requireMission(db, missionId);
  const rows = await db
    .select()
    .from(missionChallenges)
    .where(eq(missionChallenges.missionId, missionId))
    .orderBy(asc(missionChallenges.position), asc(missionChallenges.id));
  const outputs = await toChallengeOutputs(db, rows.map((r) => ({ ...r, sessionId: 0 })), null);
  return outputs.map(({ deadline: _d, ...rest }) => rest);
}

/** Replaces the mission's objectives; sessions already under way keep the copy they took. */
export async function setMissionChallenges(
  ctx: Pick<AppDeps, 'db'>,
  missionId: number,
  list: readonly ChallengeFields[],
): Promise<MissionChallengeOutput[]> {
  await ctx.db.transaction(async (tx) => {
    await requireMission(tx, missionId);
    await assertReferences(tx, list);
    await tx.delete(missionChallenges).where(eq(missionChallenges.missionId, missionId));
    if (list.length > 0) await tx.insert(missionChallenges).values(challengeValues(list).map((v) => ({ ...v, missionId })));
  });
  return listMissionChallenges(ctx, missionId);
}

// --- Progress and totals ---

export function toProgressOutput(row: SessionChallengeRow, progress: ProgressRow | undefined, session: Pick<GameSessionRow, 'startTime' | 'pausedTotalMs'>, now: number): ChallengeProgressOutput {
  const goal = challengeGoal(row);
  const wrong = progress?.wrongAnswers ?? 0;
  let status = progress?.status ?? 'open';
  // Past its deadline an objective left open is failed (the stored row stays as it was: nothing more can be done).
  const deadline = deadlineOf(row, session);
  if (status === 'open' && deadline !== null && now > deadline) status = 'failed';
  return {
    challengeId: row.id,
    progress: progress?.progress ?? 0,
    goal,
    status,
    pointsAwarded: progress?.pointsAwarded ?? 0,
    wrongAnswers: wrong,
    attemptsLeft: row.kind === 'quiz' ? (status === 'open' ? Math.max(0, QUIZ_MAX_ATTEMPTS - wrong) : 0) : null,
  };
}

export async function totalsOf(db: Queryable, sessionId: number, playerId: number): Promise<HunterChallengeTotals> {
  const rows = await db
    .select({ pointsAwarded: challengeProgress.pointsAwarded, wrongAnswers: challengeProgress.wrongAnswers, status: challengeProgress.status })
    .from(challengeProgress)
    .innerJoin(sessionChallenges, eq(sessionChallenges.id, challengeProgress.challengeId))
    .where(and(eq(challengeProgress.playerId, playerId), eq(sessionChallenges.sessionId, sessionId)));
  const hints = await db
    .select({ cost: challengeHints.cost })
    .from(challengeHints)
    .where(and(eq(challengeHints.sessionId, sessionId), eq(challengeHints.playerId, playerId)));
  return totalsFrom(rows, hints);
}

function totalsFrom(
  rows: readonly { pointsAwarded: number; wrongAnswers: number; status: string }[],
  hints: readonly { cost: number }[],
): HunterChallengeTotals {
  const pointsAwarded = rows.reduce((a, r) => a + r.pointsAwarded, 0);
  const wrongAnswers = rows.reduce((a, r) => a + r.wrongAnswers, 0);
  const hintCosts = hints.reduce((a, h) => a + h.cost, 0);
  return {
    score: challengeScore({ pointsAwarded, wrongAnswers, hintCosts }),
    pointsAwarded,
    wrongAnswers,
    hintsTaken: hints.length,
    hintCosts,
    completed: rows.filter((r) => r.status === 'done').length,
  };
}

export async function progressRowsOf(db: Queryable, playerId: number, challengeIds: readonly number[]): Promise<Map<number, ProgressRow>> {
  if (challengeIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(challengeProgress)
    .where(and(eq(challengeProgress.playerId, playerId), inArray(challengeProgress.challengeId, [...challengeIds])));
  return new Map(rows.map((r) => [r.challengeId, r]));
}

/** Writes one hunter's progress on one objective (insert or update). */
export async function saveProgress(
  tx: Tx,
  challengeId: number,
  playerId: number,
  values: Partial<Pick<ProgressRow, 'progress' | 'status' | 'pointsAwarded' | 'wrongAnswers' | 'mediaMessageId' | 'completedAt'>>,
  now: number,
): Promise<ProgressRow> {
  const [existing] = await tx
    .select()
    .from(challengeProgress)
    .where(and(eq(challengeProgress.challengeId, challengeId), eq(challengeProgress.playerId, playerId)))
    .limit(1);
  if (existing) {
    const [row] = await tx.update(challengeProgress).set({ ...values, updatedAt: now }).where(eq(challengeProgress.id, existing.id)).returning();
    return row!;
  }
  const [row] = await tx.insert(challengeProgress).values({ challengeId, playerId, ...values, updatedAt: now }).returning();
  return row!;
}

/** challenge_progress to the hunter and HQ: progress and totals, never an answer. */
export async function publishProgress(
  ctx: Pick<AppDeps, 'bus' | 'now'>,
  tx: Tx,
  session: Pick<GameSessionRow, 'id' | 'startTime' | 'pausedTotalMs'>,
  player: Player,
  row: SessionChallengeRow,
  progress: ProgressRow | undefined,
): Promise<HunterChallengeTotals> {
  const totals = await totalsOf(tx, session.id, player.id);
  await ctx.bus.publish(tx, {
    sessionId: session.id,
    type: 'challenge_progress',
    audience: `owner+user:${player.userId}`,
    payload: {
      sessionId: session.id,
      timestamp: ctx.now(),
      playerId: player.id,
      userId: player.userId,
      hunterName: player.handle,
      challenge: toProgressOutput(row, progress, session, ctx.now()),
      totals,
    },
  });
  return totals;
}

/**
 * In the transaction of a successful observation: moves the hunter's observe objectives on (each
 * dinosaur counts once; an objective past its deadline no longer moves).
 */
export async function observeHook(
  ctx: Pick<AppDeps, 'bus' | 'now'>,
  tx: Tx,
  session: GameSessionRow,
  player: Player,
): Promise<void> {
  await ensureSessionChallenges(tx, session);
  const rows = (await sessionChallengeRows(tx, session.id)).filter((r) => isObserveKind(r.kind));
  if (rows.length === 0) return;
  const now = ctx.now();
  const observed: Observed[] = await tx
    .select({ speciesId: observations.speciesId, rarity: dinosaurSpecies.rarity })
    .from(observations)
    .leftJoin(dinosaurSpecies, eq(dinosaurSpecies.id, observations.speciesId))
    .where(and(eq(observations.playerId, player.id), eq(observations.success, true)));
  const progressRows = await progressRowsOf(tx, player.id, rows.map((r) => r.id));
  for (const row of rows) {
    const current = progressRows.get(row.id);
    if (current?.status === 'done') continue;
    const deadline = deadlineOf(row, session);
    if (deadline !== null && now > deadline) continue;
    const progress = observeProgress(row, observed);
    if (progress === (current?.progress ?? 0)) continue;
    const done = progress >= challengeGoal(row);
    const saved = await saveProgress(
      tx,
      row.id,
      player.id,
      { progress, ...(done ? { status: 'done' as const, pointsAwarded: row.points, completedAt: now } : {}) },
      now,
    );
    await publishProgress(ctx, tx, session, player, row, saved);
  }
}

// --- The game master's view and changes ---

export type SessionChallengesView = z.infer<typeof SessionChallengesOutput>;

export async function sessionView(ctx: ChallengesCtx, session: GameSessionRow): Promise<SessionChallengesView> {
  const settings = await ctx.db.transaction((tx) => ensureSessionChallenges(tx, session));
  const rows = await sessionChallengeRows(ctx.db, session.id);
  const players = await ctx.db
    .select({ id: sessionPlayers.id, userId: sessionPlayers.userId, handle: sessionPlayers.handle })
    .from(sessionPlayers)
    .where(eq(sessionPlayers.sessionId, session.id))
    .orderBy(asc(sessionPlayers.id));
  const ids = rows.map((r) => r.id);
  const progress = ids.length === 0 ? [] : await ctx.db.select().from(challengeProgress).where(inArray(challengeProgress.challengeId, ids));
  const hintRows = await ctx.db
    .select({ playerId: challengeHints.playerId, cost: challengeHints.cost })
    .from(challengeHints)
    .where(eq(challengeHints.sessionId, session.id));
  const now = ctx.now();
  return {
    sessionId: session.id,
    hintCost: settings.hintCost,
    hintAllowance: settings.hintAllowance,
    challenges: await toChallengeOutputs(ctx.db, rows, session),
    hunters: players.map((p) => {
      const mine = progress.filter((r) => r.playerId === p.id);
      const byChallenge = new Map(mine.map((r) => [r.challengeId, r]));
      return {
        playerId: p.id,
        userId: p.userId,
        hunterName: p.handle,
        totals: totalsFrom(mine, hintRows.filter((h) => h.playerId === p.id)),
        progress: rows.map((r) => toProgressOutput(r, byChallenge.get(r.id), session, now)),
      };
    }),
  };
}

/**
 * The game master adjusts the session's objectives and hint settings. An objective kept (same kind and
 * title at the same place in the list) keeps its id and so the hunters' progress; others start afresh.
 */
export async function setSessionChallenges(
  ctx: ChallengesCtx,
  session: GameSessionRow,
  input: Settings & { challenges: readonly ChallengeFields[] },
): Promise<SessionChallengesView> {
  await ctx.db.transaction(async (tx) => {
    await lockFor(tx, 'game-session', session.id);
    await ensureSessionChallenges(tx, session);
    await assertReferences(tx, input.challenges);
    await tx
      .update(sessionChallengeSettings)
      .set({ hintCost: input.hintCost, hintAllowance: input.hintAllowance })
      .where(eq(sessionChallengeSettings.sessionId, session.id));
    const existing = await sessionChallengeRows(tx, session.id);
    const values = challengeValues(input.challenges);
    const kept = new Set<number>();
    for (const [i, v] of values.entries()) {
      const same = existing[i];
      if (same && same.kind === v.kind && same.title === v.title) {
        await tx.update(sessionChallenges).set(v).where(eq(sessionChallenges.id, same.id));
        kept.add(same.id);
      } else {
        await tx.insert(sessionChallenges).values({ ...v, sessionId: session.id });
      }
    }
    const gone = existing.filter((r) => !kept.has(r.id)).map((r) => r.id);
    if (gone.length > 0) await tx.delete(sessionChallenges).where(inArray(sessionChallenges.id, gone));
    await ctx.bus.publish(tx, {
      sessionId: session.id,
      type: 'challenges_changed',
      payload: { sessionId: session.id, timestamp: ctx.now(), count: values.length },
    });
  });
  return sessionView(ctx, session);
}

/** The session row again (its clock fields move with start and pause). */
export async function currentSession(db: Queryable, sessionId: number): Promise<GameSessionRow> {
  const [row] = await db.select().from(gameSessions).where(eq(gameSessions.id, sessionId)).limit(1);
  if (!row) throw notFound('Session not found');
  return row;
}

export type HunterCtx = ChallengesCtx & { user: User };
