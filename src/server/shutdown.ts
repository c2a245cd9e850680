// Graceful shutdown (issue #28, decision 898). On SIGTERM or SIGINT the process:
//   1. answers /readyz with 503 'stopping', and keeps serving for SHUTDOWN_DRAIN_MS so a load
//      balancer's health checks take it out of rotation before it stops accepting;
//   2. stops accepting connections and closes every WebSocket with 1012 'Server restarting' (app.ts's
//      preClose: the clients reconnect, through the balancer to another process, with their last event
//      id), while the requests under way (writes) run to their answer;
//   3. after SHUTDOWN_TIMEOUT_MS cuts whatever connection is still open;
//   4. stops its timers (the app's onClose hooks), closes the event bus, waits (within the same bound)
//      for the database to have no query or transaction under way, closes it, and exits 0.
// A second signal while this runs exits at once (128 + the signal's number, as a shell reports it).
import type { FastifyInstance } from 'fastify';
import { closeDatabase } from './db/client';
import { waitForDatabaseIdle } from './db/operations';
import type { AppDeps } from './deps';

export type ShutdownOptions = {
  /** Serving with /readyz at 503 before the listener closes (ms). */
  drainMs: number;
  /** Bound on the in-flight work once the listener closes (ms). */
  timeoutMs: number;
};

/** How the stop went: 'clean' when every request and database call ended by itself within the bound. */
export type ShutdownOutcome = 'clean' | 'timed out';

const SIGNAL_NUMBERS: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 2, SIGTERM: 15 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops the app as described above (without exiting): main.ts's signal handler; tests call it directly. */
export async function stopGracefully(app: FastifyInstance, deps: AppDeps, opts: ShutdownOptions): Promise<ShutdownOutcome> {
  app.readiness.beginStopping();
  if (opts.drainMs > 0) await sleep(opts.drainMs);
  let outcome: ShutdownOutcome = 'clean';
  const deadline = Date.now() + opts.timeoutMs;
  // Fastify's close: preClose hooks (1012 to every socket), then the listener closes and waits for the
  // connections under way (idle keep-alive ones are closed at once; a request arriving on a busy one
  // gets 503 and `Connection: close`), then the onClose hooks stop the timers.
  const closing = app.close();
  let cut: NodeJS.Timeout | undefined;
  const bounded = new Promise<void>((resolve) => {
    cut = setTimeout(() => {
      outcome = 'timed out';
      deps.log.warn(`shutdown: requests still under way after ${opts.timeoutMs} ms, closing their connections`);
      app.server.closeAllConnections();
      resolve();
    }, opts.timeoutMs);
  });
  await Promise.race([closing, bounded]);
  clearTimeout(cut);
  await closing;
  await deps.bus.close();
  // A socket's write may still be between its queries (its answer will not reach the closed socket,
  // so the client resends it; the write itself completes or rolls back whole).
  if (!(await waitForDatabaseIdle(deps.db, Math.max(deadline, Date.now())))) {
    outcome = 'timed out';
    deps.log.warn('shutdown: database work still under way at the deadline, closing the database');
  }
  await closeDatabase(deps.db);
  return outcome;
}

/** Installs the SIGTERM/SIGINT handlers on the process: a graceful stop, then exit 0; a second signal exits at once. */
export function installGracefulShutdown(
  app: FastifyInstance,
  deps: AppDeps,
  opts: ShutdownOptions,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  let stopping = false;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopping) {
      deps.log.warn(`${signal} received again, exiting at once`);
      exit(128 + SIGNAL_NUMBERS[signal]);
      return;
    }
    stopping = true;
    deps.log.info(`${signal} received, shutting down (draining ${opts.drainMs} ms, in-flight work bounded at ${opts.timeoutMs} ms)`);
    stopGracefully(app, deps, opts).then(
      (outcome) => {
        deps.log.info(`shutdown ${outcome === 'clean' ? 'complete' : 'complete after cutting unfinished work'}`);
        exit(0);
      },
      (error: unknown) => {
        deps.log.error(`shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
