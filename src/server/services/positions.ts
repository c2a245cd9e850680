// Hunter positions: stored for distance travelled and the game master's live map,
// published to the owner as hunter_location, and deleted 48 hours after the
// session ends (privacy policy). Writes are one access query, one insert and one
// update in a transaction, plus the event. A fix implying more than 100 m/s from
// the last accepted one is ignored (see docs/decisions/300-*): the last position,
// which observations are measured from, only ever holds accepted fixes.
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { User } from 'lucia';
import { PositionInput } from '../../domain/comms-schemas';
import { PRECISION_TIERS, type PrecisionTier } from '../../domain/geo-types';
import { classifyFix, isSpeedOutlier } from '../../domain/gps';
import { sql } from 'drizzle-orm';
import {
  ABANDONED_SESSION_MS,
  GPS_RETENTION_MS,
  MS_PER_MINUTE,
  POSITION_PURGE_INTERVAL_MS,
  SMOOTHING_MIN_SAMPLES,
} from '../../domain/rules';
import { distanceMeters } from '../../domain/scanner';
import type { Db } from '../db/client';
import { prepared } from './prepared';
import type { ReadCache } from './read-cache';
import type { AppDeps } from '../deps';
import { badRequest, conflict, forbidden, tooManyRequests } from '../errors';
import { gameSessions } from '../db/schema';
import { commsAccess, type PlayerPosition } from './comms-access';
import { POSITION_REFUSAL } from './write-limits';
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

type Statements = {
  insert: Database.Statement<[number, number, number, number, number, string, number]>;
  update: Database.Statement<
    [number, number, number, string, number, number, number, number, number, number]
  >;
  write: (insertArgs: Parameters<Statements['insert']['run']>, updateArgs: Parameters<Statements['update']['run']>) => void;
};
const cache = new WeakMap<Database.Database, Statements>();

function statements(db: Db): Statements {
  let s = cache.get(db.$client);
  if (!s) {
    const c = db.$client;
    const insert = c.prepare<[number, number, number, number, number, string, number]>(
      'INSERT INTO positions (session_id, player_id, lat, lng, accuracy, precision, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    const update = c.prepare<[number, number, number, string, number, number, number, number, number, number]>(
      `UPDATE session_players SET last_lat = ?, last_lng = ?, last_accuracy = ?, last_precision = ?, last_position_at = ?,
         anchor_lat = ?, anchor_lng = ?, anchor_at = ?, distance_traveled_m = distance_traveled_m + ?
       WHERE id = ?`,
    );
    const write = c.transaction((insertArgs: Parameters<typeof insert.run>, updateArgs: Parameters<typeof update.run>) => {
      insert.run(...insertArgs);
      update.run(...updateArgs);
    });
    s = { insert, update, write };
    cache.set(db.$client, s);
  }
  return s;
}

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
export function recordPosition(ctx: PositionsCtx, sessionId: number, raw: unknown): PositionResult {
  const parsed = PositionInput.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(issue.message, { fieldErrors: { [issue.path.join('.') || '_']: issue.message } });
  }
  const input = parsed.data;
  const access = commsAccess(ctx, sessionId);
  const player = access.player;
  if (!player) throw forbidden('Only hunters of this session report positions');
  if (access.status === 'completed') throw conflict('This session has ended');

  const now = ctx.now();
  // Every report that would be stored counts, whichever door it came through; past the budget,
  // 429 before anything is written or published.
  const wait = ctx.writeLimits.position.take(player.id, now);
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
  statements(ctx.db).write(
    [sessionId, player.id, fix.lat, fix.lng, fix.accuracy, precision, now],
    [fix.lat, fix.lng, fix.accuracy, precision, now, anchor.lat, anchor.lng, anchor.timestamp, step, player.id],
  );
  const distanceTraveled = player.distanceTraveledM + step;
  ctx.bus.publish({
    sessionId,
    type: 'hunter_location',
    audience: 'owner',
    payload: {
      sessionId,
      userId: ctx.user.id,
      playerId: player.id,
      hunterName: player.handle,
      location: { lat: fix.lat, lng: fix.lng },
      accuracy: fix.accuracy,
      precision,
      distanceTraveled,
      timestamp: now,
    },
  });
  // A guest's whole distance is this hunt's; an account's is summed over its hunts.
  const huntTotal = ctx.user.isGuest ? distanceTraveled : null;
  awardAfterStep(ctx, { id: player.id, userId: ctx.user.id, sessionId, handle: player.handle }, step, huntTotal);
  // The server decides where the hunter is (never the client alone): a change goes to the hunter and the owner.
  judgeHunterFix(ctx, access.gameSession, player, ctx.user.id, fix);
  return { accepted: true, precision, stepMeters: step, distanceTraveled, timestamp: now };
}

export type HunterPositionDto = {
  userId: string;
  playerId: number;
  hunterName: string;
  location: { lat: number; lng: number };
  accuracy: number;
  precision: string;
  distanceTraveled: number;
  timestamp: number;
};

/**
 * The latest position of every hunter of the session who reported one (game master's live map).
 * The retention purge clears the position but keeps its time (it dates the session's last
 * activity): such a hunter has no position to show.
 */
export function latestPositions(db: Db, sessionId: number): HunterPositionDto[] {
  const rows = prepared(db, 'latest-positions', (d) =>
    d.$client.prepare(
      `SELECT user_id AS userId, id AS playerId, handle AS hunterName, last_lat AS lat, last_lng AS lng,
              last_accuracy AS accuracy, last_precision AS precision, distance_traveled_m AS distanceTraveled,
              last_position_at AS timestamp
         FROM session_players WHERE session_id = ? AND last_position_at IS NOT NULL AND last_lat IS NOT NULL ORDER BY id`,
    ),
  )
    .all(sessionId) as (Omit<HunterPositionDto, 'location'> & { lat: number; lng: number })[];
  return rows.map(({ lat, lng, ...r }) => ({ ...r, location: { lat, lng } }));
}

/**
 * Deletes the GPS data of sessions that ended more than GPS_RETENTION_MS ago:
 * position history, the players' last and anchor positions and zone states (play area), marked locations
 * on messages, the session's real-time event log (which holds positions), and
 * its media files (the message keeps its text, mediaUrl becomes null).
 * A session has ended when it is completed (at end_time) or, not paused, its
 * planned end (start + duration + pauses) has passed; a session that is not live
 * counts from its last position or media message.
 */
export function purgeExpiredPositions(
  db: Db,
  now: number,
  uploadsDir: string,
  readCache?: Pick<ReadCache, 'dropSession'>,
): { sessions: number; positions: number; mediaFiles: number } {
  const cutoff = now - GPS_RETENTION_MS;
  const c = db.$client;
  const ended = c
    .prepare(
      `SELECT gs.id FROM game_sessions gs
        WHERE ((gs.status = 'completed'
                AND COALESCE(gs.end_time, gs.start_time + gs.duration * ${MS_PER_MINUTE} + gs.paused_total_ms, gs.created_at) <= @cutoff)
            OR (gs.status <> 'completed' AND gs.paused_at IS NULL AND gs.start_time IS NOT NULL
                AND gs.start_time + gs.duration * ${MS_PER_MINUTE} + gs.paused_total_ms <= @cutoff)
            -- A session that is not live (paused, preparing or ended), whatever its status: by its last position.
            OR (gs.status NOT IN ('active', 'started')
                AND MAX(COALESCE((SELECT MAX(p.recorded_at) FROM positions p WHERE p.session_id = gs.id), 0),
                        COALESCE((SELECT MAX(sp.last_position_at) FROM session_players sp WHERE sp.session_id = gs.id), 0),
                        COALESCE((SELECT MAX(sp.anchor_at) FROM session_players sp WHERE sp.session_id = gs.id), 0),
                        COALESCE((SELECT MAX(m.created_at) FROM messages m
                                   WHERE m.session_id = gs.id AND m.media_url IS NOT NULL), 0))
                    <= @cutoff))
          -- only sessions with something left to delete, so old sessions cost nothing
          AND (EXISTS (SELECT 1 FROM positions p WHERE p.session_id = gs.id)
            OR EXISTS (SELECT 1 FROM events e WHERE e.session_id = gs.id)
            OR EXISTS (SELECT 1 FROM messages m WHERE m.session_id = gs.id AND m.media_url IS NOT NULL))`,
    )
    .all({ cutoff }) as { id: number }[];
  let positions = 0;
  const mediaUrls: string[] = [];
  const purge = c.transaction((ids: number[]) => {
    const mediaOf = c.prepare('SELECT media_url AS url FROM messages WHERE session_id = ? AND media_url IS NOT NULL');
    // Media messages keep their text (and kind); the file goes.
    const clearMedia = c.prepare('UPDATE messages SET media_url = NULL WHERE session_id = ? AND media_url IS NOT NULL');
    const delPositions = c.prepare('DELETE FROM positions WHERE session_id = ?');
    const clearPlayers = c.prepare(
      `UPDATE session_players SET last_lat = NULL, last_lng = NULL, last_accuracy = NULL, last_precision = NULL,
         anchor_lat = NULL, anchor_lng = NULL, anchor_at = NULL, zone_state = NULL, zone_changed_at = NULL
       WHERE session_id = ? AND (last_lat IS NOT NULL OR anchor_lat IS NOT NULL OR zone_state IS NOT NULL)`,
    );
    const clearMessages = c.prepare(
      'UPDATE messages SET lat = NULL, lng = NULL WHERE session_id = ? AND lat IS NOT NULL',
    );
    const delEvents = c.prepare('DELETE FROM events WHERE session_id = ?');
    for (const id of ids) {
      positions += delPositions.run(id).changes;
      clearPlayers.run(id);
      clearMessages.run(id);
      delEvents.run(id);
      for (const row of mediaOf.all(id) as { url: string }[]) mediaUrls.push(row.url);
      clearMedia.run(id);
    }
  });
  purge(ended.map((r) => r.id));
  // No session event tells the cached reads (positions, marked locations, media links).
  for (const { id } of ended) readCache?.dropSession(id);
  // Files go once no row points at them any more (a failed removal leaves an orphan, never a broken link).
  for (const url of mediaUrls) {
    const relative = url.replace(/^\/uploads\//, '');
    if (relative === url || relative.includes('..')) continue;
    fs.rmSync(path.join(path.resolve(uploadsDir), relative), { force: true });
  }
  return { sessions: ended.length, positions, mediaFiles: mediaUrls.length };
}

/** Runs the purge at start and every POSITION_PURGE_INTERVAL_MS while the server is up. */
export function registerPositionPurge(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'db' | 'bus' | 'now' | 'log' | 'config' | 'readCache'>,
): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    try {
      const abandoned = endAbandonedSessions(deps);
      if (abandoned > 0) deps.log.info(`Ended ${abandoned} abandoned sessions (no activity for 24 h)`);
      const { sessions, positions, mediaFiles } = purgeExpiredPositions(deps.db, deps.now(), deps.config.UPLOADS_DIR, deps.readCache);
      if (positions > 0 || mediaFiles > 0) {
        deps.log.info(`Retention: deleted ${positions} positions and ${mediaFiles} media files of ${sessions} sessions`);
      }
    } catch (err) {
      deps.log.error(`GPS retention purge failed: ${String(err)}`);
    }
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, POSITION_PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/**
 * Sessions left paused or preparing with no activity for ABANDONED_SESSION_MS end
 * themselves (session_ended is published), so their data follows the retention
 * schedule. Activity: creation, start, pause, any event, any position. A start
 * scheduled within that time keeps a preparing session.
 */
export function endAbandonedSessions(ctx: Pick<AppDeps, 'db' | 'bus' | 'now' | 'log'>): number {
  const now = ctx.now();
  const cutoff = now - ABANDONED_SESSION_MS;
  const rows = ctx.db
    .select()
    .from(gameSessions)
    .where(
      sql`${gameSessions.status} in ('preparing', 'paused')
        and coalesce(${gameSessions.scheduledStartTime}, 0) <= ${cutoff}
        and max(${gameSessions.createdAt}, coalesce(${gameSessions.startTime}, 0), coalesce(${gameSessions.pausedAt}, 0),
                coalesce((select max(e.created_at) from events e where e.session_id = ${gameSessions.id}), 0),
                coalesce((select max(p.recorded_at) from positions p where p.session_id = ${gameSessions.id}), 0)) <= ${cutoff}`,
    )
    .all();
  let ended = 0;
  for (const row of rows) {
    try {
      endSession(ctx, row);
      ended += 1;
    } catch (err) {
      ctx.log.warn(`Could not end abandoned session ${row.id}: ${String(err)}`);
    }
  }
  return ended;
}
