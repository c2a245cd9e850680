// A hunter playing the challenges (issue #44): reading their objectives, answering a quiz, checking in
// at a point, submitting a photo, taking a hint; and the game master judging photos. Every rule is here,
// behind every door (REST, tRPC over HTTP and over the socket): the attempts are counted in the database
// under the session's lock, so no door and no parallel request gets more (decision 926).
import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type AnswerValue,
  answerText,
  checkAnswer,
  correctAnswerText,
  DIRECTION_HINT_MS,
  QUIZ_MAX_ATTEMPTS,
  WRONG_ANSWER_PENALTY,
} from '../../domain/challenges';
import { OBSERVATION_POSITION_MAX_AGE_MS } from '../../domain/rules';
import { bearingDegrees, compassPoint, distanceMeters, isTargetable } from '../../domain/scanner';
import type { Tx } from '../db/client';
import { lockFor } from '../db/locks';
import {
  challengeHints,
  type GameSessionRow,
  messages,
  observations,
  questionAttempts,
  type SessionChallengeRow,
  sessionChallenges,
  sessionDinosaurs,
  sessionPlayers,
  speciesQuestions,
} from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import type {
  AnswerOutput,
  CheckInOutput,
  HintOutput,
  MyChallengesOutput,
} from '../routers/challenges/challenges.types';
import {
  currentSession,
  deadlineOf,
  ensureSessionChallenges,
  type HunterCtx,
  progressRowsOf,
  publishProgress,
  saveProgress,
  sessionChallengeRows,
  toChallengeOutputs,
  toProgressOutput,
  totalsOf,
} from './challenges';
import { isRunning } from './session-clock';
import { requireSessionAccess } from './session-access';
import { toPublicQuestion } from './species-questions';

type Player = typeof sessionPlayers.$inferSelect;

async function requireHunter(ctx: HunterCtx, sessionId: number) {
  const access = await requireSessionAccess(ctx, sessionId);
  if (access.role !== 'player') throw forbidden('Only hunters in this session can take part in its challenges');
  return access.player;
}

/** A running session and the caller's fresh player row, in the transaction under the session's lock. */
async function lockedPlay(tx: Tx, sessionId: number, playerId: number): Promise<{ session: GameSessionRow; player: Player }> {
  await lockFor(tx, 'game-session', sessionId);
  const session = await currentSession(tx, sessionId);
  if (!isRunning(session.status)) throw conflict(`Session Error: the session is not active (${session.status})`);
  const [player] = await tx.select().from(sessionPlayers).where(eq(sessionPlayers.id, playerId)).limit(1);
  if (!player || player.removedAt !== null) throw forbidden('Only hunters in this session can take part in its challenges');
  await ensureSessionChallenges(tx, session);
  return { session, player };
}

async function challengeOf(tx: Tx, sessionId: number, challengeId: number): Promise<SessionChallengeRow> {
  const [row] = await tx
    .select()
    .from(sessionChallenges)
    .where(and(eq(sessionChallenges.id, challengeId), eq(sessionChallenges.sessionId, sessionId)))
    .limit(1);
  if (!row) throw notFound('Objective not found');
  return row;
}

function assertBeforeDeadline(row: SessionChallengeRow, session: GameSessionRow, now: number): void {
  const deadline = deadlineOf(row, session);
  if (deadline !== null && now > deadline) throw conflict(`Time is up for "${row.title}"`);
}

// --- Reading ---

export async function myChallenges(ctx: HunterCtx, sessionId: number): Promise<z.infer<typeof MyChallengesOutput>> {
  const playerRow = await requireHunter(ctx, sessionId);
  const session = await currentSession(ctx.db, sessionId);
  const settings = await ctx.db.transaction((tx) => ensureSessionChallenges(tx, session));
  const rows = await sessionChallengeRows(ctx.db, sessionId);
  const outputs = await toChallengeOutputs(ctx.db, rows, session);
  const progress = await progressRowsOf(ctx.db, playerRow.id, rows.map((r) => r.id));
  const questionIds = rows.flatMap((r) => (r.questionId === null ? [] : [r.questionId]));
  const questions =
    questionIds.length === 0
      ? new Map()
      : new Map((await ctx.db.select().from(speciesQuestions).where(inArray(speciesQuestions.id, questionIds))).map((q) => [q.id, q]));
  const clued = new Set(
    (
      await ctx.db
        .select({ challengeId: challengeHints.challengeId })
        .from(challengeHints)
        .where(and(eq(challengeHints.playerId, playerRow.id), eq(challengeHints.kind, 'clue')))
    ).map((h) => h.challengeId),
  );
  const hintsTaken = await hintsTakenBy(ctx.db, sessionId, playerRow.id);
  const now = ctx.now();
  return {
    sessionId,
    hintCost: settings.hintCost,
    hintAllowance: settings.hintAllowance,
    hintsLeft: Math.max(0, settings.hintAllowance - hintsTaken),
    totals: await totalsOf(ctx.db, sessionId, playerRow.id),
    challenges: rows.map((row, i) => {
      const p = toProgressOutput(row, progress.get(row.id), session, now);
      const question = row.questionId === null ? undefined : questions.get(row.questionId);
      // The answer only once this hunter's quiz is closed: answered right, or every attempt used.
      const closed = p.status === 'done' || (progress.get(row.id)?.wrongAnswers ?? 0) >= QUIZ_MAX_ATTEMPTS;
      return {
        challenge: outputs[i]!,
        progress: p,
        question: question ? toPublicQuestion(question) : null,
        correctAnswer: question && closed ? correctAnswerText(question) : null,
        clue: question && clued.has(row.id) ? question.clue : null,
      };
    }),
  };
}

async function hintsTakenBy(db: HunterCtx['db'] | Tx, sessionId: number, playerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(challengeHints)
    .where(and(eq(challengeHints.sessionId, sessionId), eq(challengeHints.playerId, playerId)));
  return row?.n ?? 0;
}

// --- Quiz ---

export async function answerQuiz(
  ctx: HunterCtx,
  input: { sessionId: number; challengeId: number; answer: AnswerValue },
): Promise<z.infer<typeof AnswerOutput>> {
  const playerRow = await requireHunter(ctx, input.sessionId);
  return ctx.db.transaction(async (tx) => {
    const { session, player } = await lockedPlay(tx, input.sessionId, playerRow.id);
    const now = ctx.now();
    const row = await challengeOf(tx, session.id, input.challengeId);
    if (row.kind !== 'quiz' || row.questionId === null) throw badRequest('This objective is not a quiz');
    const [question] = await tx.select().from(speciesQuestions).where(eq(speciesQuestions.id, row.questionId)).limit(1);
    if (!question) throw notFound('Question not found');
    const correct = checkAnswer(question, input.answer);
    if (correct === null) {
      throw badRequest(question.kind === 'choice' ? 'Answer with one of the choices' : 'Answer with a number', {
        fieldErrors: { answer: question.kind === 'choice' ? 'Answer with one of the choices' : 'Answer with a number' },
      });
    }
    const [previous] = await tx
      .select({ n: count() })
      .from(questionAttempts)
      .where(and(eq(questionAttempts.challengeId, row.id), eq(questionAttempts.playerId, player.id)));
    const existing = (await progressRowsOf(tx, player.id, [row.id])).get(row.id);
    if (existing?.status === 'done') throw conflict('You have already answered this question');
    if ((previous?.n ?? 0) >= QUIZ_MAX_ATTEMPTS) throw conflict(`No attempts left: each question allows ${QUIZ_MAX_ATTEMPTS}`);
    assertBeforeDeadline(row, session, now);
    await tx.insert(questionAttempts).values({
      challengeId: row.id,
      playerId: player.id,
      answer: answerText(question, input.answer),
      correct,
      createdAt: now,
    });
    const wrongAnswers = (existing?.wrongAnswers ?? 0) + (correct ? 0 : 1);
    const closed = correct || wrongAnswers >= QUIZ_MAX_ATTEMPTS;
    const saved = await saveProgress(
      tx,
      row.id,
      player.id,
      correct
        ? { progress: 1, status: 'done', pointsAwarded: row.points, wrongAnswers, completedAt: now }
        : { wrongAnswers, status: closed ? 'failed' : 'open' },
      now,
    );
    const totals = await publishProgress(ctx, tx, session, player, row, saved);
    const left = QUIZ_MAX_ATTEMPTS - wrongAnswers;
    return {
      correct,
      message: correct
        ? `Correct! +${row.points} points`
        : closed
          ? `Wrong answer (-${WRONG_ANSWER_PENALTY} points). No attempts left.`
          : `Wrong answer (-${WRONG_ANSWER_PENALTY} points). ${left} attempt${left === 1 ? '' : 's'} left.`,
      correctAnswer: closed ? correctAnswerText(question) : null,
      progress: toProgressOutput(row, saved, session, now),
      totals,
    };
  });
}

// --- Reach a point ---

/** Where the server last saw the hunter: a fresh accepted fix, never the client's claim. */
function lastFix(player: Player, now: number) {
  if (player.lastLat === null || player.lastLng === null || player.lastPositionAt === null) {
    throw conflict('Your position is unknown: enable GPS to check in');
  }
  if (now - player.lastPositionAt > OBSERVATION_POSITION_MAX_AGE_MS) throw conflict('Your position is out of date: wait for a fresh GPS fix');
  return { lat: player.lastLat, lng: player.lastLng };
}

export async function checkIn(ctx: HunterCtx, input: { sessionId: number }): Promise<z.infer<typeof CheckInOutput>> {
  const playerRow = await requireHunter(ctx, input.sessionId);
  return ctx.db.transaction(async (tx) => {
    const { session, player } = await lockedPlay(tx, input.sessionId, playerRow.id);
    const now = ctx.now();
    const here = lastFix(player, now);
    const rows = (await sessionChallengeRows(tx, session.id)).filter((r) => r.kind === 'reach_point');
    const progress = await progressRowsOf(tx, player.id, rows.map((r) => r.id));
    const reached: SessionChallengeRow[] = [];
    let nearest: { challengeId: number; distanceM: number } | null = null;
    for (const row of rows) {
      if (progress.get(row.id)?.status === 'done') continue;
      const deadline = deadlineOf(row, session);
      if (deadline !== null && now > deadline) continue;
      const d = distanceMeters(here, { lat: row.latitude!, lng: row.longitude! });
      if (d <= row.radiusM!) {
        const saved = await saveProgress(tx, row.id, player.id, { progress: 1, status: 'done', pointsAwarded: row.points, completedAt: now }, now);
        await publishProgress(ctx, tx, session, player, row, saved);
        reached.push(row);
      } else if (nearest === null || d < nearest.distanceM) {
        nearest = { challengeId: row.id, distanceM: Math.round(d) };
      }
    }
    const message =
      reached.length > 0
        ? `Checked in: ${reached.map((r) => `${r.title} (+${r.points} points)`).join(', ')}`
        : nearest
          ? `Not there yet: ${nearest.distanceM} m from the nearest point`
          : 'No point left to reach';
    return { reached: reached.map((r) => r.id), message, nearest, totals: await totalsOf(tx, session.id, player.id) };
  });
}

// --- Photo at a place (the game master judges) ---

export async function submitPhoto(
  ctx: HunterCtx,
  input: { sessionId: number; challengeId: number; messageId?: number | undefined },
): Promise<z.infer<typeof CheckInOutput>> {
  const playerRow = await requireHunter(ctx, input.sessionId);
  return ctx.db.transaction(async (tx) => {
    const { session, player } = await lockedPlay(tx, input.sessionId, playerRow.id);
    const now = ctx.now();
    const row = await challengeOf(tx, session.id, input.challengeId);
    if (row.kind !== 'photo_at_place') throw badRequest('This objective is not a photo at a place');
    assertBeforeDeadline(row, session, now);
    // The named photo, or the hunter's latest: always one of their own images in this session.
    const [photo] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.sessionId, session.id),
          eq(messages.senderUserId, player.userId),
          eq(messages.mediaType, 'image'),
          input.messageId === undefined ? undefined : eq(messages.id, input.messageId),
        ),
      )
      .orderBy(desc(messages.id))
      .limit(1);
    if (!photo) throw notFound('Photo not found: upload a photo in Comms first');
    const here = lastFix(player, now);
    const d = distanceMeters(here, { lat: row.latitude!, lng: row.longitude! });
    if (d > row.radiusM!) throw conflict(`Too far from the place: ${Math.round(d)} m away (within ${row.radiusM} m counts)`);
    const current = (await progressRowsOf(tx, player.id, [row.id])).get(row.id);
    if (current?.status === 'done') throw conflict('This photo objective is already done');
    const saved = await saveProgress(tx, row.id, player.id, { status: 'pending', mediaMessageId: photo.id }, now);
    const totals = await publishProgress(ctx, tx, session, player, row, saved);
    return { reached: [], message: 'Photo sent: the game master will judge it', nearest: null, totals };
  });
}

export async function reviewPhoto(
  ctx: HunterCtx,
  session: GameSessionRow,
  input: { playerId: number; challengeId: number; approved: boolean },
): Promise<z.infer<typeof CheckInOutput>> {
  return ctx.db.transaction(async (tx) => {
    await lockFor(tx, 'game-session', session.id);
    const row = await challengeOf(tx, session.id, input.challengeId);
    if (row.kind !== 'photo_at_place') throw badRequest('This objective is not a photo at a place');
    const [player] = await tx
      .select()
      .from(sessionPlayers)
      .where(and(eq(sessionPlayers.id, input.playerId), eq(sessionPlayers.sessionId, session.id)))
      .limit(1);
    if (!player) throw notFound('Hunter not found');
    const current = (await progressRowsOf(tx, player.id, [row.id])).get(row.id);
    if (current?.status !== 'pending') throw conflict('No photo is waiting for a decision');
    const now = ctx.now();
    const saved = await saveProgress(
      tx,
      row.id,
      player.id,
      input.approved ? { progress: 1, status: 'done', pointsAwarded: row.points, completedAt: now } : { status: 'open', mediaMessageId: null },
      now,
    );
    const totals = await publishProgress(ctx, tx, session, player, row, saved);
    return { reached: input.approved ? [row.id] : [], message: input.approved ? 'Photo approved' : 'Photo refused: the hunter may send another', nearest: null, totals };
  });
}

// --- Hints ---

export async function takeHint(
  ctx: HunterCtx,
  input: { sessionId: number; kind: 'direction' | 'clue'; challengeId?: number | undefined },
): Promise<z.infer<typeof HintOutput>> {
  const playerRow = await requireHunter(ctx, input.sessionId);
  return ctx.db.transaction(async (tx) => {
    const { session, player } = await lockedPlay(tx, input.sessionId, playerRow.id);
    const settings = await ensureSessionChallenges(tx, session);
    const now = ctx.now();
    const taken = await hintsTakenBy(tx, session.id, player.id);
    if (taken >= settings.hintAllowance) throw conflict(`No hints left: each hunter may take ${settings.hintAllowance}`);
    let direction: z.infer<typeof HintOutput>['direction'] = null;
    let clue: string | null = null;
    let row: SessionChallengeRow | null = null;
    if (input.kind === 'clue') {
      if (input.challengeId === undefined) throw badRequest('A clue needs the quiz objective (challengeId)', { fieldErrors: { challengeId: 'Choose a quiz' } });
      row = await challengeOf(tx, session.id, input.challengeId);
      if (row.kind !== 'quiz' || row.questionId === null) throw badRequest('A clue is for a quiz objective');
      const [question] = await tx.select().from(speciesQuestions).where(eq(speciesQuestions.id, row.questionId)).limit(1);
      if (!question?.clue) throw conflict('This question has no clue');
      const [already] = await tx
        .select({ id: challengeHints.id })
        .from(challengeHints)
        .where(and(eq(challengeHints.playerId, player.id), eq(challengeHints.challengeId, row.id), eq(challengeHints.kind, 'clue')))
        .limit(1);
      if (already) throw conflict('You already have the clue for this question');
      clue = question.clue;
    } else {
      const here = lastFix(player, now);
      const observed = tx
        .select({ id: observations.dinosaurId })
        .from(observations)
        .where(and(eq(observations.playerId, player.id), eq(observations.success, true)));
      const candidates = (
        await tx
          .select({ id: sessionDinosaurs.id, lat: sessionDinosaurs.latitude, lng: sessionDinosaurs.longitude, status: sessionDinosaurs.status })
          .from(sessionDinosaurs)
          .where(and(eq(sessionDinosaurs.sessionId, session.id), notInArray(sessionDinosaurs.id, observed)))
          .orderBy(asc(sessionDinosaurs.id))
      ).filter((d) => isTargetable(d.status));
      if (candidates.length === 0) throw conflict('Every dinosaur is observed: no direction to give');
      const nearest = candidates
        .map((d) => ({ d, m: distanceMeters(here, { lat: d.lat, lng: d.lng }) }))
        .reduce((a, b) => (b.m < a.m ? b : a));
      const bearing = bearingDegrees(here, { lat: nearest.d.lat, lng: nearest.d.lng });
      direction = {
        dinosaurId: nearest.d.id,
        bearing: Math.round(bearing),
        compass: compassPoint(bearing),
        distanceM: Math.round(nearest.m),
        latitude: nearest.d.lat,
        longitude: nearest.d.lng,
        showForMs: DIRECTION_HINT_MS,
      };
    }
    await tx.insert(challengeHints).values({
      sessionId: session.id,
      playerId: player.id,
      kind: input.kind,
      challengeId: row?.id ?? null,
      cost: settings.hintCost,
      createdAt: now,
    });
    // The hint's cost shows in the totals at HQ and on the hunter's Brief tab.
    const progressRow = row ? (await progressRowsOf(tx, player.id, [row.id])).get(row.id) : undefined;
    const anyRow = row ?? (await sessionChallengeRows(tx, session.id))[0];
    const totals = anyRow
      ? await publishProgress(ctx, tx, session, player, anyRow, progressRow)
      : await totalsOf(tx, session.id, player.id);
    return { kind: input.kind, cost: settings.hintCost, hintsLeft: settings.hintAllowance - taken - 1, direction, clue, totals };
  });
}
