// Where a game master last played (decision 817): HQ's map of a session without dinosaurs
// opens there, not at the default city view. The newest of their sessions with a play area
// or dinosaurs gives the place: the area's centre, else the centre of its dinosaurs.
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { User } from 'lucia';
import { centreOf } from '../../domain/place-search';
import { HQ_PLAY_ZOOM } from '../../domain/rules';
import type { AppDeps } from '../deps';
import { gameSessions, sessionDinosaurs } from '../db/schema';

export type LastPlace = {
  lat: number;
  lng: number;
  zoom: number;
  sessionId: number;
  sessionName: string;
  source: 'area' | 'dinosaurs';
};

export async function lastPlayedPlace(ctx: Pick<AppDeps, 'db'>, user: User): Promise<{ place: LastPlace | null }> {
  // Two indexed reads: the newest session with an area, the newest with a dinosaur (owner index, then session index).
  const [withArea] = await ctx.db
    .select({ id: gameSessions.id, name: gameSessions.name, playArea: gameSessions.playArea })
    .from(gameSessions)
    .where(and(eq(gameSessions.ownerId, user.id), isNotNull(gameSessions.playArea)))
    .orderBy(desc(gameSessions.id))
    .limit(1);
  const [withDinosaurs] = await ctx.db
    .select({ id: gameSessions.id, name: gameSessions.name })
    .from(sessionDinosaurs)
    .innerJoin(gameSessions, eq(gameSessions.id, sessionDinosaurs.sessionId))
    .where(eq(gameSessions.ownerId, user.id))
    .orderBy(desc(sessionDinosaurs.sessionId))
    .limit(1);
  if (withArea && (!withDinosaurs || withArea.id >= withDinosaurs.id)) {
    const centre = centreOf(withArea.playArea ?? []);
    if (centre) return { place: { ...centre, zoom: HQ_PLAY_ZOOM, sessionId: withArea.id, sessionName: withArea.name, source: 'area' } };
  }
  if (!withDinosaurs) return { place: null };
  const points = await ctx.db
    .select({ lat: sessionDinosaurs.latitude, lng: sessionDinosaurs.longitude })
    .from(sessionDinosaurs)
    .where(eq(sessionDinosaurs.sessionId, withDinosaurs.id));
  const centre = centreOf(points);
  if (!centre) return { place: null };
  return { place: { ...centre, zoom: HQ_PLAY_ZOOM, sessionId: withDinosaurs.id, sessionName: withDinosaurs.name, source: 'dinosaurs' } };
}
