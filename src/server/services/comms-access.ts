// The caller's part in a game session for the hot comms paths (message polls,
// position writes), reduced to what they need of the session and player rows.
import { requireSessionAccess } from './session-access';
import type { User } from 'lucia';
import type { Db } from '../db/client';
import type { GameSessionRow } from '../db/schema';
import { requireSubscription } from './plan-limits';

export type CommsAccess = {
  sessionId: number;
  ownerId: string;
  status: string;
  role: 'owner' | 'admin' | 'player';
  /** Owner or admin: sees every message and the 'owner' events. */
  seesAll: boolean;
  player: PlayerPosition | null;
  /** The session's row (frozen, shared): its play area judges the hunter's fixes (services/play-area). */
  gameSession: GameSessionRow;
};

export type PlayerPosition = {
  id: number;
  handle: string;
  lastLat: number | null;
  lastLng: number | null;
  lastAccuracy: number | null;
  lastPositionAt: number | null;
  anchorLat: number | null;
  anchorLng: number | null;
  anchorAt: number | null;
  distanceTraveledM: number;
  zoneState: 'inside' | 'outside_area' | 'in_no_go' | null;
  /** The hunter's team (issue 42), or null. */
  teamId: number | null;
};

/** Throws 404 when the session does not exist and 403 when the caller has no part in it. */
export async function commsAccess(ctx: { db: Db; user: User }, sessionId: number): Promise<CommsAccess> {
  const access = await requireSessionAccess(ctx, sessionId);
  const { gameSession } = access;
  const { ownerId, status } = gameSession;
  // Object literals, not spreads of a shared base: this runs on every message poll.
  if (access.role !== 'player') return { sessionId, ownerId, status, role: access.role, seesAll: true, player: null, gameSession };
  const p = access.player;
  return {
    sessionId,
    ownerId,
    status,
    role: 'player',
    seesAll: false,
    gameSession,
    player: {
      id: p.id,
      handle: p.handle,
      lastLat: p.lastLat,
      lastLng: p.lastLng,
      lastAccuracy: p.lastAccuracy,
      lastPositionAt: p.lastPositionAt,
      anchorLat: p.anchorLat,
      anchorLng: p.anchorLng,
      anchorAt: p.anchorAt,
      distanceTraveledM: p.distanceTraveledM,
      zoneState: p.zoneState,
      teamId: p.teamId,
    },
  };
}

/** Writes by the session's game master need an active subscription (admins and hunters do not). */
export async function commsWriteAccess(ctx: { db: Db; user: User; now: () => number }, sessionId: number): Promise<CommsAccess> {
  const access = await commsAccess(ctx, sessionId);
  if (access.role === 'owner') await requireSubscription(ctx, ctx.user);
  return access;
}
