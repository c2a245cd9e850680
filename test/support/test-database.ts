// A database of its own for a test that needs the data API without a server: the running
// dialect's (SQLite in memory; with DATABASE_URL=postgres://..., a PostgreSQL database of its own
// on that server), migrated, and gone again on close.
import { closeDatabase, connectDatabase, type Db } from '../../src/server/db/client';
import { runningDialect } from '../../src/server/db/running-dialect';
import { createTestPgDatabase } from './pg-database';

export type TestDatabase = { db: Db; close: () => Promise<void> };

export async function openTestDatabase(): Promise<TestDatabase> {
  if (runningDialect() !== 'pg') {
    const db = await connectDatabase({ DATABASE_PATH: ':memory:' });
    return { db, close: () => closeDatabase(db) };
  }
  const database = await createTestPgDatabase();
  const db = await connectDatabase({ DATABASE_URL: database.url, DATABASE_PATH: '' });
  return {
    db,
    async close() {
      await closeDatabase(db);
      await database.drop();
    },
  };
}
