// System controls: a portable backup of the database and a CSV export of sessions, hunters and
// observations.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { writeBackup } from '../db/backup';
import type { Queryable } from '../db/client';
import { readConsistently } from '../db/consistent-read';
import { epochMs } from '../db/dialect';
import { rawAll } from '../db/raw';
import type { AppDeps } from '../deps';
import { PLAYER_MESSAGE_COUNTS_SQL } from './hunter-stats';

type Ctx = Pick<AppDeps, 'db' | 'now'>;

/** "2026-11-22T10-15-03" for file names. */
export const fileStamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/:/g, '-');

export type Backup = { file: string; fileName: string; contentType: string; cleanup: () => Promise<void> };

/**
 * A consistent backup of the live database, taken while the app keeps serving: the portable export
 * (db/backup.ts, decision 867: gzip'd JSON lines that `npm run db:restore` reads into SQLite or
 * PostgreSQL). The caller streams it and then calls cleanup. Sign-ins are left out: restoring a
 * backup signs everyone out, and a backup never carries anything that could open an account.
 */
export async function createBackup(ctx: Ctx): Promise<Backup> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'dinohunt-backup-'));
  const cleanup = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, `${crypto.randomUUID()}.jsonl.gz`);
    await writeBackup(ctx.db, file, ctx.now());
    return { file, fileName: `dinohunt-backup-${fileStamp(ctx.now())}.jsonl.gz`, contentType: 'application/gzip', cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

// --- CSV ---

type Cell = string | number | boolean | null | undefined;

/**
 * RFC 4180 quoting, plus a leading apostrophe on text that a spreadsheet would
 * read as a formula (=, +, -, @, tab, CR), since names and handles are user input.
 */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

const iso = (ms: number | null | undefined) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

/** One table, one row per record; `record` says which kind (session, hunter, observation). */
export const ANALYTICS_COLUMNS = [
  'record',
  'session_id',
  'session_name',
  'session_status',
  'game_master',
  'created_at',
  'start_time',
  'end_time',
  'duration_min',
  'max_players',
  'players',
  'dinosaurs_deployed',
  'completion_status',
  'completion_rate',
  'hunter_id',
  'hunter_handle',
  'guest',
  'darts_used',
  'darts_remaining',
  'reports_submitted',
  'photos_taken',
  'distance_m',
  'completion_time',
  'observations',
  'successful_observations',
  'unique_species',
  'observation_id',
  'dinosaur_id',
  'species_id',
  'species_name',
  'success',
  'distance_to_target_m',
] as const;

type Row = Partial<Record<(typeof ANALYTICS_COLUMNS)[number], Cell>>;

type SessionRow = {
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
type HunterRow = {
  user_id: string;
  session_id: number;
  session_name: string;
  handle: string;
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
type ObservationRow = {
  id: number;
  session_id: number;
  session_name: string;
  user_id: string;
  handle: string;
  dinosaur_id: number;
  species_id: number;
  species_name: string | null;
  success: number | boolean;
  distance_m: number;
  created_at: number;
};

/** Times as milliseconds and counts as numbers, whichever database answers. */
const ms = (q: Queryable, column: string): SQL => epochMs(q, sql.raw(column));
const msOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Reads everything in one read transaction, so the three parts agree. */
function readAnalytics({ db }: Pick<Ctx, 'db'>) {
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
      sql`SELECT p.user_id, p.session_id, s.name AS session_name, p.handle, u.is_guest, p.darts_used, p.darts_remaining,
           p.distance_traveled_m, ${ms(tx, 'p.completion_time')} AS completion_time, ${ms(tx, 'p.joined_at')} AS joined_at,${sql.raw(PLAYER_MESSAGE_COUNTS_SQL)},
           (SELECT count(*) FROM observations o WHERE o.player_id = p.id) AS observations,
           (SELECT count(*) FROM observations o WHERE o.player_id = p.id AND o.success) AS successful,
           (SELECT count(DISTINCT o.species_id) FROM observations o WHERE o.player_id = p.id AND o.success) AS unique_species
         FROM session_players p
         JOIN game_sessions s ON s.id = p.session_id
         LEFT JOIN users u ON u.id = p.user_id
         ORDER BY p.session_id, p.id`,
    );
    const observations = await rawAll<ObservationRow>(
      tx,
      sql`SELECT o.id, o.session_id, s.name AS session_name, p.user_id, p.handle, o.dinosaur_id, o.species_id,
           sp.name AS species_name, o.success, o.distance_m, ${ms(tx, 'o.created_at')} AS created_at
         FROM observations o
         JOIN game_sessions s ON s.id = o.session_id
         JOIN session_players p ON p.id = o.player_id
         LEFT JOIN dinosaur_species sp ON sp.id = o.species_id
         ORDER BY o.session_id, o.id`,
    );
    return { sessions, hunters, observations };
  });
}

/** The whole export as CSV text (header first). */
export async function analyticsCsv(ctx: Ctx): Promise<{ csv: string; fileName: string }> {
  const data = await readAnalytics(ctx);
  const rows: Row[] = [
    ...data.sessions.map(
      (s): Row => ({
        record: 'session',
        session_id: s.id,
        session_name: s.name,
        session_status: s.status,
        game_master: s.owner,
        created_at: iso(msOrNull(s.created_at)),
        start_time: iso(msOrNull(s.start_time)),
        end_time: iso(msOrNull(s.end_time)),
        duration_min: s.duration,
        max_players: s.max_players,
        players: Number(s.players),
        dinosaurs_deployed: Number(s.dinosaurs),
        completion_status: s.completion_status,
        completion_rate: s.completion_rate,
        observations: Number(s.observations),
        successful_observations: Number(s.successful),
      }),
    ),
    ...data.hunters.map(
      (h): Row => ({
        record: 'hunter',
        session_id: h.session_id,
        session_name: h.session_name,
        created_at: iso(msOrNull(h.joined_at)),
        hunter_id: h.user_id,
        hunter_handle: h.handle,
        guest: Boolean(h.is_guest),
        darts_used: h.darts_used,
        darts_remaining: h.darts_remaining,
        reports_submitted: Number(h.reports),
        photos_taken: Number(h.photos),
        distance_m: Math.round(h.distance_traveled_m * 10) / 10,
        completion_time: iso(msOrNull(h.completion_time)),
        observations: Number(h.observations),
        successful_observations: Number(h.successful),
        unique_species: Number(h.unique_species),
      }),
    ),
    ...data.observations.map(
      (o): Row => ({
        record: 'observation',
        session_id: o.session_id,
        session_name: o.session_name,
        created_at: iso(msOrNull(o.created_at)),
        hunter_id: o.user_id,
        hunter_handle: o.handle,
        observation_id: o.id,
        dinosaur_id: o.dinosaur_id,
        species_id: o.species_id,
        species_name: o.species_name,
        success: Boolean(o.success),
        distance_to_target_m: Math.round(o.distance_m * 10) / 10,
      }),
    ),
  ];
  const csv = csvLine(ANALYTICS_COLUMNS) + rows.map((r) => csvLine(ANALYTICS_COLUMNS.map((c) => r[c]))).join('');
  return { csv, fileName: `dinohunt-analytics-${fileStamp(ctx.now())}.csv` };
}
