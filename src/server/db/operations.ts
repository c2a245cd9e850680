// What operations need to know about the database (issue #28, decision 897): whether it answers,
// whether this process's migrations are applied, and whether any query or transaction is under way
// (a stopping process closes the database only once its in-flight writes have ended). Driver-level,
// so it lives here, for both dialects.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SHUTDOWN_IDLE_POLL_MS } from './constants';
import { MIGRATIONS_DIR } from './client';
import { handleOf } from './connection-handle';
import { PG_MIGRATIONS_DIR } from './pg/client';
import { rawFirst } from './raw';
import type { Db } from './types';

/** Runs a trivial query: resolves when the database answers, rejects when it cannot. */
export async function pingDatabase(db: Db): Promise<void> {
  await rawFirst(db, sql`SELECT 1 AS one`);
}

/** The `when` (ms) of the last entry of a drizzle migrations journal. */
export function lastJournalEntry(migrationsFolder: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`No migration in ${migrationsFolder}`);
  return last.when;
}

/**
 * Whether the database holds every migration this process was built with: drizzle's migrator
 * records each applied migration's journal `when` as created_at, and applies those newer than the
 * latest recorded, so the latest recorded reaching the journal's last entry means nothing is pending.
 * A newer process may have applied more (a rolling upgrade): still applied for this one.
 */
export async function migrationsApplied(db: Db, migrationsFolder?: string): Promise<boolean> {
  const dialect = handleOf(db).dialect;
  const expected = lastJournalEntry(migrationsFolder ?? (dialect === 'pg' ? PG_MIGRATIONS_DIR : MIGRATIONS_DIR));
  const row =
    dialect === 'pg'
      ? await rawFirst<{ latest: number | null }>(db, sql`SELECT max(created_at) AS latest FROM drizzle.__drizzle_migrations`)
      : await rawFirst<{ latest: number | null }>(db, sql`SELECT max(created_at) AS latest FROM __drizzle_migrations`);
  return row?.latest != null && Number(row.latest) >= expected;
}

/** Whether no query or transaction of this process is under way (SQLite: none holds the gate; PostgreSQL: every pooled connection idle). */
export function databaseIdle(db: Db): boolean {
  const handle = handleOf(db);
  if (handle.dialect === 'sqlite') return !handle.gate!.busy;
  const pool = handle.pg as { totalCount: number; idleCount: number; waitingCount: number };
  return pool.waitingCount === 0 && pool.totalCount === pool.idleCount;
}

/** Resolves once databaseIdle (true) or at `deadline` (false, work still under way). */
export async function waitForDatabaseIdle(db: Db, deadline: number): Promise<boolean> {
  for (;;) {
    if (databaseIdle(db)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_IDLE_POLL_MS));
  }
}
