import type Database from 'better-sqlite3';
import { sessionRowGenerations } from './session-row-generation';
import { WalIndexHeader } from './wal-index-header';

const generations = new WeakMap<Database.Database, { value: number; dataVersion: number }>();
type OutsideWritesWatch = {
  dataVersion: Database.Statement<[], number>;
  header: WalIndexHeader;
  /** The check every lookup asked for since the last one ran (outsideWritesNoted). */
  next?: Promise<void>;
};
const outsideWritesWatches = new WeakMap<Database.Database, OutsideWritesWatch>();

/** The tables whose rows a sign-in's verdict reads (session, its user, a guest's game session). */
export const SIGN_IN_TABLES = ['auth_sessions', 'users', 'game_sessions'] as const;

/**
 * Registers the generation function and TEMP triggers on this connection (temp objects live
 * per connection, so every connection the app opens calls this). Any insert, update or delete
 * on SIGN_IN_TABLES, including foreign-key cascades and REPLACE, moves the generation.
 */
export function installSignInInvalidation(sqlite: Database.Database): () => void {
  const dataVersion = sqlite.prepare<[], number>('PRAGMA data_version').pluck();
  const header = WalIndexHeader.open(sqlite.memory ? ':memory:' : sqlite.name);
  header.remember();
  outsideWritesWatches.set(sqlite, { dataVersion, header });
  const counter = { value: 0, dataVersion: dataVersion.get() ?? 0 };
  generations.set(sqlite, counter);
  sqlite.function('dinohunt_sign_in_rows_changed', { deterministic: false }, () => {
    counter.value++;
    return null;
  });
  for (const table of SIGN_IN_TABLES) {
    for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS dinohunt_sign_in_${table}_${event.toLowerCase()}
           AFTER ${event} ON main.${table} BEGIN SELECT dinohunt_sign_in_rows_changed(); END`,
      );
    }
  }
  return () => header.close();
}

/** This connection's generation; a connection without the triggers has none (then nothing may be cached). */
export function signInGeneration(sqlite: Database.Database): number | undefined {
  return generations.get(sqlite)?.value;
}

/**
 * Writes the triggers cannot see: a commit by another connection (an `sqlite3` shell, another
 * process: an account disabled outside the app) moves SQLite's `PRAGMA data_version` for this
 * one, and then the generation moves too, and every game session's (session-row-generation.ts: the
 * session-access cache's). Run before either cache is read (outsideWritesNoted: once
 * for the sign-in lookups of an event-loop turn), so the cache never serves a row that another
 * connection has changed (issue 24, decision 721). The pragma begins a read transaction (about
 * 7 µs a request in bench:http); it is asked only when the WAL index header shows a commit by anyone since it was last asked (one pread,
 * wal-index-header.ts), so a run of reads with no commit in between asks it once (decision 912).
 */
export function noteOutsideWrites(sqlite: Database.Database): void {
  const counter = generations.get(sqlite);
  const watch = outsideWritesWatches.get(sqlite);
  if (!counter || !watch) return;
  if (!watch.header.changedSinceRemembered()) return;
  watch.header.remember();
  const version = watch.dataVersion.get() ?? 0;
  if (version !== counter.dataVersion) {
    counter.dataVersion = version;
    counter.value++;
    // Which session it wrote is unknown: every session's cached access rows are read again (issue #48 review).
    sessionRowGenerations(sqlite)?.allMoved();
  }
}

/**
 * noteOutsideWrites, once for every lookup that asks before it runs: the check is queued with
 * setImmediate, which runs after the event loop has read every socket that was ready (the poll
 * phase), so one pread serves every request of a busy turn instead of one each. It stays exact:
 * a lookup only joins a check that has not started yet, so the check always begins after the
 * lookup's request was read, and a commit that returned before that request arrived is seen
 * (decision 912's "never", with no time window; decision 915).
 */
export function outsideWritesNoted(sqlite: Database.Database): Promise<void> | undefined {
  const watch = outsideWritesWatches.get(sqlite);
  if (!watch) return undefined;
  watch.next ??= new Promise<void>((resolve, reject) => {
    setImmediate(() => {
      watch.next = undefined;
      try {
        noteOutsideWrites(sqlite);
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
  return watch.next;
}
