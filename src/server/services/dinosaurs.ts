// Deployed dinosaurs: the game master places species on the map (at most 15 per
// session) and clears them; hunters read them only while the session is live.
import { requireSessionAccess } from './session-access';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import { HUNTER_VISIBLE_STATUSES, MAX_DINOSAURS_PER_SESSION } from '../../domain/rules';
import type { DeployDinosaurBody } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, type GameSessionRow, sessionDinosaurs } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { refreshSession, type SessionsCtx } from './game-sessions';
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
