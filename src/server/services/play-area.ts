// The play area and its no-go zones (issue 26; decisions 811-813). The game master sets or clears
// them before the start or while paused; dinosaurs are placed only inside; every accepted fix of a
// hunter is judged here (never by the client alone) and a change of the hunter's zone state is
// published to the hunter and the owner as hunter_zone.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { User } from 'lucia';
import type { LatLng } from '../../domain/geo-types';
import {
  normaliseRing,
  type PlayAreaShape,
  placementProblem,
  playAreaProblem,
  readRing,
  readRings,
  zoneStateOf,
} from '../../domain/play-area';
import { PLAY_AREA_MESSAGES, type PlayAreaBody, type ZoneState } from '../../domain/play-area-schemas';
import type { Queryable } from '../db/client';
import { type GameSessionRow, gameSessions, sessionDinosaurs, sessionPlayers } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { refreshSession, type SessionsCtx } from './game-sessions';
import { requireSessionAccess } from './session-access';
import type { z } from 'zod';
import type { PlayAreaOutputSchema } from '../routers/play-area.types';

export type HunterZoneDto = {
  playerId: number;
  userId: string;
  hunterName: string;
  /** null: no fix judged yet (or no play area). */
  zone: ZoneState | null;
  /** When the state last changed (ISO), or null. */
  since: string | null;
};

/** The answer as the procedure's output schema declares it (one contract: play-area.types). */
export type PlayAreaOutput = z.infer<typeof PlayAreaOutputSchema>;

// Parsed once per session row: access rows are frozen and shared (session-access.ts), and a new
// row (after any write to the session) is a new key.
const shapes = new WeakMap<object, PlayAreaShape>();

/** The session's area and zones, parsed (the access query reads the JSON columns as text). */
export function playAreaOf(session: Pick<GameSessionRow, 'playArea' | 'noGoZones'>): PlayAreaShape {
  let shape = shapes.get(session);
  if (!shape) {
    shape = { area: readRing(session.playArea), zones: readRings(session.noGoZones) };
    shapes.set(session, shape);
  }
  return shape;
}

/**
 * Refuses (400, with the message to show) a dinosaur at (lat, lng) outside the session's play area or
 * in one of its no-go zones. Deploy calls it; so does any path that moves a dinosaur.
 */
export function assertPlacementAllowed(session: Pick<GameSessionRow, 'playArea' | 'noGoZones'>, lat: number, lng: number): void {
  const { area, zones } = playAreaOf(session);
  const problem = placementProblem({ lat, lng }, area, zones);
  if (problem) throw badRequest(problem, { fieldErrors: { latitude: problem } });
}

async function hunterZones(ctx: SessionsCtx, sessionId: number, userId?: string): Promise<HunterZoneDto[]> {
  const rows = await ctx.db
    .select({
      playerId: sessionPlayers.id,
      userId: sessionPlayers.userId,
      hunterName: sessionPlayers.handle,
      zone: sessionPlayers.zoneState,
      since: sessionPlayers.zoneChangedAt,
    })
    .from(sessionPlayers)
    .where(
      userId === undefined
        ? eq(sessionPlayers.sessionId, sessionId)
        : and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.userId, userId)),
    )
    .orderBy(asc(sessionPlayers.id));
  return rows.map((r) => ({ ...r, since: r.since === null ? null : new Date(r.since).toISOString() }));
}

async function misplacedDinosaurs(ctx: SessionsCtx, sessionId: number, shape: PlayAreaShape): Promise<number> {
  const rows = await ctx.db
    .select({ lat: sessionDinosaurs.latitude, lng: sessionDinosaurs.longitude })
    .from(sessionDinosaurs)
    .where(eq(sessionDinosaurs.sessionId, sessionId));
  return rows.filter((d) => placementProblem(d, shape.area, shape.zones) !== null).length;
}

async function output(ctx: SessionsCtx, session: GameSessionRow, viewer: { seesAll: boolean; userId: string }): Promise<PlayAreaOutput> {
  const shape = playAreaOf(session);
  return {
    sessionId: session.id,
    playArea: shape.area ? shape.area.map((p) => ({ lat: p.lat, lng: p.lng })) : null,
    noGoZones: shape.zones.map((z) => z.map((p) => ({ lat: p.lat, lng: p.lng }))),
    hunters: await hunterZones(ctx, session.id, viewer.seesAll ? undefined : viewer.userId),
    dinosaursMisplaced: viewer.seesAll ? await misplacedDinosaurs(ctx, session.id, shape) : 0,
  };
}

/** The owner, admins and the session's hunters (who draw it on their map); anyone else 403, a missing session 404. */
export async function getPlayArea(ctx: SessionsCtx & { user: User }, sessionId: number): Promise<PlayAreaOutput> {
  const access = await requireSessionAccess(ctx, sessionId);
  return output(ctx, access.gameSession, { seesAll: access.role !== 'player', userId: ctx.user.id });
}

/** Changing the line under hunters who are out playing would surprise them: before the start or while paused only. */
async function assertChangeable(ctx: SessionsCtx, session: GameSessionRow): Promise<GameSessionRow> {
  const current = await refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict(PLAY_AREA_MESSAGES.ended);
  if (current.status !== 'preparing' && current.status !== 'paused') throw conflict(PLAY_AREA_MESSAGES.notNow);
  return current;
}

/** Sets the area and zones (400 with the first problem), re-judges every hunter from their last fix, and tells everyone. */
export async function setPlayArea(ctx: SessionsCtx & { user: User }, session: GameSessionRow, body: PlayAreaBody): Promise<PlayAreaOutput> {
  const area = normaliseRing(body.area);
  const zones = body.noGoZones.map(normaliseRing);
  const problem = playAreaProblem(area, zones);
  if (problem) throw badRequest(problem);
  await assertChangeable(ctx, session);
  return store(ctx, session.id, area, zones);
}

export async function clearPlayArea(ctx: SessionsCtx & { user: User }, session: GameSessionRow): Promise<PlayAreaOutput> {
  await assertChangeable(ctx, session);
  return store(ctx, session.id, null, []);
}

async function store(ctx: SessionsCtx & { user: User }, sessionId: number, area: LatLng[] | null, zones: LatLng[][]): Promise<PlayAreaOutput> {
  const now = ctx.now();
  // The new line, the hunters judged from it, and the events that tell everyone commit together.
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(gameSessions).set({ playArea: area, noGoZones: zones }).where(eq(gameSessions.id, sessionId)).returning();
    const changes = await rejudgeHunters(tx, sessionId, { area, zones }, now);
    await ctx.bus.publish(tx, {
      sessionId,
      type: 'play_area_updated',
      payload: { sessionId, timestamp: now, playArea: area, noGoZones: zones },
    });
    for (const change of changes) await publishZone(ctx, tx, sessionId, change, now);
    return updated!;
  });
  return output(ctx, row, { seesAll: true, userId: ctx.user.id });
}

type ZoneChange = {
  playerId: number;
  userId: string;
  hunterName: string;
  zone: ZoneState | null;
  previous: ZoneState | null;
  location: LatLng | null;
};

/** A new line: every hunter with a fix is judged afresh from it (no hysteresis: nothing to hold on to). */
async function rejudgeHunters(q: Queryable, sessionId: number, shape: PlayAreaShape, now: number): Promise<ZoneChange[]> {
  const players = await q
    .select({
      id: sessionPlayers.id,
      userId: sessionPlayers.userId,
      handle: sessionPlayers.handle,
      zoneState: sessionPlayers.zoneState,
      lat: sessionPlayers.lastLat,
      lng: sessionPlayers.lastLng,
    })
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sessionId), isNotNull(sessionPlayers.lastLat)));
  const changes: ZoneChange[] = [];
  for (const p of players) {
    const location = p.lat !== null && p.lng !== null ? { lat: p.lat, lng: p.lng } : null;
    const zone = location ? zoneStateOf(location, shape, null) : null;
    if (zone === p.zoneState) continue;
    await q.update(sessionPlayers).set({ zoneState: zone, zoneChangedAt: now }).where(eq(sessionPlayers.id, p.id));
    changes.push({ playerId: p.id, userId: p.userId, hunterName: p.handle, zone, previous: p.zoneState, location });
  }
  return changes;
}

async function publishZone(ctx: SessionsCtx, q: Queryable, sessionId: number, change: ZoneChange, now: number): Promise<void> {
  await ctx.bus.publish(q, {
    sessionId,
    type: 'hunter_zone',
    audience: `owner+user:${change.userId}`,
    payload: { sessionId, timestamp: now, ...change },
  });
}

/**
 * Judges a hunter's accepted fix against the session's area (domain zoneStateOf, with its hysteresis)
 * and, when the state changes, stores it and publishes hunter_zone to the hunter and the owner.
 * Returns the state now held.
 */
export async function judgeHunterFix(
  ctx: SessionsCtx,
  session: Pick<GameSessionRow, 'id' | 'playArea' | 'noGoZones'>,
  player: { id: number; handle: string; zoneState: ZoneState | null },
  userId: string,
  fix: LatLng,
): Promise<ZoneState | null> {
  const zone = zoneStateOf(fix, playAreaOf(session), player.zoneState);
  if (zone === player.zoneState) return zone;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(sessionPlayers).set({ zoneState: zone, zoneChangedAt: now }).where(eq(sessionPlayers.id, player.id));
    await publishZone(
      ctx,
      tx,
      session.id,
      { playerId: player.id, userId, hunterName: player.handle, zone, previous: player.zoneState, location: { lat: fix.lat, lng: fix.lng } },
      now,
    );
  });
  return zone;
}
