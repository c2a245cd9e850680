// The data layer's own constants: the PostgreSQL pool size, advisory lock keys, NOTIFY channels, the
// listener's reconnects, the leader lock's timing, the shutdown's idle check. Not game rules (src/domain/rules.ts).

/** Connections each app process keeps to PostgreSQL unless DATABASE_POOL_MAX says otherwise. */
export const DATABASE_POOL_MAX_DEFAULT = 10;
/**
 * Fewest connections allowed: start-up holds one for its advisory lock (decision 862) while the seed,
 * run under that lock, queries through the pool.
 */
export const DATABASE_POOL_MAX_MIN = 2;
/** The session-level advisory lock key processes take to migrate and seed one at a time ('dino' in ASCII). */
export const PG_STARTUP_LOCK_KEY = 0x64_69_6e_6f;
/**
 * The transaction-scoped advisory lock key each first-start seeding transaction takes on PostgreSQL
 * ("DINOSEED" in ASCII), so that processes starting together seed the admin, plans and species once.
 */
export const PG_FIRST_START_LOCK_KEY = 0x44494e4f_53454544n;
/** The PostgreSQL NOTIFY channel an event-writing transaction wakes every process's tailer on (its payload: the newest id). */
export const EVENTS_NOTIFY_CHANNEL = 'dinohunt_events';
/** The PostgreSQL NOTIFY channel a sign-out or disabled account reaches every process on (decision 882). */
export const SIGN_OUTS_NOTIFY_CHANNEL = 'dinohunt_sign_outs';
/** The first wait before the listening connection is opened again after it dropped; doubled each failed try... */
export const NOTIFY_RECONNECT_MIN_MS = 100;
/** ...up to this. */
export const NOTIFY_RECONNECT_MAX_MS = 5_000;
/**
 * How often a process that does not run the timers tries to take the leader lock, and how often the
 * leader checks that its lock connection still answers: when the leader dies, another process runs
 * the scheduled starts, automatic ends, GPS purge and abandoned-session ends within this time.
 */
export const LEADER_RETRY_MS = 2_000;
/**
 * A leader-lock query (take, check, release) or connect that takes longer ends the lock connection,
 * and with its session any lock it held: the process stops leading rather than lead unsure.
 */
export const LEADER_QUERY_TIMEOUT_MS = 3_000;
/**
 * How long PostgreSQL keeps the leader's session, and so its lock, once the leader's machine stops answering
 * without closing its connection (power loss, network cut): TCP keepalives and tcp_user_timeout on the lock
 * connection. Longer than the leader's own check (LEADER_RETRY_MS + LEADER_QUERY_TIMEOUT_MS), so a cut-off
 * leader has stopped before another can take the lock.
 */
export const LEADER_SERVER_GIVES_UP_MS = 10_000;
/** The session-level advisory lock key of the process that runs the timers ("DINOLEAD" in ASCII). */
export const PG_LEADER_LOCK_KEY = 0x44494e4f_4c454144n;
/** How often a stopping process looks whether the database has no query or transaction under way. */
export const SHUTDOWN_IDLE_POLL_MS = 20;
