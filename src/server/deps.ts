// Everything a request handler needs, built once per process (tests build their own).
import type { FastifyBaseLogger } from 'fastify';
import { type AppLucia, createLucia } from './auth/lucia';
import type { Config } from './config';
import { sharedByProcesses } from './db/capabilities';
import { connectDatabase, type Db } from './db/client';
import { createPaymentProvider, type PaymentProvider } from './payments';
import { type EventBus, openEventBus } from './realtime/bus';
import { openNotifications } from './db/notifications';
import { EVENTS_NOTIFY_CHANNEL, SIGN_OUTS_NOTIFY_CHANNEL } from './db/constants';
import { createSignInSweep, type SignInSweep } from './realtime/sign-in-sweep';
import { createSignOuts, type SignOuts } from './auth/sign-outs';
import { type AuthLimits, createAuthLimits } from './services/auth-limits';
import { createReadCache, type ReadCache } from './cached-reads/read-cache';
import { createWriteLimits, type WriteLimits } from './services/write-limits';
import { createRateLimitStore } from './services/rate-limit-store';
import { createGeocoder, type Geocoder } from './services/geocoder';
import { createLeadership, type Leadership } from './db/leadership';
import { createFileStore, type FileStore } from './storage/file-store';
import { createMailer, type Mailer } from './mail/mailer';
import { createMailTransport } from './mail/transport';

export type AppDeps = {
  config: Config;
  db: Db;
  lucia: AppLucia;
  bus: EventBus;
  /** Ends the sockets of a sign-in that ended (logout, deleted account), on every process (decision 882). */
  signOuts: SignOuts;
  /** Ends the sockets of a sign-in that ended otherwise (expiry, disabled account): one query per sweep. */
  signInSweep: SignInSweep;
  /** Aborted when the server begins to stop: long-lived streams end so the process can exit. */
  lifetime: AbortController;
  /** Messages and uploads per account per minute. */
  writeLimits: WriteLimits;
  /** Sign-in and join attempts per address, failed sign-ins per account, wrong passwords per game session. */
  authLimits: AuthLimits;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Stripe, or the no-payment default when STRIPE_* are not set. */
  payments: PaymentProvider;
  /** The polled reads' answers per game session, dropped by the session's events (issue #15; off on PostgreSQL for now). */
  readCache: ReadCache;
  /** HQ's place search through the configured geocoder (decision 815). */
  geocoder: Geocoder;
  /** Whether this process runs the timers (scheduler, GPS purge): one process across a cluster (decision 889). */
  leadership: Leadership;
  /** Stored uploads: UPLOADS_DIR on local disk, or the S3 bucket of STORAGE_URL (issue #28, decision 893). */
  files: FileStore;
  /** The mail queue: SMTP_URL's server, or the log and the development outbox (issue #45, decision 991). */
  mail: Mailer;
};

export async function createDeps(config: Config, log: AppDeps['log'] = console): Promise<AppDeps> {
  // The log of deps once built (main.ts swaps in the app's), the given one until then.
  let built: AppDeps | undefined;
  const logNow = () => built?.log ?? log;
  const files = await createFileStore(config, { warn: (message: string) => logNow().warn(message) });
  // An unreachable bucket stops the start with a clear message, not the first upload with a 500.
  await files.check();
  const db = await connectDatabase(config);
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const now = Date.now;
  // PostgreSQL: one listening connection per process wakes the event tailer and carries sign-outs
  // from the other processes (decisions 881, 882); null on SQLite (one process).
  const notifications = await openNotifications(db, [EVENTS_NOTIFY_CHANNEL, SIGN_OUTS_NOTIFY_CHANNEL], (err) =>
    logNow().warn(`PostgreSQL listening connection lost, reconnecting: ${err.message}`),
  );
  const signOuts = createSignOuts(
    notifications && { db, notifications, onError: (err) => logNow().error(`sign-out not sent to other processes: ${String(err)}`) },
  );
  const bus = await openEventBus(db, { now, notifications, log: { warn: (message: string) => logNow().warn(message) } });
  // Every limit counts in the database on PostgreSQL (shared by the cluster), in memory on SQLite (decision 885).
  const limits = createRateLimitStore(db, { warn: (message: string) => logNow().warn(message) });
  const deps: AppDeps = {
    config,
    db,
    lucia: createLucia(db, secure),
    bus,
    signOuts,
    // Reads deps.now at each sweep (tests move the clock).
    signInSweep: createSignInSweep({
      db,
      signOuts,
      now: () => deps.now(),
      onError: (err) => deps.log.error(`sign-in sweep failed: ${String(err)}`),
    }),
    lifetime: new AbortController(),
    writeLimits: createWriteLimits(config, limits),
    authLimits: createAuthLimits(config, limits),
    now,
    log,
    payments: createPaymentProvider(config, { warn: (message: string) => logNow().warn(message) }),
    readCache: createReadCache(bus),
    geocoder: createGeocoder(config, { log, limits }),
    // Campaigns from the app's onReady, hands over at its close (app.ts); logs through deps.log as main.ts sets it.
    leadership: createLeadership(db, { log: { info: (m) => deps.log.info(m), warn: (m) => deps.log.warn(m) } }),
    files,
    mail: undefined as unknown as Mailer, // below: it needs the leadership
  };
  deps.mail = createMailer({
    config,
    db,
    transport: createMailTransport(config, () => deps.log),
    limits,
    leadership: deps.leadership,
    now: () => deps.now(),
    log: () => deps.log,
  });
  // With PostgreSQL the cache would hear another process's change only after that change's
  // notification, which a client's next request may overtake: off there (decision 883).
  deps.readCache.enabled = !sharedByProcesses(db);
  built = deps;
  // Listening again after a drop: sign-outs sent meanwhile were missed; the sweep finds those sign-ins ended.
  notifications?.onListening(() => void deps.signInSweep.sweep().catch((err) => deps.log.error(`sign-in sweep failed: ${String(err)}`)));
  return deps;
}
