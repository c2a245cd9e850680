// A database opened on a dialect chosen by the test, not by the environment (a backup copied
// between databases, a transaction config tried on both), handed to code typed with the running
// dialect's `Db` (decision 968). Only for code that picks its tables and SQL by `dialectOf(db)` at
// run time and uses no builder type of its own (db/backup.ts, db/raw.ts): the compiler checks the
// builders of the rest of the server against each dialect in turn, not this.
import type { AnyDb, Db } from '../../src/server/db/client';

export function asRunningDb(db: AnyDb): Db {
  return db as Db;
}
