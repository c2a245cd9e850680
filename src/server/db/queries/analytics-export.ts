// The admin analytics export's reads (services/admin-exports.ts): every session, hunter and
// observation, read in one transaction so the three parts agree. Counts come as the driver gives
// them (PostgreSQL's bigint as text: the CSV reads them with Number()).
import { type SQL, sql } from 'drizzle-orm';
import { readConsistently } from '../consistent-read';
import { epochMs } from '../dialect';
import { rawAll } from '../raw';
import type { Db, Queryable } from '../types';
import { PLAYER_MESSAGE_COUNTS_SQL } from './hunter-stats';

export type SessionRow = {
  id: number;
  name: string;
  status: string;
  owner: string | null;
  created_at: number;
  start_time: number | null;
  end_time: number | null;
  duration: number;
  max_players: number;
  players: number;
  dinosaurs: number;
  completion_status: string | null;
  completion_rate: number | null;
  observations: number;
  successful: number;
};
export type HunterRow = {
  user_id: string;
  session_id: number;
  session_name: string;
  handle: string;
  team: string | null;
  is_guest: number | boolean | null;
  darts_used: number;
  darts_remaining: number;
  reports: number;
  photos: number;
  distance_traveled_m: number;
  completion_time: number | null;
  joined_at: number;
  observations: number;
  successful: number;
  unique_species: number;
};
export type ObservationRow = {
  id: number;
  session_id: number;
  session_name: string;
  user_id: string;
  handle: string;
  team: string | null;
  dinosaur_id: number;
  species_id: number;
  species_name: string | null;
  success: number | boolean;
  distance_m: number;
  created_at: number;
};

/** Times as milliseconds, whichever database answers. */
const ms = (q: Queryable, column: string): SQL => epochMs(q, sql.raw(column));
/** Reads everything in one read transaction, so the three parts agree. */
export function analyticsRows(db: Db): Promise<{ sessions: SessionRow[]; hunters: HunterRow[]; observations: ObservationRow[] }> {
  return readConsistently(db, async (tx) => {
    const sessions = await rawAll<SessionRow>(
      tx,
      sql`SELECT s.id, s.name, s.status, u.username AS owner, ${ms(tx, 's.created_at')} AS created_at,
           ${ms(tx, 's.start_time')} AS start_time, ${ms(tx, 's.end_time')} AS end_time, s.duration, s.max_players,
           (SELECT count(*) FROM session_players p WHERE p.session_id = s.id) AS players,
           (SELECT count(*) FROM session_dinosaurs d WHERE d.session_id = s.id) AS dinosaurs,
           r.completion_status, r.completion_rate,
           (SELECT count(*) FROM observations o WHERE o.session_id = s.id) AS observations,
           (SELECT count(*) FROM observations o WHERE o.session_id = s.id AND o.success) AS successful
         FROM game_sessions s
         LEFT JOIN users u ON u.id = s.owner_id
         LEFT JOIN session_results r ON r.session_id = s.id
         ORDER BY s.id`,
    );
    const hunters = await rawAll<HunterRow>(
      tx,
      sql`SELECT p.user_id, p.session_id, s.name AS session_name, p.handle, t.name AS team, u.is_guest, p.darts_used, p.darts_remaining,
           p.distance_traveled_m, ${ms(tx, 'p.completion_time')} AS completion_time, ${ms(tx, 'p.joined_at')} AS joined_at,${sql.raw(PLAYER_MESSAGE_COUNTS_SQL)},
           (SELECT count(*) FROM observations o WHERE o.player_id = p.id) AS observations,
           (SELECT count(*) FROM observations o WHERE o.player_id = p.id AND o.success) AS successful,
           (SELECT count(DISTINCT o.species_id) FROM observations o WHERE o.player_id = p.id AND o.success) AS unique_species
         FROM session_players p
         JOIN game_sessions s ON s.id = p.session_id
         LEFT JOIN users u ON u.id = p.user_id
         LEFT JOIN teams t ON t.id = p.team_id
         ORDER BY p.session_id, p.id`,
    );
    const observations = await rawAll<ObservationRow>(
      tx,
      sql`SELECT o.id, o.session_id, s.name AS session_name, p.user_id, p.handle, t.name AS team, o.dinosaur_id, o.species_id,
           sp.name AS species_name, o.success, o.distance_m, ${ms(tx, 'o.created_at')} AS created_at
         FROM observations o
         JOIN game_sessions s ON s.id = o.session_id
         JOIN session_players p ON p.id = o.player_id
         LEFT JOIN teams t ON t.id = o.team_id
         LEFT JOIN dinosaur_species sp ON sp.id = o.species_id
         ORDER BY o.session_id, o.id`,
    );
    return { sessions, hunters, observations };
  });
}
