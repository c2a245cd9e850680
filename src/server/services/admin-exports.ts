// System controls: a portable backup of the database and a CSV export of sessions, hunters and
// observations.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBackup } from '../db/backup';
import { analyticsRows } from '../db/queries/analytics-export';
import type { AppDeps } from '../deps';

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
  'team',
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

const msOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));


/** The whole export as CSV text (header first). */
export async function analyticsCsv(ctx: Ctx): Promise<{ csv: string; fileName: string }> {
  const data = await analyticsRows(ctx.db);
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
        team: h.team,
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
        // The team the observation scored for (decision 973).
        team: o.team,
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
