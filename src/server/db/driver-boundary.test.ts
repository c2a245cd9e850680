// Outside src/server/db no file touches a driver or a dialect (issue #27): the services speak the
// data API only, so the same build runs on SQLite and PostgreSQL. The issue's own check, as a test:
//   grep -rn "better-sqlite3\|\$client\|\.prepare(" src/server --include=*.ts | grep -v -e src/server/db/ -e '\.test\.ts'
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = path.resolve('src/server');
const FORBIDDEN = /better-sqlite3|\$client|\.prepare\(|from 'pg'|drizzle-orm\/(better-sqlite3|node-postgres|sqlite-proxy)/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === path.join(SERVER, 'db') ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
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
});
