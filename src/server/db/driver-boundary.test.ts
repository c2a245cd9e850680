// Outside src/server/db no file touches a driver or a dialect (issue #27): the services speak the
// data API only, so the same build runs on SQLite and PostgreSQL. The issue's own check, as a test:
//   grep -rn "better-sqlite3\|\$client\|\.prepare(" src/server --include=*.ts | grep -v -e src/server/db/ -e '\.test\.ts'
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db, Tx } from './types';

const SERVER = path.resolve('src/server');
const FORBIDDEN = /better-sqlite3|\$client|\.prepare\(|from 'pg'|drizzle-orm\/(better-sqlite3|node-postgres|sqlite-proxy)/;

/**
 * SQL text, and the dialect, stay in src/server/db too (issue #41, decision 965): services call its
 * named queries (db/queries/) and expressions (db/expressions.ts), and ask db/capabilities.ts what
 * the database offers rather than which it is.
 */
const SQL_OR_DIALECT =
  /\bsql(<[^>]*>)?`|\bsql\.raw\b|\braw(All|First|Run)\b|db\/(raw|dialect|running-dialect)'|\bdialectOf\b|\brunningDialect\b|\bisPostgres|dialect [!=]==/;

/**
 * A data API or its tables passed off as another type (decision 968): `Db` and the tables are
 * each dialect's own, checked under tsconfig.json and tsconfig.pg.json, so nothing in src/ (db/
 * included) casts a database, a transaction or a schema to them, through `unknown`, `any` or `never`.
 */
const DATA_API_CAST =
  /\bas (unknown|any|never) as (Db|Tx|Queryable|SqliteDb|PgDb|DataApiOf|typeof (sqlite|pg|sqliteSchema|pgSchema|schema))\b|\bas (Db|Tx|Queryable)\b|\bas typeof (sqlite|pg|sqliteSchema|pgSchema|schema)\b/;

function offendingLines(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${path.relative(process.cwd(), file)}:${i + 1}: ${line.trim()}`] : [])),
  );
}

function sourceFiles(dir: string, { withDb = false } = {}): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(SERVER, 'db') && !withDb ? [] : sourceFiles(full, { withDb });
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the data layer boundary', () => {
  it('no file outside src/server/db names a driver, its client or a prepared statement', () => {
    const offending = sourceFiles(SERVER).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (FORBIDDEN.test(line) ? [`${path.relative(process.cwd(), file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offending).toEqual([]);
  });

  it('no file outside src/server/db writes SQL text or branches on the dialect', () => {
    const files = sourceFiles(SERVER);
    expect(offendingLines(files, SQL_OR_DIALECT)).toEqual([]);
  });

  it('nothing in src/ casts a database, a transaction or the tables to the data API types', () => {
    expect(offendingLines(sourceFiles(path.resolve('src'), { withDb: true }), DATA_API_CAST)).toEqual([]);
  });

  it('the checks find what they look for', () => {
    for (const line of ['sql`1`', 'sql<number>`x`', 'sql.raw(t)', "from '../db/dialect'", 'dialectOf(db) === 1', 'rawAll(q, s)']) {
      expect(SQL_OR_DIALECT.test(line), line).toBe(true);
    }
    expect(SQL_OR_DIALECT.test('sql.placeholder(\'id\')')).toBe(false);
    const casts = [
      'return entryPoints as unknown as Db;',
      'x as any as Tx',
      '(pg as unknown as typeof sqlite)',
      'const running = (isPg ? pg : sqlite) as typeof sqlite;',
      'db as Db',
      'tx as never as Queryable',
    ];
    for (const line of casts) expect(DATA_API_CAST.test(line), line).toBe(true);
    for (const line of ['const db: Db = await connectDatabase(location);', "row as { id: number }", 'as DbRow']) {
      expect(DATA_API_CAST.test(line), line).toBe(false);
    }
  });

  it('Db and Tx offer no SQLite-only member (checked by tsc: an @ts-expect-error that compiles fails it)', () => {
    const sqliteOnly = (db: Db, tx: Tx) => [
      // @ts-expect-error SQLite-only: PostgreSQL's database has no run()
      db.run,
      // @ts-expect-error SQLite-only
      db.all,
      // @ts-expect-error the driver's client stays in src/server/db
      db.$client,
      // @ts-expect-error SQLite-only
      tx.get,
      // @ts-expect-error no nested transaction
      tx.transaction,
    ];
    expect(sqliteOnly).toBeTypeOf('function');
  });
});
