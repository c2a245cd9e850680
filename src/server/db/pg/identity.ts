// Identity ids after rows were inserted with their ids (a restore, a copy from SQLite): the sequence
// behind each identity column still starts at 1 and would hand out ids already taken (decision 861).
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { PgDb } from './client';
import * as schema from './schema';

/** Anything that runs SQL: the database or a transaction. */
type Executor = Pick<PgDb, 'execute'>;

/** Moves every identity sequence past the largest id its table holds (to 1 for an empty table). */
export async function realignIdentitySequences(db: Executor): Promise<void> {
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    for (const column of config.columns) {
      if (!column.generatedIdentity) continue;
      await db.execute(
        sql`SELECT setval(pg_get_serial_sequence(${config.name}, ${column.name}), coalesce((SELECT max(${sql.identifier(column.name)}) FROM ${table}), 0) + 1, false)`,
      );
    }
  }
}
