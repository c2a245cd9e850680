// The portable backup: every table but sign-ins, as rows in the services' own shape (the same on
// SQLite and PostgreSQL: db/schema-parity.test.ts), so a backup taken from either database restores
// into either. The file is gzip'd JSON lines: a header, then one line per row.
//   {"format":"dinohunt-backup","version":1,"tables":["users",...],"createdAt":...}
//   {"t":"users","r":{...}}
// Sign-ins (auth_sessions) are left out: restoring signs everyone out, and a backup never carries
// anything that could open an account.
import fs from 'node:fs';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { getTableName, is, sql, type Table } from 'drizzle-orm';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { type Db, dialectOf, } from './client';
import type { Dialect } from './connection-handle';
import { readConsistently } from './consistent-read';
import * as pgSchema from './pg/schema';
import { PRIVATE_FILE_MODE, tightenFileMode } from './private-files';
import { rawRun } from './raw';
import * as sqliteSchema from './sqlite/schema';

export const BACKUP_FORMAT = 'dinohunt-backup';
export const BACKUP_VERSION = 1;
/** Rows per INSERT when restoring (well under both databases' parameter limits). */
const RESTORE_CHUNK = 200;

type Header = { format: string; version: number; tables: string[]; createdAt: number };
type AnyTable = Table & Record<string, unknown>;

/**
 * `dialect`'s tables (not the process's running ones: a copy between databases opens both), in an
 * order where every foreign key points to an earlier one; sign-ins left out.
 */
export function backupTables(dialect: Dialect): { name: string; table: AnyTable; generatedId: boolean }[] {
  const running: Record<string, unknown> = dialect === 'pg' ? pgSchema : sqliteSchema;
  const all = Object.entries(sqliteSchema)
    .filter(([, value]) => is(value, SQLiteTable))
    .map(([key, value]) => {
      const config = sqliteTableConfig(value as SQLiteTable);
      const parents = config.foreignKeys.map((fk) => getTableName(fk.reference().foreignTable));
      // An integer id the database generates (SQLite AUTOINCREMENT; PostgreSQL identity).
      const generatedId = config.columns.some((c) => c.name === 'id' && c.primary && c.columnType === 'SQLiteInteger');
      return { key, name: config.name, parents, generatedId, table: running[key] as AnyTable };
    })
    // Sign-ins and rate-limit counts (decision 885) are the running service's, not the data's.
    .filter((t) => t.name !== 'auth_sessions' && t.name !== 'rate_limits');
  const ordered: typeof all = [];
  const placed = new Set<string>();
  while (ordered.length < all.length) {
    const next = all.find((t) => !placed.has(t.name) && t.parents.every((p) => p === t.name || placed.has(p) || p === 'auth_sessions'));
    if (!next) throw new Error('backup: foreign keys form a cycle');
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered.map(({ name, table, generatedId }) => ({ name, table, generatedId }));
}

/** Every backed-up row, read in one snapshot (db/consistent-read.ts). */
async function readAll(db: Db): Promise<{ name: string; rows: Record<string, unknown>[] }[]> {
  const tables = backupTables(dialectOf(db));
  return readConsistently(db, async (tx) => {
    const out: { name: string; rows: Record<string, unknown>[] }[] = [];
    for (const { name, table } of tables) out.push({ name, rows: (await tx.select().from(table as never)) as Record<string, unknown>[] });
    return out;
  });
}

/** Writes a backup of `db` to `file` (gzip'd JSON lines). */
export async function writeBackup(db: Db, file: string, now: number = Date.now()): Promise<{ rows: number }> {
  const data = await readAll(db);
  const header: Header = { format: BACKUP_FORMAT, version: BACKUP_VERSION, tables: data.map((t) => t.name), createdAt: now };
  let rows = 0;
  function* lines() {
    yield `${JSON.stringify(header)}\n`;
    for (const { name, rows: tableRows } of data) {
      for (const r of tableRows) {
        rows++;
        yield `${JSON.stringify({ t: name, r })}\n`;
      }
    }
  }
  // Private before a row is written: a new file is created 0600, an existing one tightened (private-files.ts).
  tightenFileMode(file);
  await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
  return { rows };
}

export class BackupError extends Error {}

/** Reads a backup file: its header and rows by table. Throws BackupError on anything else. */
export async function readBackup(file: string): Promise<{ header: Header; rows: Map<string, Record<string, unknown>[]> }> {
  const gunzip = zlib.createGunzip();
  // A missing or unreadable file fails the read below, not the process.
  const input = fs
    .createReadStream(file)
    .on('error', (err) => gunzip.destroy(err))
    .pipe(gunzip);
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let header: Header | undefined;
  const rows = new Map<string, Record<string, unknown>[]>();
  try {
    for await (const line of lines) {
      if (!line) continue;
      const value = JSON.parse(line) as Header | { t: string; r: Record<string, unknown> };
      if (!header) {
        if ((value as Header).format !== BACKUP_FORMAT) throw new BackupError('Not a Dinohunt backup file');
        if ((value as Header).version !== BACKUP_VERSION) throw new BackupError(`Unsupported backup version ${(value as Header).version}`);
        header = value as Header;
        for (const name of header.tables) rows.set(name, []);
        continue;
      }
      const { t, r } = value as { t: string; r: Record<string, unknown> };
      const list = rows.get(t);
      if (!list) throw new BackupError(`Backup row for a table not in its header: ${t}`);
      list.push(r);
    }
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`Not a readable Dinohunt backup: ${(err as Error).message}`);
  }
  if (!header) throw new BackupError('Empty backup file');
  return { header, rows };
}

/**
 * Restores a backup into `db` in one transaction. The database must hold no rows of the backed-up
 * tables (a fresh one: migrated and seeded rows are replaced only with `replace`).
 */
export async function restoreBackup(db: Db, file: string, opts: { replace?: boolean } = {}): Promise<{ rows: number }> {
  const { rows } = await readBackup(file);
  const tables = backupTables(dialectOf(db));
  const unknown = [...rows.keys()].filter((name) => !tables.some((t) => t.name === name));
  if (unknown.length > 0) throw new BackupError(`Backup has tables this version does not know: ${unknown.join(', ')}`);
  let restored = 0;
  await db.transaction(async (tx) => {
    // One query at a time: a transaction is one connection.
    let used = false;
    for (const { table } of tables) used ||= (await tx.select().from(table as never).limit(1)).length > 0;
    if (used) {
      if (!opts.replace) throw new BackupError('The database is not empty: restore into a fresh database, or pass --replace');
      // Children first; sign-ins go too (they name users that may no longer exist).
      await rawRun(tx, sql`DELETE FROM auth_sessions`);
      for (const { table } of [...tables].reverse()) await tx.delete(table as never);
    }
    for (const { name, table } of tables) {
      const list = rows.get(name) ?? [];
      for (let i = 0; i < list.length; i += RESTORE_CHUNK) {
        await tx.insert(table as never).values(list.slice(i, i + RESTORE_CHUNK) as never);
      }
      restored += list.length;
    }
    if (dialectOf(tx) === 'pg') {
      // Identity columns: the next generated id follows the restored ones.
      for (const { name } of tables.filter((t) => t.generatedId)) {
        await rawRun(
          tx,
          sql`SELECT setval(pg_get_serial_sequence(${name}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.identifier(name)}), 0) + 1, false)`,
        );
      }
    }
  });
  return { rows: restored };
}
