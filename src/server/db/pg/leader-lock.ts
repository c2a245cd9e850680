// The leader lock on PostgreSQL (issue #28, decision 889): of the processes sharing one database,
// the one holding a session-level advisory lock runs the timers. The lock lives on a dedicated
// connection (not the pool: a pooled connection goes back to the pool, and its session with it):
//   - a follower tries `pg_try_advisory_lock` at start and every `retryMs`;
//   - the leader checks the same connection every `retryMs` (a query that fails or times out);
//   - a leader that dies (SIGKILL, crash, power) loses its connection, PostgreSQL ends its session and
//     the lock is free: a follower takes it at its next try, within `retryMs`;
//   - a connection that ends, errs or stops answering is dropped at once and the process stops leading
//     (the lock went, or will go, with the session); it reconnects and tries again as a follower;
//   - `close()` unlocks and ends the connection (graceful hand-over).
//   - a leader machine that goes silent without closing its connection (power loss, network cut) stops
//     leading at its next check; PostgreSQL drops its session, and the lock, after LEADER_SERVER_GIVES_UP_MS
//     (server-side keepalives), which is longer, so the two do not overlap.
// Should the two ever overlap (timing quirks), both processes believe they lead for a moment: the
// transitions the timers make are idempotent in the database for that (decision 890).
import pg from 'pg';
import { LEADER_SERVER_GIVES_UP_MS } from '../constants';

export type LeaderLockOptions = {
  connectionString: string;
  key: bigint;
  retryMs: number;
  queryTimeoutMs: number;
  /** Called with true when this process takes the lock, false when it stops holding it. */
  onChange: (leader: boolean) => void;
  log: { info: (message: string) => void; warn: (message: string) => void };
};

export type LeaderLock = {
  isLeader: () => boolean;
  /** The first try now (resolves when it is done), then one every `retryMs`. */
  start: () => Promise<void>;
  /** Tries now (or joins the try under way): a follower tries to lock, the leader checks its connection. */
  attempt: () => Promise<void>;
  /** Stops trying, releases the lock if held and ends the connection. */
  close: () => Promise<void>;
};

/** Keepalive probes PostgreSQL sends on an idle lock connection before giving up on it (LEADER_SERVER_GIVES_UP_MS). */
const SERVER_KEEPALIVE_INTERVAL_S = 2;
const SERVER_KEEPALIVE_COUNT = 3;

/**
 * The lock connection's settings. Server side: a leader machine that stops answering without closing its
 * connection (power loss, network cut) loses its session, and the lock, after LEADER_SERVER_GIVES_UP_MS
 * (keepalives for an idle connection, tcp_user_timeout for unacknowledged data) instead of the
 * operating system's default of hours, during which no process would run the timers.
 */
export function leaderClientConfig(connectionString: string, queryTimeoutMs: number): pg.ClientConfig {
  const idleS = Math.max(1, LEADER_SERVER_GIVES_UP_MS / 1000 - SERVER_KEEPALIVE_INTERVAL_S * SERVER_KEEPALIVE_COUNT);
  return {
    connectionString,
    // Operators see the leader in pg_stat_activity (decision 889).
    application_name: 'dinohunt-leader',
    keepAlive: true,
    connectionTimeoutMillis: queryTimeoutMs,
    options: [
      `-c tcp_keepalives_idle=${idleS}`,
      `-c tcp_keepalives_interval=${SERVER_KEEPALIVE_INTERVAL_S}`,
      `-c tcp_keepalives_count=${SERVER_KEEPALIVE_COUNT}`,
      `-c tcp_user_timeout=${LEADER_SERVER_GIVES_UP_MS}`,
    ].join(' '),
  };
}

/** Rejects when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export function createPgLeaderLock(opts: LeaderLockOptions): LeaderLock {
  const key = opts.key.toString();
  let client: pg.Client | undefined;
  let leader = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let step: Promise<void> | undefined;
  // Logged once per outage, not at every try.
  let unreachable = false;

  const setLeader = (value: boolean) => {
    if (leader === value) return;
    leader = value;
    opts.onChange(value);
  };

  /** Forgets `c` and ends it (its session, and any lock it held, end with it): stops leading at once. */
  const drop = (c: pg.Client, why: string) => {
    if (client !== c) return;
    client = undefined;
    if (leader) opts.log.warn(`Leader lock connection lost (${why}): this process stops running the timers`);
    setLeader(false);
    // Not awaited: a broken connection may never confirm its end. A query under way makes pg destroy the socket.
    c.end().catch(() => {});
  };

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client(leaderClientConfig(opts.connectionString, opts.queryTimeoutMs));
    // The connection ended under us (pg_terminate_backend, a server restart, a network cut noticed).
    c.on('error', (error) => drop(c, error.message));
    c.on('end', () => drop(c, 'connection ended'));
    try {
      await c.connect();
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
    return c;
  };

  const tryOnce = async () => {
    if (closed) return;
    let c = client;
    try {
      if (!c) {
        const fresh = await connect();
        if (closed) {
          await fresh.end().catch(() => {});
          return;
        }
        client = c = fresh;
      }
      if (leader) {
        // Still our session, hence still our lock: a lost connection fails or times out here.
        await within(c.query('SELECT 1'), opts.queryTimeoutMs, 'leader lock check');
      } else {
        const { rows } = await within(
          c.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key]),
          opts.queryTimeoutMs,
          'leader lock',
        );
        // A connection dropped meanwhile took the lock with it.
        if (rows[0]?.locked && client === c) {
          opts.log.info('This process now runs the timers (leader lock taken)');
          setLeader(true);
        }
      }
      if (unreachable) opts.log.info('Leader lock: database reachable again');
      unreachable = false;
    } catch (error) {
      // A query with no answer may still take the lock later: ending the session makes sure it does not stay held.
      if (c) drop(c, error instanceof Error ? error.message : String(error));
      if (!unreachable) opts.log.warn(`Leader lock: ${error instanceof Error ? error.message : String(error)} (retrying every ${opts.retryMs} ms)`);
      unreachable = true;
    }
  };

  const attempt = () => {
    step ??= tryOnce().finally(() => {
      step = undefined;
    });
    return step;
  };

  return {
    isLeader: () => leader,
    async start() {
      if (timer || closed) return;
      timer = setInterval(() => void attempt(), opts.retryMs);
      timer.unref();
      await attempt();
    },
    attempt,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await step;
      const c = client;
      client = undefined;
      if (!c) return;
      const wasLeader = leader;
      // Stops leading before another process can take the lock.
      setLeader(false);
      if (wasLeader) {
        // Ending the session would release it too; unlocking first says so explicitly, and at once.
        await within(c.query('SELECT pg_advisory_unlock($1::bigint)', [key]), opts.queryTimeoutMs, 'leader unlock').catch(() => {});
        opts.log.info('This process no longer runs the timers (leader lock released)');
      }
      await within(c.end(), opts.queryTimeoutMs, 'leader lock connection end').catch(() => {});
    },
  };
}
