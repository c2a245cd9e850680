// Deployed dinosaurs: the game master places species on the map (at most 15 per
// session) and clears them; hunters read them only while the session is live.
import { requireSessionAccess } from './session-access';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import { HUNTER_VISIBLE_STATUSES, MAX_DINOSAURS_PER_SESSION } from '../../domain/rules';
import type { DeployDinosaurBody, MoveDinosaurBody } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, type GameSessionRow, observations, sessionDinosaurs } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { refreshSession, type SessionsCtx } from './game-sessions';
import { assertPlacementAllowed } from './play-area';
import { prepared } from './prepared';

export type DinosaurOutput = {
  id: number;
  sessionId: number;
  speciesId: number;
  /** Decimal degrees as strings, as the specification's clients read them. */
  latitude: string;
  longitude: string;
  health: number;
  status: string;
  speciesName: string;
  modelUrl: string | null;
  createdAt: string;
};

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
const listQuery = (db: AppDeps['db']) =>
  prepared(db, 'session-dinosaurs', (d) =>
    d
      .select(columns)
      .from(sessionDinosaurs)
      .innerJoin(dinosaurSpecies, eq(dinosaurSpecies.id, sessionDinosaurs.speciesId))
      .where(eq(sessionDinosaurs.sessionId, sql.placeholder('sessionId')))
      .orderBy(asc(sessionDinosaurs.id))
      .prepare(),
  );

const HUNTER_VISIBLE = new Set<string>(HUNTER_VISIBLE_STATUSES);

/**
 * The session's dinosaurs. The owner and admins always see them; a hunter of
 * the session only while it is active or started (an empty list otherwise);
 * anyone else gets 403.
 */
export function listDinosaurs(ctx: SessionsCtx & { user: User }, sessionId: number): DinosaurOutput[] {
  return mayListDinosaurs(ctx, sessionId) ? deployedDinosaurs(ctx, sessionId) : [];
}

/** listDinosaurs' rule: false when the caller is a hunter and the session is not live (403/404 thrown). */
export function mayListDinosaurs(ctx: SessionsCtx & { user: User }, sessionId: number): boolean {
  const access = requireSessionAccess(ctx, sessionId);
  const session = refreshSession(ctx, access.gameSession);
  return access.role !== 'player' || HUNTER_VISIBLE.has(session.status);
}

/** Every dinosaur of the session, whoever asks (the same list for every viewer allowed to see it). */
export function deployedDinosaurs(ctx: Pick<AppDeps, 'db'>, sessionId: number): DinosaurOutput[] {
  return (listQuery(ctx.db).all({ sessionId }) as DinosaurRow[]).map(toOutput);
}

export function deployDinosaur(ctx: SessionsCtx, session: GameSessionRow, body: DeployDinosaurBody): DinosaurOutput {
  if (body.sessionId !== undefined && body.sessionId !== session.id) throw badRequest(SESSION_MESSAGES.sessionMismatch);
  const current = refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict('No active session to deploy dinosaur.');
  assertPlacementAllowed(current, body.latitude, body.longitude);
  const species = ctx.db.select().from(dinosaurSpecies).where(eq(dinosaurSpecies.id, body.speciesId)).get();
  if (!species) throw badRequest(SESSION_MESSAGES.speciesError);
  const inserted = ctx.db.transaction(
    (tx) => {
      const n =
        tx
          .select({ n: sql<number>`count(*)` })
          .from(sessionDinosaurs)
          .where(eq(sessionDinosaurs.sessionId, current.id))
          .get()?.n ?? 0;
      if (n >= MAX_DINOSAURS_PER_SESSION) {
        throw conflict(SESSION_MESSAGES.deploymentLimit, { maxDinosaurs: MAX_DINOSAURS_PER_SESSION });
      }
      return tx
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
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
  const dinosaur = toOutput({ ...inserted, speciesName: species.name, modelPath: species.modelPath });
  // Hunters may not see dinosaurs before the session is live: the event then goes to the owner only.
  ctx.bus.publish({
    sessionId: current.id,
    type: 'dinosaur_deployed',
    audience: HUNTER_VISIBLE.has(current.status) ? 'all' : 'owner',
    payload: { sessionId: current.id, timestamp: ctx.now(), dinosaur },
  });
  return dinosaur;
}

export function clearDinosaurs(ctx: SessionsCtx, session: GameSessionRow): { success: true; removed: number } {
  const res = ctx.db.delete(sessionDinosaurs).where(and(eq(sessionDinosaurs.sessionId, session.id))).run();
  ctx.bus.publish({
    sessionId: session.id,
    type: 'dinosaurs_cleared',
    payload: { sessionId: session.id, timestamp: ctx.now(), removed: res.changes },
  });
  return { success: true, removed: res.changes };
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
function dinosaurOfSession(ctx: Pick<AppDeps, 'db'>, sessionId: number, dinosaurId: number): DinosaurRow {
  const row = ctx.db
    .select(columns)
    .from(sessionDinosaurs)
    .innerJoin(dinosaurSpecies, eq(dinosaurSpecies.id, sessionDinosaurs.speciesId))
    .where(and(eq(sessionDinosaurs.id, dinosaurId), eq(sessionDinosaurs.sessionId, sessionId)))
    .get() as DinosaurRow | undefined;
  if (!row) throw notFound(DINOSAUR_MESSAGES.notFound);
  return row;
}

function observedByAnyone(db: Pick<AppDeps['db'], 'select'>, sessionId: number, dinosaurId: number): boolean {
  return (
    db
      .select({ id: observations.id })
      .from(observations)
      .where(and(eq(observations.sessionId, sessionId), eq(observations.dinosaurId, dinosaurId), eq(observations.success, true)))
      .limit(1)
      .get() !== undefined
  );
}

/** Who hears about a dinosaur: everyone once the session is live, before that its owner only (as deploy). */
const dinosaurAudience = (session: GameSessionRow): 'all' | 'owner' => (HUNTER_VISIBLE.has(session.status) ? 'all' : 'owner');

/**
 * Moves one dinosaur (dragged on HQ's map). Refused once the session has ended, and once a
 * hunter has observed it: the observation was measured where it stood.
 */
export function moveDinosaur(ctx: SessionsCtx, session: GameSessionRow, dinosaurId: number, body: MoveDinosaurBody): DinosaurOutput {
  const current = refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict(DINOSAUR_MESSAGES.ended);
  const row = dinosaurOfSession(ctx, current.id, dinosaurId);
  checkPlacement(current, body.latitude, body.longitude);
  const moved = ctx.db.transaction(
    (tx) => {
      // Checked inside the write: an observation recorded meanwhile wins.
      if (observedByAnyone(tx, current.id, dinosaurId)) throw conflict(DINOSAUR_MESSAGES.observed);
      tx.update(sessionDinosaurs)
        .set({ latitude: body.latitude, longitude: body.longitude })
        .where(eq(sessionDinosaurs.id, dinosaurId))
        .run();
      return { ...row, latitude: body.latitude, longitude: body.longitude };
    },
    { behavior: 'immediate' },
  );
  const dinosaur = toOutput(moved);
  ctx.bus.publish({
    sessionId: current.id,
    type: 'dinosaur_moved',
    audience: dinosaurAudience(current),
    payload: { sessionId: current.id, timestamp: ctx.now(), dinosaur },
  });
  return dinosaur;
}

/**
 * Removes one dinosaur. Allowed while the session runs even when observed (a game master
 * must be able to take one out of a spot that turned out unsafe); hunters keep what they
 * observed. Refused once the session has ended, so its results stay as they were.
 */
export function removeDinosaur(ctx: SessionsCtx, session: GameSessionRow, dinosaurId: number): { success: true; id: number } {
  const current = refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict(DINOSAUR_MESSAGES.ended);
  dinosaurOfSession(ctx, current.id, dinosaurId);
  const res = ctx.db
    .delete(sessionDinosaurs)
    .where(and(eq(sessionDinosaurs.id, dinosaurId), eq(sessionDinosaurs.sessionId, current.id)))
    .run();
  if (res.changes === 0) throw notFound(DINOSAUR_MESSAGES.notFound);
  ctx.bus.publish({
    sessionId: current.id,
    type: 'dinosaur_removed',
    audience: dinosaurAudience(current),
    payload: { sessionId: current.id, timestamp: ctx.now(), dinosaurId },
  });
  return { success: true, id: dinosaurId };
}
