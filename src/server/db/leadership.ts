// Which process runs the timers (issue #28, decision 889): the scheduled starts and automatic ends
// (services/scheduler.ts), the GPS purge and the abandoned-session ends (services/positions.ts) run
// once across the processes sharing a database, on the one that leads. This is the one place that
// decides; both timers ask it.
//   - PostgreSQL: the leader holds a session-level advisory lock on a dedicated connection
//     (db/pg/leader-lock.ts); another process takes over within LEADER_RETRY_MS when it dies or closes.
//   - SQLite: one process owns the file, so it always leads.
// Leading is an optimisation, not the guarantee: every transition the timers make is also
// conditional in the database (a second runner, or a read applying a due transition, changes nothing).
import type pg from 'pg';
import { LEADER_QUERY_TIMEOUT_MS, LEADER_RETRY_MS, PG_LEADER_LOCK_KEY } from './constants';
import { handleOf } from './connection-handle';
import { createPgLeaderLock, type LeaderLock } from './pg/leader-lock';
import type { Db } from './types';

export type Leadership = {
  /** True while this process runs the timers. */
  isLeader: () => boolean;
  /** `listener(true)` when this process becomes the leader, `listener(false)` when it stops. Returns the unsubscribe. */
  onChange: (listener: (leader: boolean) => void) => () => void;
  /** Runs `work` if this process leads now (else resolves undefined); `close()` waits for it before handing over. */
  runAsLeader: <T>(work: () => Promise<T>) => Promise<T | undefined>;
  /**
   * Starts campaigning (PostgreSQL: the first try now, then every LEADER_RETRY_MS); resolves once the
   * first try is done, so a process that can lead leads when it becomes ready.
   */
  start: () => Promise<void>;
  /** No more work as leader; once the work under way has finished, the lock goes to another process. */
  close: () => Promise<void>;
};

export type LeadershipOptions = {
  log: { info: (message: string) => void; warn: (message: string) => void };
  retryMs?: number;
  queryTimeoutMs?: number;
  /** PostgreSQL: the advisory lock key (default PG_LEADER_LOCK_KEY). */
  key?: bigint;
};

/** The one process on a SQLite file: always the leader, nothing to hand over. */
const SOLE_PROCESS: LeaderLock = {
  isLeader: () => true,
  start: async () => {},
  attempt: async () => {},
  close: async () => {},
};

export function createLeadership(db: Db, opts: LeadershipOptions): Leadership {
  const listeners = new Set<(leader: boolean) => void>();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const notify = (leader: boolean) => {
    for (const listener of listeners) {
      try {
        listener(leader);
      } catch (error) {
        opts.log.warn(`Leadership listener failed: ${String(error)}`);
      }
    }
  };
  const handle = handleOf(db);
  const lock =
    handle.dialect === 'pg'
      ? createPgLeaderLock({
          // The pool's own server, role and database: the lock is per database.
          connectionString: (handle.pg as pg.Pool).options.connectionString!,
          key: opts.key ?? PG_LEADER_LOCK_KEY,
          retryMs: opts.retryMs ?? LEADER_RETRY_MS,
          queryTimeoutMs: opts.queryTimeoutMs ?? LEADER_QUERY_TIMEOUT_MS,
          onChange: notify,
          log: opts.log,
        })
      : SOLE_PROCESS;
  return {
    isLeader: () => !closed && lock.isLeader(),
    onChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async runAsLeader(work) {
      if (closed || !lock.isLeader()) return undefined;
      const running = work();
      inFlight.add(running);
      try {
        return await running;
      } finally {
        inFlight.delete(running);
      }
    },
    start: async () => {
      if (!closed) await lock.start();
    },
    async close() {
      if (closed) return;
      closed = true;
      // The work under way ends here, before another process may start the same.
      await Promise.allSettled([...inFlight]);
      await lock.close();
    },
  };
}
