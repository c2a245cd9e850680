// Hunter positions: stored for distance travelled and the game master's live map,
// published to the owner as hunter_location, and deleted 48 hours after the
// session ends (privacy policy). Writes are one access query, then one insert, one
// update and the event in one transaction. A fix implying more than 100 m/s from
// the last accepted one is ignored (see docs/decisions/300-*): the last position,
// which observations are measured from, only ever holds accepted fixes.
import type { FastifyInstance } from 'fastify';
import type { User } from 'lucia';
import type { HunterPosition } from '../../domain/contracts';
import { PositionInput } from '../../domain/comms-schemas';
import { PRECISION_TIERS, type PrecisionTier } from '../../domain/geo-types';
import { classifyFix, isSpeedOutlier } from '../../domain/gps';
import { type Column, and, asc, eq, gt, inArray, isNotNull, isNull, lte, notExists, or, } from 'drizzle-orm';
import { ABANDONED_SESSION_MS, GPS_RETENTION_MS, SMOOTHING_MIN_SAMPLES } from '../../domain/rules';
import { POSITION_PURGE_INTERVAL_MS } from './limits';
import { distanceMeters } from '../../domain/scanner';
import type { Queryable } from '../db/client';
import { deleteSessionPositions, sessionsPastRetention } from '../db/queries/position-retention';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, tooManyRequests } from '../errors';
import { removeUpload, uploadKeyOf } from '../storage/uploads';
import { events, gameSessions, messages, positions, sessionPlayers } from '../db/schema';
import { constantOne, plus } from '../db/expressions';
import { commsAccess, type PlayerPosition } from './comms-access';
import { POSITION_REFUSAL } from './write-limits';
import { requireSubscription } from './plan-limits';
import { endSession } from './game-sessions';
import { awardAfterStep } from './achievements';
import { judgeHunterFix } from './play-area';

export type PositionResult = {
  /**
   * False when the fix implies more than OUTLIER_MAX_SPEED_MPS from the last
   * accepted one: nothing is stored or published and the last position stays.
   */
  accepted: boolean;
  precision: PrecisionTier;
  /** Metres added to the distance travelled by this fix (0 for jitter and implausible jumps). */
  stepMeters: number;
  distanceTraveled: number;
  timestamp: number;
};

type PositionsCtx = Pick<AppDeps, 'db' | 'bus' | 'now'> & {
  user: User;
  /** The position budget (POSITION_BUDGET_*, decision 710), shared by every door. */
  writeLimits: Pick<AppDeps['writeLimits'], 'position'>;
  /** Sets Retry-After on a refusal, where there is an HTTP response. */
  setHeader?: (name: string, value: string) => void;
};

const TIER_RANK: Record<PrecisionTier, number> = Object.fromEntries(PRECISION_TIERS.map((t, i) => [t, i])) as Record<
  PrecisionTier,
  number
>;

/** The client's tier, but never better than the accuracy allows (a 40 m fix is not ultra_high). */
export function precisionFor(accuracy: number, claimed: string | undefined): PrecisionTier {
  const best = classifyFix(accuracy, SMOOTHING_MIN_SAMPLES);
  if (claimed && (PRECISION_TIERS as readonly string[]).includes(claimed)) {
    const tier = claimed as PrecisionTier;
    return TIER_RANK[tier] >= TIER_RANK[best] ? tier : best;
  }
  return classifyFix(accuracy, 0);
}

type Fix = { lat: number; lng: number; accuracy: number; timestamp: number };

/**
 * True when `fix` implies more than 100 m/s from the player's last accepted
 * position (the domain's speed rule). The first fix never is; and since an
 * ignored fix leaves the last position and its time as they were, the same
 * place is accepted once enough time has passed to reach it at 100 m/s.
 */
export function isImplausibleJump(player: PlayerPosition, fix: Fix): boolean {
  const { lastLat, lastLng, lastAccuracy, lastPositionAt } = player;
  if (lastLat === null || lastLng === null || lastPositionAt === null) return false;
  return isSpeedOutlier({ lat: lastLat, lng: lastLng, accuracy: lastAccuracy ?? fix.accuracy, timestamp: lastPositionAt }, fix);
}

/**
 * Distance bookkeeping for an accepted fix (implausible jumps never get here).
 * A move from the anchor smaller than the fix's accuracy is jitter: it counts
 * nothing and keeps the anchor, so slow walking still adds up once it leaves
 * the accuracy circle.
 */
export function distanceStep(player: PlayerPosition, fix: Fix): { step: number; anchor: Fix } {
  const { anchorLat, anchorLng, anchorAt } = player;
  if (anchorLat === null || anchorLng === null || anchorAt === null) return { step: 0, anchor: fix };
  const anchor = { lat: anchorLat, lng: anchorLng, accuracy: fix.accuracy, timestamp: anchorAt };
  const d = distanceMeters(anchor, fix);
  if (!Number.isFinite(d) || d < fix.accuracy) return { step: 0, anchor };
  return { step: d, anchor: fix };
}

/**
 * Stores a hunter's fix (REST, tRPC and /ws hunter_location) and tells the owner. Each hunter
 * has a budget of reports (write-limits.ts): past it, 429 and nothing is stored.
 */
export async function recordPosition(ctx: PositionsCtx, sessionId: number, raw: unknown): Promise<PositionResult> {
  const parsed = PositionInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, { fieldErrors: { [issue.path.join('.') || '_']: issue.message } });
  }
  const input = parsed.data;
  const access = await commsAccess(ctx, sessionId);
  const player = access.player;
  if (!player) throw forbidden('Only hunters of this session report positions');
  if (access.status === 'completed') throw conflict('This session has ended');

  const now = ctx.now();
  // Every report that would be stored counts, whichever door it came through; past the budget,
  // 429 before anything is written or published.
  const wait = await ctx.writeLimits.position.take(player.id, now);
  if (wait !== null) {
    ctx.setHeader?.('retry-after', String(wait));
    throw tooManyRequests(POSITION_REFUSAL, { retryAfterSeconds: wait });
  }
  const precision = precisionFor(input.accuracy, input.precision);
  const fix = { lat: input.lat, lng: input.lng, accuracy: input.accuracy, timestamp: now };
  if (isImplausibleJump(player, fix)) {
    return { accepted: false, precision, stepMeters: 0, distanceTraveled: player.distanceTraveledM, timestamp: now };
  }
  const { step, anchor } = distanceStep(player, fix);
  const distanceTraveled = player.distanceTraveledM + step;
  // The fix, the player's last position and the event commit together or not at all.
  await ctx.db.transaction(async (tx) => {
    await tx.insert(positions).values({
      sessionId,
      playerId: player.id,
      lat: fix.lat,
      lng: fix.lng,
      accuracy: fix.accuracy,
      precision,
      recordedAt: now,
    });
    await tx
      .update(sessionPlayers)
      .set({
        lastLat: fix.lat,
        lastLng: fix.lng,
        lastAccuracy: fix.accuracy,
        lastPrecision: precision,
        lastPositionAt: now,
        anchorLat: anchor.lat,
        anchorLng: anchor.lng,
        anchorAt: anchor.timestamp,
        distanceTraveledM: plus(sessionPlayers.distanceTraveledM, step),
      })
      .where(eq(sessionPlayers.id, player.id));
    await ctx.bus.publish(tx, {
      sessionId,
      type: 'hunter_location',
      // HQ, and the hunter's teammates (issue 42): never another team's hunters.
      audience: player.teamId === null ? 'owner' : `team:${player.teamId}`,
      payload: {
        sessionId,
        userId: ctx.user.id,
        playerId: player.id,
        hunterName: player.handle,
        teamId: player.teamId,
        location: { lat: fix.lat, lng: fix.lng },
        accuracy: fix.accuracy,
        precision,
        distanceTraveled,
        timestamp: now,
      },
    });
  });
  // A guest's whole distance is this hunt's; an account's is summed over its hunts.
  const huntTotal = ctx.user.isGuest ? distanceTraveled : null;
  await awardAfterStep(ctx, { id: player.id, userId: ctx.user.id, sessionId, handle: player.handle }, step, huntTotal);
  // The server decides where the hunter is (never the client alone): a change goes to the hunter and the owner.
  await judgeHunterFix(ctx, access.gameSession, player, ctx.user.id, fix);
  return { accepted: true, precision, stepMeters: step, distanceTraveled, timestamp: now };
}

/**
 * The latest position of every hunter of the session who reported one (game master's live map).
 * The retention purge clears the position but keeps its time (it dates the session's last
 * activity): such a hunter has no position to show.
 */
/**
 * Whose latest positions the caller reads (GET hunter-locations): null, every hunter's (the owner with an
 * active plan, admins); a team id, that team's (a hunter in it, issue 42). 403 for a hunter in no team,
 * 404/403 for a session they have no part in.
 */
export async function trackingTeam(ctx: Pick<AppDeps, 'db' | 'now'> & { user: User }, sessionId: number): Promise<number | null> {
  const access = await commsAccess(ctx, sessionId);
  if (access.role === 'owner') await requireSubscription(ctx, ctx.user);
  if (access.seesAll) return null;
  const teamId = access.player?.teamId ?? null;
  if (teamId === null) throw forbidden("Hunters see their teammates' positions only, and you are not in a team");
  return teamId;
}

export async function latestPositions(q: Queryable, sessionId: number, teamId: number | null = null): Promise<HunterPosition[]> {
  const rows = (await q
    .select({
      userId: sessionPlayers.userId,
      playerId: sessionPlayers.id,
      hunterName: sessionPlayers.handle,
      teamId: sessionPlayers.teamId,
      lat: sessionPlayers.lastLat,
      lng: sessionPlayers.lastLng,
      accuracy: sessionPlayers.lastAccuracy,
      precision: sessionPlayers.lastPrecision,
      distanceTraveled: sessionPlayers.distanceTraveledM,
      timestamp: sessionPlayers.lastPositionAt,
    })
    .from(sessionPlayers)
    .where(
      and(
        eq(sessionPlayers.sessionId, sessionId),
        isNotNull(sessionPlayers.lastPositionAt),
        isNotNull(sessionPlayers.lastLat),
        teamId === null ? undefined : eq(sessionPlayers.teamId, teamId),
      ),
    )
    .orderBy(asc(sessionPlayers.id))) as (Omit<HunterPosition, 'location'> & { lat: number; lng: number })[];
  return rows.map(({ lat, lng, ...r }) => ({ ...r, location: { lat, lng } }));
}

/**
 * Deletes the GPS data of sessions that ended more than GPS_RETENTION_MS ago:
 * position history, the players' last and anchor positions and zone states (play area), marked locations
 * on messages, the session's real-time event log (which holds positions), and
 * its media files (the message keeps its text, mediaUrl becomes null). One event without a
 * session, positions_purged, names the purged sessions (the polled reads' cache drops them).
 * A session has ended when it is completed (at end_time) or, not paused, its
 * planned end (start + duration + pauses) has passed; a session that is not live
 * counts from its last position or media message.
 */
export async function purgeExpiredPositions(
  ctx: Pick<AppDeps, 'db' | 'bus' | 'files'>,
  now: number,
): Promise<{ sessions: number; positions: number; mediaFiles: number }> {
  const { db } = ctx;
  const cutoff = now - GPS_RETENTION_MS;
  const ids = await sessionsPastRetention(db, cutoff);
  let deleted = 0;
  const mediaUrls: string[] = [];
  await db.transaction(async (tx) => {
    for (const id of ids) {
      deleted += await deleteSessionPositions(tx, id);
      await tx
        .update(sessionPlayers)
        .set({
          lastLat: null,
          lastLng: null,
          lastAccuracy: null,
          lastPrecision: null,
          anchorLat: null,
          anchorLng: null,
          anchorAt: null,
          zoneState: null,
          zoneChangedAt: null,
        })
        .where(
          and(
            eq(sessionPlayers.sessionId, id),
            or(isNotNull(sessionPlayers.lastLat), isNotNull(sessionPlayers.anchorLat), isNotNull(sessionPlayers.zoneState)),
          ),
        );
      await tx
        .update(messages)
        .set({ lat: null, lng: null })
        .where(and(eq(messages.sessionId, id), isNotNull(messages.lat)));
      await tx.delete(events).where(eq(events.sessionId, id));
      // Media messages keep their text (and kind); the file goes (RETURNING would give the cleared value: read first).
      const withMedia = and(eq(messages.sessionId, id), isNotNull(messages.mediaUrl));
      for (const row of await tx.select({ url: messages.mediaUrl }).from(messages).where(withMedia)) mediaUrls.push(row.url!);
      await tx.update(messages).set({ mediaUrl: null }).where(withMedia);
    }
    // The sessions' own events are gone: one event outside them tells the cached reads (positions,
    // marked locations, media links) which sessions changed. No session: the purge never deletes it.
    if (ids.length > 0) {
      await ctx.bus.publish(tx, { sessionId: null, type: 'positions_purged', audience: 'owner', payload: { sessionIds: ids, timestamp: now } });
    }
  });
  // Files go once no row points at them any more (a failed removal leaves an orphan, never a broken link).
  // Through the file store (UPLOADS_DIR or S3). One that cannot be removed (the bucket unreachable) does not
  // stop the others; the run then fails with the count, which the caller logs.
  const failures: unknown[] = [];
  for (const url of mediaUrls) await removeUpload(ctx.files, uploadKeyOf(url)).catch((err: unknown) => failures.push(err));
  if (failures.length > 0) {
    throw new Error(`${failures.length} of ${mediaUrls.length} purged media files could not be deleted (they stay as orphans): ${String(failures[0])}`);
  }
  return { sessions: ids.length, positions: deleted, mediaFiles: mediaUrls.length };
}

/**
 * Runs the purge at start and every POSITION_PURGE_INTERVAL_MS while the server is up, on the process
 * that leads (decision 889: once across a cluster), and at once on a process that becomes the leader.
 */
export function registerPositionPurge(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'bus' | 'now' | 'log' | 'config' | 'leadership' | 'files'>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  // One run at a time: a take-over during a run joins it.
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= deps.leadership.runAsLeader(purgeOnce).then(() => {
      running = undefined;
    });
    return running;
  };
  const purgeOnce = async () => {
    try {
      const abandoned = await endAbandonedSessions(deps);
      if (abandoned > 0) deps.log.info(`Ended ${abandoned} abandoned sessions (no activity for 24 h)`);
      const { sessions, positions, mediaFiles } = await purgeExpiredPositions(deps, deps.now());
      if (positions > 0 || mediaFiles > 0) {
        deps.log.info(`Retention: deleted ${positions} positions and ${mediaFiles} media files of ${sessions} sessions`);
      }
    } catch (err) {
      deps.log.error(`GPS retention purge failed: ${String(err)}`);
    }
  };
  app.addHook('onReady', async () => {
    await run();
    // run() logs its own failures, so the interval's promise never rejects.
    timer = setInterval(() => void run(), POSITION_PURGE_INTERVAL_MS);
    timer.unref();
    unsubscribe = deps.leadership.onChange((leader) => {
      if (leader) void run();
    });
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    unsubscribe?.();
  });
}

/**
 * Sessions left paused or preparing with no activity for ABANDONED_SESSION_MS end
 * themselves (session_ended is published), so their data follows the retention
 * schedule. Activity: creation, start, pause, any event, any position. A start
 * scheduled within that time keeps a preparing session.
 */
export async function endAbandonedSessions(ctx: Pick<AppDeps, 'db' | 'bus' | 'now' | 'log'>): Promise<number> {
  const now = ctx.now();
  const cutoff = now - ABANDONED_SESSION_MS;
  // Every activity time at or before the cutoff (a missing one counts as none), and no event or position after it.
  const noLaterThanCutoff = (column: Column) => or(isNull(column), lte(column, cutoff));
  const rows = await ctx.db
    .select()
    .from(gameSessions)
    .where(
      and(
        inArray(gameSessions.status, ['preparing', 'paused']),
        noLaterThanCutoff(gameSessions.scheduledStartTime),
        lte(gameSessions.createdAt, cutoff),
        noLaterThanCutoff(gameSessions.startTime),
        noLaterThanCutoff(gameSessions.pausedAt),
        notExists(
          ctx.db
            .select({ one: constantOne() })
            .from(events)
            .where(and(eq(events.sessionId, gameSessions.id), gt(events.createdAt, cutoff))),
        ),
        notExists(
          ctx.db
            .select({ one: constantOne() })
            .from(positions)
            .where(and(eq(positions.sessionId, gameSessions.id), gt(positions.recordedAt, cutoff))),
        ),
      ),
    );
  let ended = 0;
  for (const row of rows) {
    try {
      await endSession(ctx, row);
      ended += 1;
    } catch (err) {
      ctx.log.warn(`Could not end abandoned session ${row.id}: ${String(err)}`);
    }
  }
  return ended;
}
