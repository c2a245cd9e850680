// Deployed dinosaurs: the game master places species on the map (at most 15 per
// session) and clears them; hunters read them only while the session is live.
import { requireSessionAccess } from './session-access';
import { and, asc, count, eq } from 'drizzle-orm';
import type { User } from 'lucia';
import { HUNTER_VISIBLE_STATUSES, MAX_DINOSAURS_PER_SESSION } from '../../domain/rules';
import type { DeployDinosaurBody, MoveDinosaurBody } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import type { Queryable } from '../db/client';
import { lockFor } from '../db/locks';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, type GameSessionRow, observations, sessionDinosaurs } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { refreshSession, type SessionsCtx } from './game-sessions';
import { assertPlacementAllowed } from './play-area';
import type { z } from 'zod';
import type { DinosaurOutputSchema } from '../../domain/contracts';

/** The answer as the procedure's output schema declares it (one contract: contracts). */
export type DinosaurOutput = z.infer<typeof DinosaurOutputSchema>;

type DinosaurRow = {
  id: number;
  sessionId: number;
  speciesId: number;
  latitude: number;
  longitude: number;
  health: number;
  status: string;
  speciesName: string;
  modelPath: string | null;
  createdAt: number;
};

const modelUrl = (p: string | null) => (!p ? null : /^(https?:)?\//.test(p) ? p : `/uploads/${p}`);

function toOutput(row: DinosaurRow): DinosaurOutput {
  return {
    id: row.id,
    sessionId: row.sessionId,
    speciesId: row.speciesId,
    latitude: String(row.latitude),
    longitude: String(row.longitude),
    health: row.health,
    status: row.status,
    speciesName: row.speciesName,
    modelUrl: modelUrl(row.modelPath),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** The API's shape of a stored dinosaur (also used when a saved layout deploys its dinosaurs). */
export const toDinosaurOutput = toOutput;

const columns = {
  id: sessionDinosaurs.id,
  sessionId: sessionDinosaurs.sessionId,
  speciesId: sessionDinosaurs.speciesId,
  latitude: sessionDinosaurs.latitude,
  longitude: sessionDinosaurs.longitude,
  health: sessionDinosaurs.health,
  status: sessionDinosaurs.status,
  speciesName: dinosaurSpecies.name,
  modelPath: dinosaurSpecies.modelPath,
  createdAt: sessionDinosaurs.createdAt,
};

/** One indexed query (session_dinosaurs_session_idx) joined to the species by primary key. */
const listQuery = (q: Queryable, sessionId: number) =>
  q
    .select(columns)
    .from(sessionDinosaurs)
    .innerJoin(dinosaurSpecies, eq(dinosaurSpecies.id, sessionDinosaurs.speciesId))
    .where(eq(sessionDinosaurs.sessionId, sessionId))
    .orderBy(asc(sessionDinosaurs.id));

const HUNTER_VISIBLE = new Set<string>(HUNTER_VISIBLE_STATUSES);

/**
 * The session's dinosaurs. The owner and admins always see them; a hunter of
 * the session only while it is active or started (an empty list otherwise);
 * anyone else gets 403.
 */
export async function listDinosaurs(ctx: SessionsCtx & { user: User }, sessionId: number): Promise<DinosaurOutput[]> {
  return (await mayListDinosaurs(ctx, sessionId)) ? deployedDinosaurs(ctx, sessionId) : [];
}

/** listDinosaurs' rule: false when the caller is a hunter and the session is not live (403/404 thrown). */
export async function mayListDinosaurs(ctx: SessionsCtx & { user: User }, sessionId: number): Promise<boolean> {
  const access = await requireSessionAccess(ctx, sessionId);
  const session = await refreshSession(ctx, access.gameSession);
  return access.role !== 'player' || HUNTER_VISIBLE.has(session.status);
}

/** Every dinosaur of the session, whoever asks (the same list for every viewer allowed to see it). */
export async function deployedDinosaurs(ctx: Pick<AppDeps, 'db'>, sessionId: number): Promise<DinosaurOutput[]> {
  return ((await listQuery(ctx.db, sessionId)) as DinosaurRow[]).map(toOutput);
}

export async function deployDinosaur(ctx: SessionsCtx, session: GameSessionRow, body: DeployDinosaurBody): Promise<DinosaurOutput> {
  if (body.sessionId !== undefined && body.sessionId !== session.id) throw badRequest(SESSION_MESSAGES.sessionMismatch);
  const current = await refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict('No active session to deploy dinosaur.');
  assertPlacementAllowed(current, body.latitude, body.longitude);
  const [species] = await ctx.db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.id, body.speciesId)).limit(1);
  if (!species) throw badRequest(SESSION_MESSAGES.speciesError);
  return ctx.db.transaction(async (tx) => {
    // The cap is read, then written: two deploys at once must not both see one place left.
    await lockFor(tx, 'game-session', current.id);
    const [deployed] = await tx.select({ n: count() }).from(sessionDinosaurs).where(eq(sessionDinosaurs.sessionId, current.id));
    if ((deployed?.n ?? 0) >= MAX_DINOSAURS_PER_SESSION) {
      throw conflict(SESSION_MESSAGES.deploymentLimit, { maxDinosaurs: MAX_DINOSAURS_PER_SESSION });
    }
    const [inserted] = await tx
      .insert(sessionDinosaurs)
      .values({
        sessionId: current.id,
        speciesId: species.id,
        latitude: body.latitude,
        longitude: body.longitude,
        health: species.health,
        status: 'active',
        createdAt: ctx.now(),
      })
      .returning();
    const dinosaur = toOutput({ ...inserted!, speciesName: species.name, modelPath: species.modelPath });
    // Hunters may not see dinosaurs before the session is live: the event then goes to the owner only.
    await ctx.bus.publish(tx, {
      sessionId: current.id,
      type: 'dinosaur_deployed',
      audience: HUNTER_VISIBLE.has(current.status) ? 'all' : 'owner',
      payload: { sessionId: current.id, timestamp: ctx.now(), dinosaur },
    });
    return dinosaur;
  });
}

export async function clearDinosaurs(ctx: SessionsCtx, session: GameSessionRow): Promise<{ success: true; removed: number }> {
  return ctx.db.transaction(async (tx) => {
    const removed = (
      await tx.delete(sessionDinosaurs).where(eq(sessionDinosaurs.sessionId, session.id)).returning({ id: sessionDinosaurs.id })
    ).length;
    await ctx.bus.publish(tx, {
      sessionId: session.id,
      type: 'dinosaurs_cleared',
      payload: { sessionId: session.id, timestamp: ctx.now(), removed },
    });
    return { success: true as const, removed };
  });
}

// --- Moving and removing one dinosaur (issue 26, mapkit; decision 816) ---

export const DINOSAUR_MESSAGES = {
  notFound: 'Dinosaur not found',
  ended: 'The session has ended: its dinosaurs stay as they were.',
  observed: 'This dinosaur has already been observed: it stays where hunters found it. Remove it instead.',
  position: 'Latitude and longitude must be numbers within range',
} as const;

/** Where a dinosaur may be moved: a point in range, inside the play area and outside its no-go zones (as deploy). */
function checkPlacement(session: GameSessionRow, latitude: number, longitude: number): void {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    throw badRequest(DINOSAUR_MESSAGES.position);
  }
  assertPlacementAllowed(session, latitude, longitude);
}

/** One dinosaur of this session with its species (404 when it belongs to none or another session). */
async function dinosaurOfSession(ctx: Pick<AppDeps, 'db'>, sessionId: number, dinosaurId: number): Promise<DinosaurRow> {
  const [row] = (await ctx.db
    .select(columns)
    .from(sessionDinosaurs)
    .innerJoin(dinosaurSpecies, eq(dinosaurSpecies.id, sessionDinosaurs.speciesId))
    .where(and(eq(sessionDinosaurs.id, dinosaurId), eq(sessionDinosaurs.sessionId, sessionId)))
    .limit(1)) as DinosaurRow[];
  if (!row) throw notFound(DINOSAUR_MESSAGES.notFound);
  return row;
}

async function observedByAnyone(q: Queryable, sessionId: number, dinosaurId: number): Promise<boolean> {
  const [row] = await q
    .select({ id: observations.id })
    .from(observations)
    .where(and(eq(observations.sessionId, sessionId), eq(observations.dinosaurId, dinosaurId), eq(observations.success, true)))
    .limit(1);
  return row !== undefined;
}

/** Who hears about a dinosaur: everyone once the session is live, before that its owner only (as deploy). */
const dinosaurAudience = (session: GameSessionRow): 'all' | 'owner' => (HUNTER_VISIBLE.has(session.status) ? 'all' : 'owner');

/**
 * Moves one dinosaur (dragged on HQ's map). Refused once the session has ended, and once a
 * hunter has observed it: the observation was measured where it stood.
 */
export async function moveDinosaur(
  ctx: SessionsCtx,
  session: GameSessionRow,
  dinosaurId: number,
  body: MoveDinosaurBody,
): Promise<DinosaurOutput> {
  const current = await refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict(DINOSAUR_MESSAGES.ended);
  const row = await dinosaurOfSession(ctx, current.id, dinosaurId);
  checkPlacement(current, body.latitude, body.longitude);
  return ctx.db.transaction(async (tx) => {
    // Checked inside the write: an observation recorded meanwhile wins.
    if (await observedByAnyone(tx, current.id, dinosaurId)) throw conflict(DINOSAUR_MESSAGES.observed);
    await tx
      .update(sessionDinosaurs)
      .set({ latitude: body.latitude, longitude: body.longitude })
      .where(eq(sessionDinosaurs.id, dinosaurId));
    const dinosaur = toOutput({ ...row, latitude: body.latitude, longitude: body.longitude });
    await ctx.bus.publish(tx, {
      sessionId: current.id,
      type: 'dinosaur_moved',
      audience: dinosaurAudience(current),
      payload: { sessionId: current.id, timestamp: ctx.now(), dinosaur },
    });
    return dinosaur;
  });
}

/**
 * Removes one dinosaur. Allowed while the session runs even when observed (a game master
 * must be able to take one out of a spot that turned out unsafe); hunters keep what they
 * observed. Refused once the session has ended, so its results stay as they were.
 */
export async function removeDinosaur(ctx: SessionsCtx, session: GameSessionRow, dinosaurId: number): Promise<{ success: true; id: number }> {
  const current = await refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict(DINOSAUR_MESSAGES.ended);
  await dinosaurOfSession(ctx, current.id, dinosaurId);
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(sessionDinosaurs)
      .where(and(eq(sessionDinosaurs.id, dinosaurId), eq(sessionDinosaurs.sessionId, current.id)))
      .returning({ id: sessionDinosaurs.id });
    if (removed.length === 0) throw notFound(DINOSAUR_MESSAGES.notFound);
    await ctx.bus.publish(tx, {
      sessionId: current.id,
      type: 'dinosaur_removed',
      audience: dinosaurAudience(current),
      payload: { sessionId: current.id, timestamp: ctx.now(), dinosaurId },
    });
  });
  return { success: true, id: dinosaurId };
}
