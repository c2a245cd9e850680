// db/schema.ts is #db-schema (decision 968): to the compiler one dialect's schema file, at run time
// db/running-schema.ts. That file must hand out what the compiler was told: every table of the
// schema files, by the same name, each the running dialect's own object.
import { describe, expect, it } from 'vitest';
import * as pg from './pg/schema';
import { runningDialect } from './running-dialect';
import * as running from './running-schema';
import * as schema from './schema';
import * as sqlite from './sqlite/schema';

const names = (module: object) => Object.keys(module).sort();

describe('the running schema (#db-schema at run time)', () => {
  it('exports the names both schema files export', () => {
    expect(names(sqlite)).toEqual(names(pg));
    expect(names(running)).toEqual(names(sqlite));
  });

  it("hands out the running dialect's own tables, and db/schema.ts is it", () => {
    const own: Record<string, unknown> = runningDialect() === 'pg' ? pg : sqlite;
    for (const [name, table] of Object.entries(running)) expect(table, name).toBe(own[name]);
    for (const [name, table] of Object.entries(schema)) expect(table, name).toBe(own[name]);
    expect(names(schema)).toEqual(names(running));
  });
});
