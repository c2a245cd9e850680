// The replay of an ended hunt's reads (services/hunt-archive.ts): paths, observations and the
// deployed dinosaurs of one session.
import { type SQL, sql } from 'drizzle-orm';
import { epochMs } from '../dialect';
import { rawAll } from '../raw';
import type { Queryable } from '../types';

// Times read as milliseconds in both dialects (epochMs); PostgreSQL may give them as strings.
const pathsSql = (q: Queryable, sessionId: number): SQL => sql`
SELECT sp.user_id AS "hunterId", p.lat AS lat, p.lng AS lng, ${epochMs(q, sql.raw('p.recorded_at'))} AS t
  FROM positions p JOIN session_players sp ON sp.id = p.player_id
 WHERE p.session_id = ${sessionId}
 ORDER BY p.player_id, p.recorded_at, p.id`;

const replayObservationsSql = (q: Queryable, sessionId: number): SQL => sql`
SELECT ${epochMs(q, sql.raw('o.created_at'))} AS t, sp.user_id AS "hunterId", sp.handle AS "hunterName", o.dinosaur_id AS "dinosaurId",
       COALESCE(s.name, 'Unknown species') AS "speciesName", d.latitude AS lat, d.longitude AS lng
  FROM observations o
  JOIN session_players sp ON sp.id = o.player_id
  LEFT JOIN dinosaur_species s ON s.id = o.species_id
  LEFT JOIN session_dinosaurs d ON d.id = o.dinosaur_id AND d.session_id = o.session_id
 WHERE o.session_id = ${sessionId} AND o.success
 ORDER BY o.created_at, o.id`;

const dinosaursSql = (sessionId: number): SQL => sql`
SELECT d.id AS id, COALESCE(s.name, 'Unknown species') AS "speciesName", d.latitude AS lat, d.longitude AS lng
  FROM session_dinosaurs d LEFT JOIN dinosaur_species s ON s.id = d.species_id
 WHERE d.session_id = ${sessionId} ORDER BY d.id`;

/** Every stored fix of the session's hunters, per hunter in time order; `t` in ms (PostgreSQL: maybe text). */
export function replayPathRows(q: Queryable, sessionId: number): Promise<{ hunterId: string; lat: number; lng: number; t: number | string }[]> {
  return rawAll(q, pathsSql(q, sessionId));
}

export type ReplayObservationRow = {
  t: number | string;
  hunterId: string;
  hunterName: string;
  dinosaurId: number;
  speciesName: string;
  lat: number | null;
  lng: number | null;
};

/** The session's successful observations in order, each at the dinosaur observed. */
export function replayObservationRows(q: Queryable, sessionId: number): Promise<ReplayObservationRow[]> {
  return rawAll(q, replayObservationsSql(q, sessionId));
}

/** The dinosaurs deployed in the session. */
export function replayDinosaurRows(q: Queryable, sessionId: number): Promise<{ id: number; speciesName: string; lat: number; lng: number }[]> {
  return rawAll(q, dinosaursSql(sessionId));
}
