// Prepared builder queries (db/prepared.ts, decision 905) on the running database: prepared once,
// they still read the current rows with each call's values; inside a transaction they run on the
// transaction (its own uncommitted rows, no wait for the gate); a name is given once.
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/harness';
import type { Db } from './client';
import { preparedQuery } from './prepared';
import { missions } from './schema';

let server: TestServer;
let db: Db;

beforeAll(async () => {
  server = await startTestServer();
  db = server.deps.db;
});

afterAll(async () => {
  await server.close();
});

const missionsNamed = preparedQuery('test_missions_named', (q) =>
  q
    .select({ n: count() })
    .from(missions)
    .where(eq(missions.name, sql.placeholder('name'))),
);
const countNamed = async (q: Parameters<typeof missionsNamed>[0], name: string) => (await missionsNamed(q, { name }))[0]!.n;

describe('preparedQuery', () => {
  it('binds each call its own values and reads the rows as they are now', async () => {
    expect(await countNamed(db, 'alpha')).toBe(0);
    await db.insert(missions).values([{ name: 'alpha', description: '' }, { name: 'alpha', description: '' }, { name: 'beta', description: '' }]);
    expect(await countNamed(db, 'alpha')).toBe(2);
    expect(await countNamed(db, 'beta')).toBe(1);
  });

  it('runs inside a transaction on the transaction: its own uncommitted rows, and no wait for it to end', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.insert(missions).values({ name: 'gamma', description: '' });
      // On SQLite a query on the database would wait for this transaction (and fail after 5 s).
      return countNamed(tx, 'gamma');
    });
    expect(seen).toBe(1);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(missions).values({ name: 'delta', description: '' });
        expect(await countNamed(tx, 'delta')).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countNamed(db, 'delta')).toBe(0);
  });

  it('refuses a name given twice (PostgreSQL names its prepared statement after it)', () => {
    expect(() => preparedQuery('test_missions_named', (q) => q.select().from(missions))).toThrow(
      'preparedQuery: the name "test_missions_named" is taken',
    );
  });
});
