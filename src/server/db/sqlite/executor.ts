// Runs drizzle's async SQLite queries on one better-sqlite3 connection, so that services written
// with `await` behave as transactions should.
//
// better-sqlite3 is synchronous and has one connection: while an async transaction awaits, another
// request's query would otherwise run on the same connection, inside the open transaction (and be
// rolled back with it, or see its uncommitted rows). Every query therefore passes a gate: while a
// transaction holds it, queries from outside wait until it commits or rolls back; the
// transaction's own queries (drizzle's `tx`, built on a second drizzle instance over the same
// connection) pass. Transactions queue behind each other and start with BEGIN IMMEDIATE.
import type Database from 'better-sqlite3';

/** What drizzle's sqlite-proxy asks of its callback. */
export type ProxyMethod = 'run' | 'all' | 'get' | 'values';
// sqlite-proxy types rows as any[]; a `get` gives one row (or undefined) and a `run` its RunResult.
// biome-ignore lint/suspicious/noExplicitAny: drizzle's callback type
export type ProxyResult = { rows: any[] };

/** Prepared statements kept per SQL text (better-sqlite3's prepare costs more than most queries). */
const STATEMENT_CACHE_MAX = 2_000;

/** How long a query from outside waits for a transaction before it is reported as a likely deadlock. */
const GATE_WAIT_WARN_MS = 5_000;

export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly connection: Database.Database) {}

  get(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement === undefined) {
      statement = this.connection.prepare(text);
      // Map keeps insertion order: the oldest statement goes first when the cache is full.
      if (this.statements.size >= STATEMENT_CACHE_MAX) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(text, statement);
    }
    return statement;
  }
}

/** One writer at a time: a transaction holds the gate from BEGIN to COMMIT/ROLLBACK. */
export class TransactionGate {
  private held = false;
  private waiters: (() => void)[] = [];

  get busy(): boolean {
    return this.held;
  }

  /** Resolves once no transaction holds the gate. */
  async idle(): Promise<void> {
    if (!this.held) return;
    const started = Date.now();
    while (this.held) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
      if (Date.now() - started > GATE_WAIT_WARN_MS) {
        // A query on the outer database inside a transaction's callback waits for itself.
        throw new Error('A query waited 5 s for a transaction: was the outer db used inside db.transaction()?');
      }
    }
  }

  async acquire(): Promise<void> {
    while (this.held) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.held = true;
  }

  release(): void {
    this.held = false;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** Executes one query the way sqlite-proxy expects: selects as arrays of values, in column order. */
export function execute(statements: StatementCache, text: string, params: unknown[], method: ProxyMethod): ProxyResult {
  const statement = statements.get(text);
  if (method === 'run' || !statement.reader) return { rows: statement.run(...params) as never };
  statement.raw(true);
  if (method === 'get') return { rows: statement.get(...params) as never };
  return { rows: statement.all(...params) };
}

/** Executes raw SQL with rows as objects (src/server/db/raw.ts). */
export function executeObjects(statements: StatementCache, text: string, params: unknown[]): Record<string, unknown>[] {
  const statement = statements.get(text);
  if (!statement.reader) {
    statement.run(...params);
    return [];
  }
  statement.raw(false);
  return statement.all(...params) as Record<string, unknown>[];
}

/** The number of rows a raw statement changed. */
export function executeRun(statements: StatementCache, text: string, params: unknown[]): number {
  return statements.get(text).run(...params).changes;
}
