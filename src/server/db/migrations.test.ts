// Migrations upgrade a database that holds real data, not only an empty one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, MIGRATIONS_DIR, openDatabase } from './client';
import { rawAll, rawFirst } from './raw';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'dinohunt-migrations-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A copy of the migrations folder holding only the first `count` migrations. */
function firstMigrations(count: number): string {
  const dir = path.join(tmp, `first-${count}`);
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

describe('0001_unicode_name_keys', () => {
  it('upgrades a database whose old ASCII-only check let a handle in twice', async () => {
    const file = path.join(tmp, 'old.sqlite');
    const old = new Database(file);
    migrate(drizzle(old), { migrationsFolder: firstMigrations(1) });
    old.prepare("INSERT INTO users (id, username, first_name, role) VALUES ('gm', 'gm', 'Gm', 'gamemaster')").run();
    for (const id of ['h1', 'h2', 'h3']) {
      old.prepare("INSERT INTO users (id, first_name, role, is_guest) VALUES (?, 'x', 'hunter', 1)").run(id);
    }
    old
      .prepare("INSERT INTO game_sessions (id, owner_id, name, password, max_players, duration) VALUES (1, 'gm', 'Jurassic Walk', 'pw', 25, 60)")
      .run();
    const player = old.prepare('INSERT INTO session_players (session_id, user_id, handle) VALUES (1, ?, ?)');
    player.run('h1', 'Émile');
    player.run('h2', 'ÉMILE');
    player.run('h3', 'Rex');
    old.close();

    const db = openDatabase(file);
    const rows = await rawAll(db, sql`SELECT handle, handle_key FROM session_players ORDER BY id`);
    expect(rows).toEqual([
      { handle: 'Émile', handle_key: 'Émile' },
      { handle: 'ÉMILE', handle_key: `Émile\u001f2` },
      { handle: 'Rex', handle_key: 'rex' },
    ]);
    expect(await rawFirst(db, sql`SELECT name_key FROM game_sessions`)).toEqual({ name_key: 'jurassic walk' });
    await closeDatabase(db);
  });
});
