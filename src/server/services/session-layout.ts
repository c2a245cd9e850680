// A session's layout: its play area, no-go zones and dinosaurs (issue 26, helper hunts).
// Read from a session to run it again or save it (decision 821, 822), and written into a
// preparing session inside the caller's transaction.
import { asc, eq } from 'drizzle-orm';
import { MAX_DINOSAURS_PER_SESSION } from '../../domain/rules';
import type { Queryable, Tx } from '../db/client';
import { dinosaurSpecies, gameSessions, type LatLngPoint, type LayoutDinosaur, sessionDinosaurs } from '../db/schema';

export type SessionLayout = {
  playArea: LatLngPoint[] | null;
  noGoZones: LatLngPoint[][];
  dinosaurs: LayoutDinosaur[];
};

/** The layout of session `sessionId` (its dinosaurs in the order they were placed). */
export async function readSessionLayout(
  db: Queryable,
  session: { id: number; playArea: LatLngPoint[] | null; noGoZones: LatLngPoint[][] },
): Promise<SessionLayout> {
  const dinosaurs = await db
    .select({ speciesId: sessionDinosaurs.speciesId, lat: sessionDinosaurs.latitude, lng: sessionDinosaurs.longitude })
    .from(sessionDinosaurs)
    .where(eq(sessionDinosaurs.sessionId, session.id))
    .orderBy(asc(sessionDinosaurs.id));
  return { playArea: session.playArea ?? null, noGoZones: session.noGoZones ?? [], dinosaurs };
}

/**
 * Gives session `sessionId` the layout: its area and zones, and its dinosaurs replaced by the
 * layout's. A dinosaur whose species has been deleted since is left out (counted in `skipped`).
 * Returns the inserted dinosaurs' rows with their species' names.
 */
export async function writeSessionLayout(
  tx: Tx,
  sessionId: number,
  layout: SessionLayout,
  now: number,
): Promise<{ inserted: (typeof sessionDinosaurs.$inferSelect & { speciesName: string; modelPath: string | null })[]; removed: number; skipped: number }> {
  await tx.update(gameSessions).set({ playArea: layout.playArea, noGoZones: layout.noGoZones }).where(eq(gameSessions.id, sessionId));
  const removed = (await tx.delete(sessionDinosaurs).where(eq(sessionDinosaurs.sessionId, sessionId)).returning({ id: sessionDinosaurs.id })).length;
  const species = new Map((await tx.select().from(dinosaurSpecies)).map((s) => [s.id, s]));
  const inserted = [];
  let skipped = 0;
  for (const d of layout.dinosaurs.slice(0, MAX_DINOSAURS_PER_SESSION)) {
    const s = species.get(d.speciesId);
    if (!s) {
      skipped += 1;
      continue;
    }
    const [row] = await tx
      .insert(sessionDinosaurs)
      .values({ sessionId, speciesId: s.id, latitude: d.lat, longitude: d.lng, health: s.health, status: 'active', createdAt: now })
      .returning();
    inserted.push({ ...row!, speciesName: s.name, modelPath: s.modelPath });
  }
  return { inserted, removed, skipped };
}
