// The two dialects' schemas describe one data model (issue #27, decision 861): every table has the
// same TypeScript row types (checked by `tsc`, which reads the expectTypeOf lines below) and the same
// SQL names, keys, indexes and foreign keys (checked at run time from each dialect's table config).
import { type Column, getTableName, is, SQL, StringChunk, type Table } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as pg from './pg/schema';
import * as sqlite from './sqlite/schema';

// One pair of lines per table: a column added, renamed, retyped or made nullable on one side only fails `tsc`.
expectTypeOf<(typeof pg.users)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.users)['$inferSelect']>();
expectTypeOf<(typeof pg.users)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.users)['$inferInsert']>();
expectTypeOf<(typeof pg.authSessions)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.authSessions)['$inferSelect']>();
expectTypeOf<(typeof pg.authSessions)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.authSessions)['$inferInsert']>();
expectTypeOf<(typeof pg.subscriptionPlans)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.subscriptionPlans)['$inferSelect']>();
expectTypeOf<(typeof pg.subscriptionPlans)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.subscriptionPlans)['$inferInsert']>();
expectTypeOf<(typeof pg.subscriptions)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.subscriptions)['$inferSelect']>();
expectTypeOf<(typeof pg.subscriptions)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.subscriptions)['$inferInsert']>();
expectTypeOf<(typeof pg.creditPurchases)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.creditPurchases)['$inferSelect']>();
expectTypeOf<(typeof pg.creditPurchases)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.creditPurchases)['$inferInsert']>();
expectTypeOf<(typeof pg.stripeEvents)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.stripeEvents)['$inferSelect']>();
expectTypeOf<(typeof pg.stripeEvents)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.stripeEvents)['$inferInsert']>();
expectTypeOf<(typeof pg.dinosaurSpecies)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.dinosaurSpecies)['$inferSelect']>();
expectTypeOf<(typeof pg.dinosaurSpecies)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.dinosaurSpecies)['$inferInsert']>();
expectTypeOf<(typeof pg.missions)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.missions)['$inferSelect']>();
expectTypeOf<(typeof pg.missions)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.missions)['$inferInsert']>();
expectTypeOf<(typeof pg.gameSessions)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.gameSessions)['$inferSelect']>();
expectTypeOf<(typeof pg.gameSessions)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.gameSessions)['$inferInsert']>();
expectTypeOf<(typeof pg.sessionPlayers)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.sessionPlayers)['$inferSelect']>();
expectTypeOf<(typeof pg.sessionPlayers)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.sessionPlayers)['$inferInsert']>();
expectTypeOf<(typeof pg.sessionDinosaurs)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.sessionDinosaurs)['$inferSelect']>();
expectTypeOf<(typeof pg.sessionDinosaurs)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.sessionDinosaurs)['$inferInsert']>();
expectTypeOf<(typeof pg.observations)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.observations)['$inferSelect']>();
expectTypeOf<(typeof pg.observations)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.observations)['$inferInsert']>();
expectTypeOf<(typeof pg.positions)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.positions)['$inferSelect']>();
expectTypeOf<(typeof pg.positions)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.positions)['$inferInsert']>();
expectTypeOf<(typeof pg.messages)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.messages)['$inferSelect']>();
expectTypeOf<(typeof pg.messages)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.messages)['$inferInsert']>();
expectTypeOf<(typeof pg.events)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.events)['$inferSelect']>();
expectTypeOf<(typeof pg.events)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.events)['$inferInsert']>();
expectTypeOf<(typeof pg.sessionResults)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.sessionResults)['$inferSelect']>();
// The one difference: SQLite lets an insert leave out an INTEGER PRIMARY KEY (it is the rowid, handed
// out like an autoincrement id); session_results' key is always a session's id, so PostgreSQL requires it.
type Flat<T> = { [K in keyof T]: T[K] };
expectTypeOf<(typeof pg.sessionResults)['$inferInsert']>().toEqualTypeOf<
  Flat<Omit<(typeof sqlite.sessionResults)['$inferInsert'], 'sessionId'> & { sessionId: number }>
>();
expectTypeOf<(typeof pg.earnedAchievements)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.earnedAchievements)['$inferSelect']>();
expectTypeOf<(typeof pg.earnedAchievements)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.earnedAchievements)['$inferInsert']>();
expectTypeOf<(typeof pg.gmLayouts)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.gmLayouts)['$inferSelect']>();
expectTypeOf<(typeof pg.gmLayouts)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.gmLayouts)['$inferInsert']>();
expectTypeOf<(typeof pg.rateLimits)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.rateLimits)['$inferSelect']>();
expectTypeOf<(typeof pg.rateLimits)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.rateLimits)['$inferInsert']>();
// The row types services name, and every other export (a table missing from one side fails here too).
expectTypeOf<keyof typeof pg>().toEqualTypeOf<keyof typeof sqlite>();
expectTypeOf<pg.UserRow>().toEqualTypeOf<sqlite.UserRow>();
expectTypeOf<pg.GameSessionRow>().toEqualTypeOf<sqlite.GameSessionRow>();
expectTypeOf<pg.SpeciesRow>().toEqualTypeOf<sqlite.SpeciesRow>();
expectTypeOf<pg.MissionRow>().toEqualTypeOf<sqlite.MissionRow>();
expectTypeOf<pg.PlanRow>().toEqualTypeOf<sqlite.PlanRow>();
expectTypeOf<pg.GmLayoutRow>().toEqualTypeOf<sqlite.GmLayoutRow>();

type TableConfig = ReturnType<typeof sqliteTableConfig> | ReturnType<typeof pgTableConfig>;

/** An index's key as text: column names, and expressions with their columns named ("lower(username)"). */
function indexKey(part: unknown): string {
  if (is(part, SQL)) {
    return part.queryChunks
      .map((chunk) => (is(chunk, StringChunk) ? chunk.value.join('') : (chunk as Column).name))
      .join('');
  }
  return (part as Column).name;
}

/** What must agree between the dialects, in SQL names (the columns' SQL types differ on purpose). */
function describeTable(config: TableConfig) {
  return {
    columns: config.columns.map((c) => ({
      name: c.name,
      notNull: c.notNull,
      primary: c.primary,
      unique: c.isUnique ? c.uniqueName : null,
      // Ids the database hands out (autoincrement, identity) count as defaults; SQLite's bare INTEGER
      // PRIMARY KEY (the rowid, see the insert types above) does not: it is no promise of the model.
      hasDefault: c.hasDefault && !(c.primary && c.columnType === 'SQLiteInteger' && !(c as { autoIncrement?: boolean }).autoIncrement),
    })),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const ref = fk.reference();
        const from = ref.columns.map((c) => c.name).join(',');
        const to = ref.foreignColumns.map((c) => c.name).join(',');
        return `${from} -> ${getTableName(ref.foreignTable)}(${to}) on delete ${fk.onDelete ?? 'no action'}`;
      })
      .sort(),
    indexes: config.indexes
      .map((i) => `${i.config.unique ? 'unique ' : ''}${i.config.name}(${i.config.columns.map(indexKey).join(',')})${i.config.where ? ' partial' : ''}`)
      .sort(),
    uniqueConstraints: config.uniqueConstraints.map((u) => u.getName()).sort(),
    primaryKeys: config.primaryKeys.map((p) => p.getName()).sort(),
  };
}

const tablesOf = (module: Record<string, unknown>, kind: typeof PgTable | typeof SQLiteTable) =>
  Object.entries(module).filter((entry): entry is [string, Table] => is(entry[1], kind));

describe('the PostgreSQL and SQLite schemas', () => {
  const pgTables = tablesOf(pg, PgTable);
  const sqliteTables = tablesOf(sqlite, SQLiteTable);

  it('export the same tables under the same names', () => {
    expect(sqliteTables.length).toBeGreaterThan(15);
    expect(pgTables.map(([name, table]) => [name, getTableName(table)]).sort()).toEqual(
      sqliteTables.map(([name, table]) => [name, getTableName(table)]).sort(),
    );
  });

  const pgByName = new Map(pgTables);
  it.each(sqliteTables)('agree on %s: columns, keys, indexes, foreign keys', (name, sqliteTable) => {
    const pgTable = pgByName.get(name);
    expect(pgTable, `pg/schema.ts exports no ${name}`).toBeDefined();
    expect(describeTable(pgTableConfig(pgTable as PgTable))).toEqual(describeTable(sqliteTableConfig(sqliteTable as SQLiteTable)));
  });
});
// Challenges (issue #44).
expectTypeOf<(typeof pg.speciesQuestions)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.speciesQuestions)['$inferInsert']>();
expectTypeOf<(typeof pg.sessionChallenges)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.sessionChallenges)['$inferInsert']>();
expectTypeOf<(typeof pg.missionChallenges)['$inferInsert']>().toEqualTypeOf<(typeof sqlite.missionChallenges)['$inferInsert']>();
expectTypeOf<(typeof pg.challengeProgress)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.challengeProgress)['$inferSelect']>();
expectTypeOf<(typeof pg.questionAttempts)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.questionAttempts)['$inferSelect']>();
expectTypeOf<(typeof pg.challengeHints)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.challengeHints)['$inferSelect']>();
expectTypeOf<(typeof pg.sessionChallengeSettings)['$inferSelect']>().toEqualTypeOf<(typeof sqlite.sessionChallengeSettings)['$inferSelect']>();
expectTypeOf<pg.SpeciesQuestionRow>().toEqualTypeOf<sqlite.SpeciesQuestionRow>();
