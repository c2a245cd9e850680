// `Db` is true on both databases (issue 41, decision 968): the compiler checks the server's queries
// against SQLite's drizzle types under tsconfig.json and against PostgreSQL's under tsconfig.pg.json
// (`npm run typecheck` runs both). This proves the two views are real: a probe that imports `Db` and
// the tables as services do is compiled under each config, and a builder call only one dialect has
// fails under the other's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const DB = path.join(ROOT, 'src/server/db');

/** One statement per line: the test tells the errors apart by their line. */
const PROBE = `import { eq } from 'drizzle-orm';
import { users } from '${DB}/schema';
import type { Db, Tx } from '${DB}/types';
export const portable = async (db: Db) => {
  const rows: { id: string }[] = await db.select({ id: users.id }).from(users).where(eq(users.id, 'u')).limit(1);
  const [made] = await db.insert(users).values({ id: 'u', firstName: 'A', lastName: 'B', role: 'hunter', passwordHash: null }).returning({ id: users.id });
  await db.transaction(async (tx: Tx) => tx.update(users).set({ firstName: 'C' }).where(eq(users.id, 'u')));
  return [rows, made];
};
export const sqliteOnly = (db: Db) => db.select().from(users).all();
export const pgOnly = (db: Db) => db.select().from(users).for('update');
`;
const lineOf = (name: string) => PROBE.split('\n').findIndex((line) => line.startsWith(`export const ${name} =`)) + 1;
const LINE = { sqliteOnly: lineOf('sqliteOnly'), pgOnly: lineOf('pgOnly') };

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The probe compiled with one of the project's configs: the lines of its errors. */
function errorLinesUnder(config: 'tsconfig.json' | 'tsconfig.pg.json'): number[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-db-view-'));
  dirs.push(dir);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.writeFileSync(path.join(dir, 'probe.ts'), PROBE);
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(ROOT, config), compilerOptions: { types: [] }, include: [], exclude: [], files: ['probe.ts'] }),
  );
  const run = spawnSync(process.execPath, [TSC, '-p', path.join(dir, 'tsconfig.json'), '--pretty', 'false'], { encoding: 'utf8', cwd: dir });
  const output = `${run.stdout}${run.stderr}`;
  const errors = [...output.matchAll(/^(.+?)\((\d+),\d+\): error TS\d+: /gm)];
  if (run.status !== 0 && errors.length === 0) throw new Error(`tsc failed without diagnostics: ${output}`);
  const elsewhere = errors.filter((m) => path.resolve(dir, m[1]!) !== path.join(dir, 'probe.ts'));
  if (elsewhere.length > 0) throw new Error(`errors outside the probe:\n${output}`);
  return errors.map((m) => Number(m[2]));
}

describe('the data API is typed by each dialect (decision 968)', () => {
  it("under tsconfig.json (SQLite), SQLite's .all() compiles and PostgreSQL's .for('update') does not", () => {
    expect(errorLinesUnder('tsconfig.json')).toEqual([LINE.pgOnly]);
  }, 60_000);

  it("under tsconfig.pg.json (PostgreSQL), .for('update') compiles and SQLite's .all() does not", () => {
    expect(errorLinesUnder('tsconfig.pg.json')).toEqual([LINE.sqliteOnly]);
  }, 60_000);
});
