// Health checks for a load balancer or an orchestrator (issue #28, decision 897):
//   GET /healthz  200 while the process runs (no database: a slow database must not get it killed);
//   GET /readyz   200 only when the database answers a trivial query within READY_DATABASE_TIMEOUT_MS,
//                 this process's migrations are applied and the event bus has delivered every committed
//                 event it knows of; 503 with the first reason otherwise, and from the moment shutdown
//                 begins, so the balancer stops sending before the process stops accepting.
// Neither reads a cookie or sets one, neither is in the OpenAPI document (they are the operator's, not
// the API's), neither is rate limited (no limit applies outside the procedures that name one), and
// both log at warn level only, so a check every second does not fill the log. HEAD answers like GET.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { READY_DATABASE_TIMEOUT_MS } from './limits';
import { migrationsApplied, pingDatabase } from '../db/operations';
import type { Db } from '../db/types';
import type { EventBus } from '../event-bus';

/** Why a process is not ready, as /readyz's body names it. */
export type NotReadyReason = 'stopping' | 'database unreachable' | 'database slow' | 'migrations pending' | 'events behind';

export type ReadyReport = { ready: true } | { ready: false; reason: NotReadyReason };

export type Readiness = {
  /** Shutdown has begun: /readyz answers 503 'stopping' from now on. */
  beginStopping(): void;
  readonly stopping: boolean;
  check(): Promise<ReadyReport>;
};

export type ReadinessOptions = {
  databaseTimeoutMs?: number;
  /** Tests: another journal than the one this process migrates with. */
  migrationsFolder?: string;
};

export function createReadiness(db: Db, bus: EventBus, opts: ReadinessOptions = {}): Readiness {
  const timeoutMs = opts.databaseTimeoutMs ?? READY_DATABASE_TIMEOUT_MS;
  let stopping = false;
  // Once applied, applied for good (a later process may add migrations; it never removes ours).
  let migrated = false;
  // One database round trip at a time, however many checks arrive while it is under way.
  let inFlight: Promise<'ok' | NotReadyReason> | undefined;

  const probe = async (): Promise<'ok' | NotReadyReason> => {
    try {
      await pingDatabase(db);
    } catch {
      return 'database unreachable';
    }
    if (!migrated) {
      try {
        migrated = await migrationsApplied(db, opts.migrationsFolder);
      } catch {
        // No migrations table at all: nothing is applied yet.
        return 'migrations pending';
      }
      if (!migrated) return 'migrations pending';
    }
    return 'ok';
  };

  const database = (): Promise<'ok' | NotReadyReason> => {
    inFlight ??= probe().finally(() => {
      inFlight = undefined;
    });
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<NotReadyReason>((resolve) => {
      timer = setTimeout(() => resolve('database slow'), timeoutMs);
    });
    return Promise.race([inFlight, late]).finally(() => clearTimeout(timer));
  };

  return {
    beginStopping() {
      stopping = true;
    },
    get stopping() {
      return stopping;
    },
    async check() {
      if (stopping) return { ready: false, reason: 'stopping' };
      const answer = await database();
      if (answer !== 'ok') return { ready: false, reason: answer };
      if (stopping) return { ready: false, reason: 'stopping' };
      if (!bus.caughtUp()) return { ready: false, reason: 'events behind' };
      return { ready: true };
    },
  };
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('Cache-Control', 'no-store');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** /readyz's answer, and the mark that shutdown has begun (shutdown.ts). */
    readiness: Readiness;
  }
}

/** Registers both routes and decorates the app with `readiness`. */
export function registerHealthRoutes(app: FastifyInstance, readiness: Readiness): void {
  app.decorate('readiness', readiness);
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => noStore(reply).send({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const report = await readiness.check();
    if (report.ready) return noStore(reply).send({ status: 'ready' });
    return noStore(reply)
      .status(503)
      .send({ status: 'not ready', reason: report.reason, error: `Not ready: ${report.reason}` });
  });
}
