// Builder queries prepared once per database, for the reads a request makes on every call or on
// every cache miss (a polled read's player count, the sign-in row, the session-access rows). A
// query built afresh costs more than running it: drizzle builds the SQL text from the builder
// each time. A prepared one is built once; each call binds its values to the query's
// `sql.placeholder()`s. SQLite then runs the statement the data API keeps per SQL text;
// PostgreSQL gets a named prepared statement (parsed and planned once per pooled connection).
//
// Inside a transaction the query is prepared on the transaction (SQLite: on its connection,
// past the gate; PostgreSQL: on its client) at each call: a query prepared on the database
// would wait for the transaction (SQLite) or run beside it (PostgreSQL).
import { handleOf } from './connection-handle';
import type { Queryable } from './types';

type Values = Record<string, unknown>;

/** What drizzle's prepared queries offer in both dialects. */
type Prepared<R> = { execute(values?: Values): Promise<R> };
/** A builder that can be prepared: SQLite's `prepare()`, PostgreSQL's `prepare(name)`. */
type Preparable<R> = { prepare(name?: string): Prepared<R> };

/** The names given so far: two queries with one name would clash on a PostgreSQL connection. */
const names = new Set<string>();

/**
 * The query `build` makes, prepared once per database and run with `values` for its placeholders.
 * `name` must be unique in the app (PostgreSQL names its prepared statement after it).
 */
export function preparedQuery<R, V extends Values>(name: string, build: (q: Queryable) => Preparable<R>): (q: Queryable, values: V) => Promise<R> {
  if (names.has(name)) throw new Error(`preparedQuery: the name "${name}" is taken`);
  names.add(name);
  const statementName = `dinohunt_${name}`;
  const byDatabase = new WeakMap<object, Prepared<R>>();
  const prepare = (q: Queryable) => {
    const builder = build(q);
    return handleOf(q).dialect === 'pg' ? builder.prepare(statementName) : builder.prepare();
  };
  return (q, values) => {
    if (handleOf(q).inTransaction) return prepare(q).execute(values);
    let prepared = byDatabase.get(q);
    if (prepared === undefined) {
      prepared = prepare(q);
      byDatabase.set(q, prepared);
    }
    return prepared.execute(values);
  };
}
