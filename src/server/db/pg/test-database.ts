// A PostgreSQL database of its own for one test file (issue #27): created on the server DATABASE_URL
// names (its role may create databases), dropped at the end even with connections still open.
import crypto from 'node:crypto';
import pg from 'pg';
import { isPostgresUrl } from './client';

/** Test databases are named dinohunt_t_<12 hex>, so a leftover one is easy to spot (and drop). */
export const TEST_DATABASE_PREFIX = 'dinohunt_t_';

export type TestPgDatabase = {
  /** The URL of the new database (same server, role and options as the base URL). */
  url: string;
  name: string;
  /** Drops the database WITH (FORCE): open connections are ended first. Safe to call twice. */
  drop: () => Promise<void>;
};

/** Runs one statement on the base URL's database with a short-lived connection. */
async function onServer(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl, application_name: 'dinohunt-tests' });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createTestPgDatabase(baseUrl: string | undefined = process.env.DATABASE_URL): Promise<TestPgDatabase> {
  if (!isPostgresUrl(baseUrl)) throw new Error('createTestPgDatabase needs DATABASE_URL set to a postgres:// URL');
  const name = `${TEST_DATABASE_PREFIX}${crypto.randomBytes(6).toString('hex')}`;
  // The name is ours (prefix + hex), so quoting it is enough; identifiers cannot be bound parameters.
  await onServer(baseUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await onServer(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Drops the test database a URL names (made by createTestPgDatabase; a kept test directory records its URL). */
export async function dropTestPgDatabase(url: string, baseUrl: string | undefined = process.env.DATABASE_URL): Promise<void> {
  if (!isPostgresUrl(baseUrl)) throw new Error('dropTestPgDatabase needs DATABASE_URL set to a postgres:// URL');
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name.startsWith(TEST_DATABASE_PREFIX) || !/^[a-z0-9_]+$/.test(name)) throw new Error(`Not a test database: ${name}`);
  await onServer(baseUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
