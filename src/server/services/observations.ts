// Observations: a hunter of an active session fires one tranquilizer dart at a
// deployed dinosaur. The server decides: it measures the distance from the
// hunter's last accepted position (never the client's claim; positions.ts never
// accepts a fix implying more than 100 m/s from the previous one), needs it within
// OBSERVATION_RANGE_M (beyond it no dart is fired: decision 730), then rolls against the
// species' captureRate. A dinosaur counts once per hunter. See docs/decisions/200-*.
import { and, count, desc, eq } from 'drizzle-orm';
import type { User } from 'lucia';
import { isMissionComplete } from '../../domain/countdown';
import {
  OBSERVATION_POSITION_MAX_AGE_MS,
  OBSERVATION_RANGE_M,
  OBSERVATION_REPEAT_MS,
} from '../../domain/rules';
import { distanceMeters, isTargetable } from '../../domain/scanner';
import type { ObservationInput } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import { lockFor } from '../db/locks';
import { dinosaurSpecies, observations, sessionDinosaurs, sessionPlayers } from '../db/schema';
import { minus, plus } from '../db/expressions';
import { conflict, forbidden, notFound } from '../errors';
import { awardAfterWrite } from './achievements';
import { publishTeamRanking } from './teams';
import { refreshSession, type SessionsCtx } from './game-sessions';
import { isRunning } from './session-clock';
import { requireSessionAccess } from './session-access';
import type { z } from 'zod';
import type { ObservationOutputSchema } from '../routers/stats.types';

/** The answer as the procedure's output schema declares it (one contract: stats.types). */
export type ObservationOutput = z.infer<typeof ObservationOutputSchema>;

export type Random = () => number;

export async function recordObservation(
  ctx: SessionsCtx & { user: User },
  input: ObservationInput,
  random: Random = Math.random,
): Promise<ObservationOutput> {
  const access = await requireSessionAccess(ctx, input.sessionId);
  if (access.role !== 'player') throw forbidden('Only hunters in this session can record observations');
  const session = await refreshSession(ctx, access.gameSession);
  if (!isRunning(session.status)) throw conflict(`Session Error: the session is not active (${session.status})`);
  const playerId = access.player.id;

  // The dart, its counts and hunter_progress commit together (or not at all).
  const { result, player } = await ctx.db.transaction(async (tx) => {
    // Darts left and the repeat rule are read, then written: one dart of the session at a time.
    await lockFor(tx, 'game-session', session.id);
    const now = ctx.now();
    const [player] = await tx.select().from(sessionPlayers).where(eq(sessionPlayers.id, playerId)).limit(1);
    if (!player) throw forbidden('Only hunters in this session can record observations');
    const [dino] = await tx
      .select({
        id: sessionDinosaurs.id,
        status: sessionDinosaurs.status,
        latitude: sessionDinosaurs.latitude,
        longitude: sessionDinosaurs.longitude,
        speciesId: dinosaurSpecies.id,
        speciesName: dinosaurSpecies.name,
        captureRate: dinosaurSpecies.captureRate,
      })
      .from(sessionDinosaurs)
      .innerJoin(dinosaurSpecies, eq(dinosaurSpecies.id, sessionDinosaurs.speciesId))
      .where(and(eq(sessionDinosaurs.id, input.dinosaurId), eq(sessionDinosaurs.sessionId, session.id)))
      .limit(1);
    if (!dino) throw notFound(SESSION_MESSAGES.dinosaurRequired);
    if (!isTargetable(dino.status)) throw conflict('This dinosaur cannot be observed');

    const [previous] = await tx
      .select({ success: observations.success, createdAt: observations.createdAt })
      .from(observations)
      .where(and(eq(observations.playerId, player.id), eq(observations.dinosaurId, dino.id)))
      .orderBy(desc(observations.success), desc(observations.createdAt))
      .limit(1);
    if (previous?.success) throw conflict(`You have already observed this ${dino.speciesName}`);
    if (previous && now - previous.createdAt < OBSERVATION_REPEAT_MS) {
      throw conflict('An observation of this dinosaur is already in progress');
    }
    if (player.dartsRemaining <= 0) throw conflict('No darts remaining');
    if (player.lastLat === null || player.lastLng === null || player.lastPositionAt === null) {
      throw conflict('Your position is unknown: enable GPS to observe');
    }
    if (now - player.lastPositionAt > OBSERVATION_POSITION_MAX_AGE_MS) {
      throw conflict('Your position is out of date: wait for a fresh GPS fix');
    }

    const distance = distanceMeters({ lat: player.lastLat, lng: player.lastLng }, { lat: dino.latitude, lng: dino.longitude });
    const inRange = distance <= OBSERVATION_RANGE_M;
    // Out of range the dart is not fired: nothing is stored or counted (decision 730).
    const success = inRange && random() < dino.captureRate;
    if (inRange) {
      await tx.insert(observations).values({
        sessionId: session.id,
        playerId: player.id,
        dinosaurId: dino.id,
        speciesId: dino.speciesId,
        success,
        distanceM: distance,
        // It scores for the hunter's team of the moment (decision 973).
        teamId: player.teamId,
        createdAt: now,
      });
      await tx
        .update(sessionPlayers)
        .set({ dartsRemaining: minus(sessionPlayers.dartsRemaining, 1), dartsUsed: plus(sessionPlayers.dartsUsed, 1) })
        .where(eq(sessionPlayers.id, player.id));
    }

    const [observedRow] = await tx
      .select({ n: count() })
      .from(observations)
      .where(and(eq(observations.playerId, player.id), eq(observations.success, true)));
    const [totalRow] = await tx.select({ n: count() }).from(sessionDinosaurs).where(eq(sessionDinosaurs.sessionId, session.id));
    const counts = { observed: observedRow?.n ?? 0, total: totalRow?.n ?? 0 };
    const missionComplete = isMissionComplete(counts.observed, counts.total);
    if (missionComplete && player.completionTime === null) {
      await tx.update(sessionPlayers).set({ completionTime: now }).where(eq(sessionPlayers.id, player.id));
    }
    const outcome = { observed: counts.observed, total: counts.total, missionComplete };
    const rounded = Math.round(distance * 10) / 10;
    const result: ObservationOutput = {
      success,
      outcome: success ? 'observed' : inRange ? 'missed' : 'out_of_range',
      message: success
        ? `${dino.speciesName} observed!`
        : inRange
          ? 'Shot Failed'
          : `Too far away: get within ${OBSERVATION_RANGE_M} m (you are ${Math.round(distance)} m away)`,
      dinosaurId: dino.id,
      speciesId: dino.speciesId,
      speciesName: dino.speciesName,
      distance: rounded,
      range: OBSERVATION_RANGE_M,
      observationRate: Math.round(dino.captureRate * 100),
      dartsRemaining: inRange ? player.dartsRemaining - 1 : player.dartsRemaining,
      dartsUsed: inRange ? player.dartsUsed + 1 : player.dartsUsed,
      dinosaursObserved: outcome.observed,
      totalDinosaurs: outcome.total,
      missionComplete: outcome.missionComplete,
    };
    // Nothing changed out of range: no event (the answer alone tells the hunter how far to walk).
    if (!inRange) return { result, player };
    await ctx.bus.publish(tx, {
      sessionId: session.id,
      type: 'hunter_progress',
      audience: 'owner',
      payload: {
        sessionId: session.id,
        timestamp: ctx.now(),
        userId: ctx.user.id,
        hunterId: ctx.user.id,
        hunterName: player.handle,
        dinosaurId: dino.id,
        success,
        dinosaursObserved: result.dinosaursObserved,
        dartsRemaining: result.dartsRemaining,
        missionComplete: result.missionComplete,
        ...(input.distance !== undefined ? { reportedDistance: input.distance } : {}),
        distance: rounded,
      },
    });
    // A team's dart moves the teams' ranking (its accuracy at least): everyone sees the new one.
    if (player.teamId !== null) await publishTeamRanking(ctx, tx, session);
    return { result, player };
  });
  // Achievements after the hunter_progress event has committed (HQ hears the dart, then what it earned).
  if (result.outcome !== 'out_of_range') {
    await awardAfterWrite(ctx, { id: player.id, userId: player.userId, sessionId: session.id, handle: player.handle });
  }
  return result;
}
