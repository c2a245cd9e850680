// Everything a request handler needs, built once per process (tests build their own).
import type { FastifyBaseLogger } from 'fastify';
import { type AppLucia, createLucia } from './auth/lucia';
import type { Config } from './config';
import { connectDatabase, type Db, dialectOf } from './db/client';
import { createPaymentProvider, type PaymentProvider } from './payments';
import { createEventBus, type EventBus } from './realtime/bus';
import { createSignInSweep, type SignInSweep } from './realtime/sign-in-sweep';
import { createSignOuts, type SignOuts } from './auth/sign-outs';
import { type AuthLimits, createAuthLimits } from './services/auth-limits';
import { createReadCache, type ReadCache } from './cached-reads/read-cache';
import { createWriteLimits, type WriteLimits } from './services/write-limits';
import { createGeocoder, type Geocoder } from './services/geocoder';
import { createFileStore, type FileStore } from './storage/file-store';

export type AppDeps = {
  config: Config;
  db: Db;
  lucia: AppLucia;
  bus: EventBus;
  /** Ends the sockets of a sign-in that ended (logout, deleted account). */
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
  /** Stored uploads: UPLOADS_DIR on local disk, or the S3 bucket of STORAGE_URL (issue #28, decision 893). */
  files: FileStore;
};

export async function createDeps(config: Config, log: AppDeps['log'] = console): Promise<AppDeps> {
  // The store's notes follow deps.log (main.ts swaps in Fastify's logger once the app is built).
  let built: AppDeps | undefined;
  const files = await createFileStore(config, { warn: (message: string) => (built?.log ?? log).warn(message) });
  // An unreachable bucket stops the start with a clear message, not the first upload with a 500.
  await files.check();
  const db = await connectDatabase(config);
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const now = Date.now;
  const signOuts = createSignOuts();
  const bus = createEventBus(db, now);
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
    writeLimits: createWriteLimits(config),
    authLimits: createAuthLimits(config),
    now,
    log,
    payments: createPaymentProvider(config),
    readCache: createReadCache(bus),
    geocoder: createGeocoder(config, { log }),
    files,
  };
  // The cache hears this process's events only: with PostgreSQL, several processes may write,
  // and no invalidation covers them yet (the cluster issue), so every read computes its answer.
  deps.readCache.enabled = dialectOf(db) === 'sqlite';
  built = deps;
  return deps;
}
