// A game master's saved layouts (issue 26, helper hunts; decision 822): the play area, no-go
// zones and dinosaurs of one of their sessions, kept under a name for a place they use often,
// and applied to a new (preparing) session. Owner only; at most MAX_LAYOUTS_PER_GM each.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { User } from 'lucia';
import { ARCHIVE_MESSAGES, type SaveLayoutInput } from '../../domain/hunt-archive-schemas';
import { MAX_LAYOUTS_PER_GM } from '../../domain/rules';
import { foldKey } from '../../domain/text-keys';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, type GameSessionRow, type GmLayoutRow, gmLayouts, type LatLngPoint } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { requireOwnedSession } from '../trpc';
import { toDinosaurOutput } from './dinosaurs';
import { refreshSession } from './game-sessions';
import { readSessionLayout, writeSessionLayout } from './session-layout';

type Ctx = Pick<AppDeps, 'db' | 'bus' | 'now'> & { user: User };

export type LayoutOutput = {
  id: number;
  name: string;
  playArea: LatLngPoint[] | null;
  noGoZones: LatLngPoint[][];
  dinosaurs: { speciesId: number; speciesName: string | null; lat: number; lng: number }[];
  createdAt: string;
};

function toOutput(row: GmLayoutRow, speciesNames: Map<number, string>): LayoutOutput {
  return {
    id: row.id,
    name: row.name,
    playArea: row.playArea ?? null,
    noGoZones: row.noGoZones,
    dinosaurs: row.dinosaurs.map((d) => ({ ...d, speciesName: speciesNames.get(d.speciesId) ?? null })),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const speciesNames = (ctx: Pick<AppDeps, 'db'>) =>
  new Map(ctx.db.select({ id: dinosaurSpecies.id, name: dinosaurSpecies.name }).from(dinosaurSpecies).all().map((s) => [s.id, s.name]));

/** The caller's layouts, by name. */
export function listLayouts(ctx: Ctx): LayoutOutput[] {
  const rows = ctx.db.select().from(gmLayouts).where(eq(gmLayouts.ownerId, ctx.user.id)).orderBy(asc(gmLayouts.nameKey), asc(gmLayouts.id)).all();
  const names = speciesNames(ctx);
  return rows.map((r) => toOutput(r, names));
}

/** The caller's layout `id`: 404 when it does not exist, 403 when it is someone else's (admins too: layouts are personal). */
function ownLayout(ctx: Ctx, id: number): GmLayoutRow {
  const row = ctx.db.select().from(gmLayouts).where(eq(gmLayouts.id, id)).get();
  if (!row) throw notFound(ARCHIVE_MESSAGES.layoutNotFound);
  if (row.ownerId !== ctx.user.id) throw forbidden('This layout is not yours');
  return row;
}

/** POST /gamemaster/layouts: saves one of the caller's sessions' layout under a name. */
export function saveLayout(ctx: Ctx, input: SaveLayoutInput): LayoutOutput {
  const session = requireOwnedSession(ctx, ctx.user, input.sessionId);
  const layout = readSessionLayout(ctx.db, session);
  if (!layout.playArea && layout.noGoZones.length === 0 && layout.dinosaurs.length === 0) {
    throw badRequest(ARCHIVE_MESSAGES.layoutEmpty);
  }
  const nameKey = foldKey(input.name);
  const row = ctx.db.transaction(
    (tx) => {
      const n = tx.select({ n: sql<number>`count(*)` }).from(gmLayouts).where(eq(gmLayouts.ownerId, ctx.user.id)).get()?.n ?? 0;
      if (n >= MAX_LAYOUTS_PER_GM) throw conflict(ARCHIVE_MESSAGES.layoutLimit, { maxLayouts: MAX_LAYOUTS_PER_GM });
      const taken = tx
        .select({ id: gmLayouts.id })
        .from(gmLayouts)
        .where(and(eq(gmLayouts.ownerId, ctx.user.id), eq(gmLayouts.nameKey, nameKey)))
        .get();
      if (taken) throw conflict(ARCHIVE_MESSAGES.layoutNameTaken);
      return tx
        .insert(gmLayouts)
        .values({ ownerId: ctx.user.id, name: input.name, nameKey, ...layout, createdAt: ctx.now() })
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
  return toOutput(row, speciesNames(ctx));
}

/** DELETE /gamemaster/layouts/{id}. */
export function deleteLayout(ctx: Ctx, id: number): { success: true } {
  const row = ownLayout(ctx, id);
  ctx.db.delete(gmLayouts).where(eq(gmLayouts.id, row.id)).run();
  return { success: true };
}

/**
 * POST /game-sessions/{id}/apply-layout: the session (the caller's, not yet started) takes the
 * layout's play area, no-go zones and dinosaurs; the dinosaurs it had are replaced. HQ and
 * hunters hear it as the usual dinosaurs_cleared, play_area_updated and dinosaur_deployed events (the last HQ only).
 */
export function applyLayout(ctx: Ctx, session: GameSessionRow, layoutId: number) {
  const layout = ownLayout(ctx, layoutId);
  const current = refreshSession(ctx, session);
  if (current.status !== 'preparing') throw conflict(ARCHIVE_MESSAGES.layoutNotPreparing);
  const now = ctx.now();
  const written = ctx.db.transaction((tx) => writeSessionLayout(tx, current.id, layout, now), { behavior: 'immediate' });
  ctx.bus.publish({ sessionId: current.id, type: 'dinosaurs_cleared', payload: { sessionId: current.id, timestamp: now, removed: written.removed } });
  // The layout's area and zones replace the session's: HQ's map and the hunters' boundary redraw from this event.
  ctx.bus.publish({
    sessionId: current.id,
    type: 'play_area_updated',
    payload: { sessionId: current.id, timestamp: now, playArea: layout.playArea, noGoZones: layout.noGoZones },
  });
  // Preparing: hunters do not see dinosaurs before the start, so only HQ hears of them.
  for (const d of written.inserted) {
    const dinosaur = toDinosaurOutput(d);
    ctx.bus.publish({ sessionId: current.id, type: 'dinosaur_deployed', audience: 'owner', payload: { sessionId: current.id, timestamp: now, dinosaur } });
  }
  return { sessionId: current.id, layoutId: layout.id, dinosaurs: written.inserted.length, skippedDinosaurs: written.skipped };
}
