// The cluster's database, read by the proofs of `npm run test:cluster` to check what the processes
// stored (the simulated clients themselves only use the app's doors). Needs the test process to run
// on PostgreSQL's tables: DATABASE_URL=postgres://... in its environment (scripts/test-cluster.ts sets it).
import { closeDatabase, connectDatabase, type Db } from '../../src/server/db/client';
import { runningDialect } from '../../src/server/db/running-dialect';

export async function openClusterDb(databaseUrl: string): Promise<{ db: Db; close: () => Promise<void> }> {
  if (runningDialect() !== 'pg') {
    throw new Error('Reading the cluster database needs DATABASE_URL=postgres://... in the test process (npm run test:cluster sets it)');
  }
  const db = await connectDatabase({ DATABASE_URL: databaseUrl, DATABASE_PATH: '' });
  return { db, close: () => closeDatabase(db) };
}
