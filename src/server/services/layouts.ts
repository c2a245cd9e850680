// A game master's saved layouts (issue 26, helper hunts; decision 822): the play area, no-go
// zones and dinosaurs of one of their sessions, kept under a name for a place they use often,
// and applied to a new (preparing) session. Owner only; at most MAX_LAYOUTS_PER_GM each.
import { and, asc, count, eq } from 'drizzle-orm';
import type { User } from 'lucia';
import { ARCHIVE_MESSAGES, type SaveLayoutInput } from '../../domain/hunt-archive-schemas';
import { MAX_LAYOUTS_PER_GM } from '../../domain/rules';
import { foldKey } from '../../domain/text-keys';
import { lockFor } from '../db/locks';
import type { AppDeps } from '../deps';
import { dinosaurSpecies, type GameSessionRow, type GmLayoutRow, gameSessions, gmLayouts } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { requireOwnedSession } from '../trpc';
import { toDinosaurOutput } from './dinosaurs';
import { refreshSession } from './game-sessions';
import { readSessionLayout, writeSessionLayout } from './session-layout';
import { writeTeamSettings } from './teams';
import type { z } from 'zod';
import type { LayoutOutput as LayoutOutputSchema } from '../routers/hunts/hunts.types';

type Ctx = Pick<AppDeps, 'db' | 'bus' | 'now'> & { user: User };

/** The answer as the procedure's output schema declares it (one contract: hunts.types). */
export type LayoutOutput = z.infer<typeof LayoutOutputSchema>;

function toOutput(row: GmLayoutRow, speciesNames: Map<number, string>): LayoutOutput {
  return {
    id: row.id,
    name: row.name,
    playArea: row.playArea ?? null,
    noGoZones: row.noGoZones,
    dinosaurs: row.dinosaurs.map((d) => ({ ...d, speciesName: speciesNames.get(d.speciesId) ?? null })),
    teamSettings: row.teamSettings ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const speciesNames = async (ctx: Pick<AppDeps, 'db'>) =>
  new Map((await ctx.db.select({ id: dinosaurSpecies.id, name: dinosaurSpecies.name }).from(dinosaurSpecies)).map((s) => [s.id, s.name]));

/** The caller's layouts, by name. */
export async function listLayouts(ctx: Ctx): Promise<LayoutOutput[]> {
  const rows = await ctx.db.select().from(gmLayouts).where(eq(gmLayouts.ownerId, ctx.user.id)).orderBy(asc(gmLayouts.nameKey), asc(gmLayouts.id));
  const names = await speciesNames(ctx);
  return rows.map((r) => toOutput(r, names));
}

/** The caller's layout `id`: 404 when it does not exist, 403 when it is someone else's (admins too: layouts are personal). */
async function ownLayout(ctx: Ctx, id: number): Promise<GmLayoutRow> {
  const [row] = await ctx.db.select().from(gmLayouts).where(eq(gmLayouts.id, id)).limit(1);
  if (!row) throw notFound(ARCHIVE_MESSAGES.layoutNotFound);
  if (row.ownerId !== ctx.user.id) throw forbidden('This layout is not yours');
  return row;
}

/** POST /gamemaster/layouts: saves one of the caller's sessions' layout under a name. */
export async function saveLayout(ctx: Ctx, input: SaveLayoutInput): Promise<LayoutOutput> {
  const session = await requireOwnedSession(ctx, ctx.user, input.sessionId);
  const layout = await readSessionLayout(ctx.db, session);
  if (!layout.playArea && layout.noGoZones.length === 0 && layout.dinosaurs.length === 0) {
    throw badRequest(ARCHIVE_MESSAGES.layoutEmpty);
  }
  const nameKey = foldKey(input.name);
  const row = await ctx.db.transaction(async (tx) => {
    // The cap and the name are read, then written: two saves at once wait for each other.
    await lockFor(tx, 'gamemaster', ctx.user.id);
    const [saved] = await tx.select({ n: count() }).from(gmLayouts).where(eq(gmLayouts.ownerId, ctx.user.id));
    if ((saved?.n ?? 0) >= MAX_LAYOUTS_PER_GM) throw conflict(ARCHIVE_MESSAGES.layoutLimit, { maxLayouts: MAX_LAYOUTS_PER_GM });
    const [taken] = await tx
      .select({ id: gmLayouts.id })
      .from(gmLayouts)
      .where(and(eq(gmLayouts.ownerId, ctx.user.id), eq(gmLayouts.nameKey, nameKey)))
      .limit(1);
    if (taken) throw conflict(ARCHIVE_MESSAGES.layoutNameTaken);
    const [inserted] = await tx
      .insert(gmLayouts)
      .values({
        ownerId: ctx.user.id,
        name: input.name,
        nameKey,
        ...layout,
        // The session's team rules travel with its layout (issue 42).
        teamSettings: { teamMode: session.teamMode, maxTeamSize: session.maxTeamSize, teamSwitchAfterStart: session.teamSwitchAfterStart },
        createdAt: ctx.now(),
      })
      .returning();
    return inserted!;
  });
  return toOutput(row, await speciesNames(ctx));
}

/** DELETE /gamemaster/layouts/{id}. */
export async function deleteLayout(ctx: Ctx, id: number): Promise<{ success: true }> {
  const row = await ownLayout(ctx, id);
  await ctx.db.delete(gmLayouts).where(eq(gmLayouts.id, row.id));
  return { success: true };
}

/**
 * POST /game-sessions/{id}/apply-layout: the session (the caller's, not yet started) takes the
 * layout's play area, no-go zones and dinosaurs; the dinosaurs it had are replaced. HQ and
 * hunters hear it as the usual dinosaurs_cleared, play_area_updated and dinosaur_deployed events (the last HQ only).
 */
export async function applyLayout(ctx: Ctx, session: GameSessionRow, layoutId: number) {
  const layout = await ownLayout(ctx, layoutId);
  const current = await refreshSession(ctx, session);
  if (current.status !== 'preparing') throw conflict(ARCHIVE_MESSAGES.layoutNotPreparing);
  const now = ctx.now();
  const written = await ctx.db.transaction(async (tx) => {
    // Replaces the dinosaurs under the session's lock, as deploy counts them (the cap holds).
    await lockFor(tx, 'game-session', current.id);
    const result = await writeSessionLayout(tx, current.id, layout, now);
    // The layout's team rules (issue 42; none for layouts saved before teams), the size capped to this session's players.
    if (layout.teamSettings) {
      const { teamMode, maxTeamSize, teamSwitchAfterStart } = layout.teamSettings;
      const [locked] = await tx.select().from(gameSessions).where(eq(gameSessions.id, current.id)).limit(1);
      await writeTeamSettings(ctx, tx, locked!, { teamMode, maxTeamSize: Math.min(maxTeamSize, locked!.maxPlayers), teamSwitchAfterStart });
    }
    await ctx.bus.publish(tx, {
      sessionId: current.id,
      type: 'dinosaurs_cleared',
      payload: { sessionId: current.id, timestamp: now, removed: result.removed },
    });
    // The layout's area and zones replace the session's: HQ's map and the hunters' boundary redraw from this event.
    await ctx.bus.publish(tx, {
      sessionId: current.id,
      type: 'play_area_updated',
      payload: { sessionId: current.id, timestamp: now, playArea: layout.playArea, noGoZones: layout.noGoZones },
    });
    // Preparing: hunters do not see dinosaurs before the start, so only HQ hears of them.
    for (const d of result.inserted) {
      const dinosaur = toDinosaurOutput(d);
      await ctx.bus.publish(tx, {
        sessionId: current.id,
        type: 'dinosaur_deployed',
        audience: 'owner',
        payload: { sessionId: current.id, timestamp: now, dinosaur },
      });
    }
    return result;
  });
  return { sessionId: current.id, layoutId: layout.id, dinosaurs: written.inserted.length, skippedDinosaurs: written.skipped };
}
