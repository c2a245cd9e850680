// Builds the one-port server from its dependencies. main.ts runs it; tests build
// it on a temporary database and an ephemeral port.
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTRPCOpenApiPlugin } from 'trpc-to-openapi';
import { isClientRoute, prerenderedFile, routeShellFor } from '../domain/client-routes';
import { MAX_MEDIA_BYTES } from '../domain/rules';
import { TRPC_MAX_BATCH_SIZE } from '../domain/transport';
import { TRPC_BATCH_PATH_MAX, TRPC_GET_URL_MAX } from './http/limits';
import { WS_MAX_PAYLOAD_BYTES } from './realtime/limits';
import { CLIENT_IP, contextFactory } from './context';
import type { AppDeps } from './deps';
import { AppError } from './errors';
import { installErrorHandlers } from './http/errors';
import { createReadiness, registerHealthRoutes } from './http/health';
import { sendShellWithFirstReads } from './http/first-reads';
import { registerPolledReadDoors } from './cached-reads/polled-read-doors';
import { installSecurityHeaders } from './http/security-headers';
import { API_NO_STORE } from './http/api-no-store';
import { installJsonBodyParser } from './http/json-body';
import { installMethodRules } from './http/method-rules';
import { changesState, originAllowed } from './http/origin';
import { registerPlainRoutes } from './http/routes';
import { registerUploads } from './http/uploads';
import { openApiDocument } from './openapi';
import { registerCompatSocket } from './realtime/compat-socket';
import { closingWithTheAccount } from './realtime/account-sockets';
import { registerTrpcSocket } from './realtime/trpc-socket';
import { appRouter } from './routers';
import { registerPositionPurge } from './services/positions';
import { type Scheduler, startScheduler } from './services/scheduler';

/** A year, and never revalidated: the file's name changes whenever its content does. */
const IMMUTABLE_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    // Only configured proxies may name the client address (rate limits count by it).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    // Larger bodies are multipart uploads, which stream with their own limits.
    bodyLimit: 1024 * 1024,
    // A tRPC batch names every procedure in one path segment (`/trpc/a.b,c.d,...`): a screen that
    // refetches seven queries at once passes Fastify's default of 100 characters and got 414.
    // (A router option: at the top level Fastify 5 warns FSTDEP022 on every start.)
    routerOptions: { maxParamLength: TRPC_BATCH_PATH_MAX },
  });
  installErrorHandlers(app);

  installSecurityHeaders(app, API_NO_STORE);

  installJsonBodyParser(app);
  installMethodRules(app, () => openApiDocument(config));

  // Sign-in and join limits live in the procedures (passwordAttempt, services/auth-limits), keyed by
  // Fastify's client address; a WebSocket upgrade's context sees only the raw request, so it is kept there.
  // Callback hooks, as in http/: an async one costs every request a promise and a microtask turn.
  app.addHook('onRequest', (request, reply, done) => {
    (request.raw as { [CLIENT_IP]?: string })[CLIENT_IP] = request.ip;
    // A GET /trpc URL longer than the client ever builds (it splits batches at TRPC_BATCH_URL_MAX).
    if (request.url.length > TRPC_GET_URL_MAX && request.url.startsWith('/trpc')) {
      reply.status(414).send({ error: `URL too long: at most ${TRPC_GET_URL_MAX} characters` }); // answered: no done()
      return;
    }
    // Every state-changing request (multipart uploads included) passes the sockets' Origin rule.
    if (changesState(request) && !originAllowed(config, request)) {
      reply.status(403).send({ error: 'Origin not allowed' }); // answered: no done()
      return;
    }
    done();
  });

  await app.register(multipart, { limits: { fileSize: MAX_MEDIA_BYTES, files: 3, fields: 30 } });
  // Before the plugin's own pre-close hook (hooks run in order): every socket hears 1012
  // 'Service Restart' and reconnects with its last event id instead of guessing why it dropped.
  app.addHook('preClose', async () => {
    deps.lifetime.abort(); // ends subscriptions streamed over HTTP (SSE) too, which would hold the close
    for (const client of app.websocketServer?.clients ?? []) client.close(1012, 'Server restarting');
  });
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });
  // tRPC's socket takes the same Origin rule as /ws (which closes with 4403 after the upgrade, as its
  // protocol says): a page of another origin is refused before the upgrade.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.ws && request.url.startsWith('/trpc') && !originAllowed(config, request)) {
      reply.status(403).send({ error: 'Origin not allowed' }); // answered: no done()
      return;
    }
    done();
  });

  const createContext = contextFactory(deps);

  const onTrpcError = ({ error, path: procedurePath }: { error: { code: string }; path?: string }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path: procedurePath }, 'tRPC error');
  };
  const onRestError = ({ error }: { error: { code: string } }) => {
    if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error }, 'REST error');
  };
  // The polled reads of a live game, REST and the client's tRPC GET batches: their procedures through the
  // same caller, with the adapters' framing written out (decision 957); before tRPC's plugin, whose route it joins.
  registerPolledReadDoors(app, { rest: '/api', trpc: '/trpc' }, { createContext, onRestError, onTrpcError });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    // A batch of more calls than the web client ever sends is refused whole (400), GET and POST alike.
    trpcOptions: { router: appRouter, createContext, onError: onTrpcError, maxBatchSize: TRPC_MAX_BATCH_SIZE },
  });
  // tRPC's WebSocket (subscriptions; any call a client sends over it) is served by our own handler.
  registerTrpcSocket(app, deps, {
    router: appRouter,
    // A socket closes when every sign-in of its account ends (a suspension, a deletion: docs/security.md 7.4.2).
    createContext: closingWithTheAccount(deps.signOuts, createContext),
    onError: onTrpcError,
    keepAlive: { pingMs: 30_000, pongWaitMs: 5000 },
  });

  await registerPlainRoutes(app, deps);
  // /healthz and /readyz for a load balancer (decision 897); app.readiness marks the start of a shutdown.
  registerHealthRoutes(app, createReadiness(deps.db, deps.bus));
  registerCompatSocket(app, deps);
  // The timers below run on the process that leads (decision 889): campaigning starts before their first run.
  app.addHook('onReady', async () => deps.leadership.start());
  registerPositionPurge(app, deps); // GPS data deleted 48 h after a session ends

  // REST: the same procedures at the specification's paths, plain JSON in and out (the polled reads of a
  // live game through their procedures' cache step, cached-reads/cache-step.ts, at their doors above).
  await app.register(fastifyTRPCOpenApiPlugin, {
    basePath: '/api',
    router: appRouter,
    createContext,
    onError: onRestError,
    // The plugin answers an error with its code's status: an AppError's own status (507 shares its code with 503).
    responseMeta: ({ errors }: { errors: unknown[] }) => (errors[0] instanceof AppError ? { status: errors[0].status } : {}),
  });

  app.get('/api/openapi.json', async () => openApiDocument(config));
  app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  await app.register(swagger, { mode: 'static', specification: { document: openApiDocument(config) as never } });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null }, // no badge fetched from swagger.io: the docs work offline
    staticCSP: true,
    // Swagger UI sets inline styles; and plain http on a LAN address must not be upgraded to https.
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  // Stored files; message media only to its message's audience (http/uploads.ts).
  await registerUploads(app, deps);

  const clientDir = config.clientDir;
  const hasClient = fs.existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    // The build writes .br and .gz beside each text asset (scripts/precompress.ts): sent when accepted.
    const hashedAssets = path.join(clientDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // Vite names everything under assets/ by its content hash: a browser may keep it for good
      // and skip the revalidation round trip of each of a screen's modules. The rest (index.html,
      // sw.js, the manifest, icons) keeps max-age=0 and is revalidated.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(hashedAssets)) {
          reply.header('cache-control', IMMUTABLE_ASSET_CACHE_CONTROL);
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = url.startsWith('/api') || url.startsWith('/trpc') || url.startsWith('/uploads');
    if (request.method === 'GET' && !isApi && hasClient) {
      // A page prerendered at build time gets its HTML (decision 800; a build without it, the shell).
      const prerendered = prerenderedFile(request.url);
      if (prerendered && fs.existsSync(path.join(clientDir, prerendered))) {
        return reply.type('text/html').header('Cache-Control', 'no-cache').sendFile(prerendered, clientDir, { cacheControl: false });
      }
      // The terminal's and Field Operations' shell names its route's modules for the browser to fetch at
      // once (decision 854; a build without it, the plain shell).
      // With a signed-in user's first reads in it (decision 855).
      const shell = routeShellFor(request.url);
      if (shell && fs.existsSync(path.join(clientDir, shell.file))) {
        return fs.promises
          .readFile(path.join(clientDir, shell.file), 'utf8')
          .then((html) => sendShellWithFirstReads(request, reply, html, shell.screen, createContext));
      }
      // Client routes get index.html; unknown ones too (it renders the 404 page), with a 404 status.
      return reply
        .status(isClientRoute(url) ? 200 : 404)
        .type('text/html')
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', clientDir, { cacheControl: false });
    }
    return reply.status(404).send({ error: 'Not found' });
  });

  // Scheduled starts and expiry, from stored timestamps (a restart loses nothing), on the process that
  // leads (decision 889); the GPS purge above asks the same leadership.
  let scheduler: Scheduler | undefined;
  app.addHook('onReady', async () => {
    scheduler = startScheduler(deps);
    // The mail queue sends on the leading process too (decision 991); what waited since the last run goes now.
    deps.mail.start();
    void deps.mail.tick();
    // Ready once what fell due while no process ran is applied (the first tick; it logs its own failure).
    await scheduler.tick();
  });
  app.addHook('onClose', async () => {
    await scheduler?.stop();
    await deps.mail.stop();
    // Graceful hand-over: once the timers' work under way has finished, another process takes the lock.
    await deps.leadership.close();
    // The event tailer and its listening connection (PostgreSQL), before the database closes.
    await deps.bus.close();
  });

  return app;
}
