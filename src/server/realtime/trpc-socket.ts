// tRPC's WebSocket protocol at /trpc, served by us rather than by @trpc/server's ws
// adapter, which keeps per subscription a chain of async iterators, promises and abort
// signals and serialises each event once per subscription. This speaks what
// @trpc/client 11's createWSClient/wsLink speak (the adapter's own behaviour, message
// for message): an optional connectionParams message first (?connectionParams=1),
// requests `{ id, method: 'query' | 'mutation' | 'subscription', params: { path, input,
// lastEventId? } }` (alone or in an array), `subscription.stop`, answers `started` /
// `data` (tracked: with the event id, which the client resends as lastEventId when it
// reconnects) / `stopped` / errors shaped by the router's errorFormatter, and 'PING' /
// 'PONG' keep-alive both ways. comms.events, the only subscription, runs as /ws does
// (events-admission.ts, trpc-socket-events.ts): backlog from the database then live, frames built once per event,
// the send buffer as the only queue. Queries and mutations go through callProcedure
// with the connection's context, built once at connect from the cookie (longLived).
// Only tRPC's public entry points are used: the wire types and parseTRPCMessage of
// `@trpc/server/rpc` (the documented wire format), callTRPCProcedure, transformTRPCResponse
// and getTRPCErrorShape of `@trpc/server` with the router's wire options (trpc.ts's
// trpcWireConfig), never the router's internal definition; its tests speak through @trpc/client's wsLink
// (decision 945).
// Bounded work (decision 700): a sign-in is needed to use it, messages per second, calls per
// message and subscriptions per socket are capped, and sockets are counted per sign-in (and per
// address while signed out) with /ws; each refusal is a tRPC error, or close code 4429/4401.
import type { Socket } from 'node:net';
import {
  type AnyTRPCRouter,
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  TRPCError,
  transformTRPCResponse,
} from '@trpc/server';
import { parseConnectionParamsFromUnknown } from '@trpc/server/http';
import { parseTRPCMessage, type TRPCClientOutgoingMessage, type TRPCResponse, type TRPCResponseMessage } from '@trpc/server/rpc';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { TRPC_MAX_BATCH_SIZE } from '../../domain/transport';
import { TRPC_SOCKET_MAX_SUBSCRIPTIONS, WS_CLOSE_TOO_MANY, WS_MAX_FRAME_BYTES } from './limits';
import type { Context } from '../context';
import { trpcWireConfig } from '../trpc';
import { latestEventId } from '../db/events';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../errors';
import type { BusEvent } from './bus';
import { sendShared, writeHeld } from './frame-fanout';
import { mustResync, pushFeed, resyncEvent, sessionSource } from './session-stream';
import { type Counted, countByAddress, countBySignIn, type FrameWindow, overFrameRate, SOCKET_REFUSALS, socketCounts, TOO_FAR_BEHIND, tooFarBehind, uncount } from './socket-limits';
import { type Admitted, EVENTS_PATH, eventsAdmission, eventsStart } from './events-admission';
import { dataFrameHead, eventFrame } from './trpc-socket-events';
import { createKeepAlive, heard, type KeepAliveOptions, type KeptAlive } from './trpc-socket-keep-alive';

type RequestId = string | number;
/** What a connection needs of its upgrade request to build its context (the cookie, the client address). */
type Upgrade = { headers: { cookie?: string | undefined }; ip: string };
type CreateContext = (opts: { req: Upgrade; res: unknown; info?: unknown }) => Promise<Context>;
type OnError = (opts: { error: TRPCError; path: string | undefined; type: string; ctx: Context | undefined; input: unknown }) => void;

export type TrpcSocketOptions = {
  router: AnyTRPCRouter;
  createContext: CreateContext;
  onError?: OnError;
  keepAlive: KeepAliveOptions;
};

/** Close code of a socket opened without a sign-in, once its requests are answered UNAUTHORIZED. */
export const TRPC_SOCKET_SIGNED_OUT = 4401;

/** The refusals of decision 700, as the client reads them (error.message). */
export const TRPC_SOCKET_REFUSALS = {
  signedOut: 'Sign in to use this socket',
  tooFast: 'Too many messages: slow down',
  tooLarge: `Message too large: at most ${WS_MAX_FRAME_BYTES} bytes`,
  tooManyCalls: `Batch call exceeds maximum size: at most ${TRPC_MAX_BATCH_SIZE} calls per message`,
  tooManySubscriptions: `Too many subscriptions on this socket: at most ${TRPC_SOCKET_MAX_SUBSCRIPTIONS}`,
} as const;

export function registerTrpcSocket(app: FastifyInstance, deps: AppDeps, opts: TrpcSocketOptions): void {
  const keepAlive = createKeepAlive(opts.keepAlive);
  const connections = new Set<TrpcConnection>();
  // The server is stopping: feeds stop now; app.ts's preClose closes every socket with 1012
  // right after, and the client resumes with its last event id. A socket somehow still open
  // a moment later hears why its subscriptions ended.
  deps.lifetime.signal.addEventListener('abort', () => {
    for (const connection of connections) connection.endFeeds();
    setImmediate(() => {
      for (const connection of connections) {
        if (connection.isOpen()) connection.endSubscriptions(new AppError(503, 'Server restarting'));
      }
    });
  });
  app.get('/trpc', { websocket: true }, (socket, request) => {
    // @fastify/websocket's 'error' listener holds the upgrade's request and reply for the
    // socket's whole life (see compat-socket.ts); ours logs and ends the socket without them.
    for (const listener of socket.listeners('error')) socket.off('error', listener as () => void);
    const connection = new TrpcConnection(deps, opts, socket, request.socket);
    connections.add(connection);
    keepAlive.add(connection);
    socket.on('close', () => {
      connections.delete(connection);
      keepAlive.delete(connection);
      connection.release();
      uncount(socketCounts(deps), connection);
    });
    socket.on('error', (err) => {
      deps.log.warn(`tRPC socket error: ${String(err)}`);
      socket.terminate();
    });
    const wantsParams = new URL(request.url, 'http://x').searchParams.get('connectionParams') === '1';
    connection.start({ headers: { cookie: request.headers.cookie }, ip: request.ip }, wantsParams);
  });
}

/** One socket's state: its context, its comms.events subscriptions and its keep-alive marks. */
class TrpcConnection implements KeptAlive, FrameWindow, Counted {
  heardAt = Date.now();
  pingedAt = 0;
  windowStart = 0;
  framesInWindow = 0;
  /** Where this socket is counted (socket-limits.ts): by its sign-in, or by its address while signed out. */
  countedAs: string | null = null;
  /**
   * comms.events subscriptions being admitted (their checks under way, not yet in `feeds`): they count
   * against the cap. One leaves this count as it enters `feeds`, so it is never counted twice.
   */
  private admitting = 0;
  /** What the context needs of the upgrade request, until it is built. */
  private upgrade: Upgrade | null = null;
  private ctx: Context | undefined;
  /** Pending while the context is built: requests wait for it, in order. */
  private ready: Promise<void> | null = null;
  private ctxError: TRPCError | null = null;
  /** comms.events subscriptions by request id: how to stop each feed (null once stopped). */
  private readonly feeds = new Map<RequestId, (() => void) | null>();
  private stopWatchingSignIn: (() => void) | null = null;
  /** superjson's output side, looked up once: deliver runs for every event on every socket. */
  private readonly transformer = trpcWireConfig.transformer.output;

  constructor(
    private readonly deps: AppDeps,
    private readonly opts: TrpcSocketOptions,
    readonly socket: WebSocket,
    /** The socket's TCP connection (the upgrade request's), held while a step's events are sent (frame-fanout.ts). */
    private readonly tcp: Socket,
  ) {
    socket.on('message', (data, isBinary) => this.onMessage(data as Buffer, isBinary));
  }

  /** Builds the context now, or once the connectionParams message arrives. */
  start(req: Upgrade, wantsParams: boolean): void {
    this.upgrade = req;
    if (!wantsParams) this.buildContext(() => null);
  }

  /** Answers `error` (id null: no request of the client's) and closes the socket with `code`. */
  private refuse(error: TRPCError, code: number): void {
    this.ctxError = error;
    this.respond({ id: null, error: this.errorShape(error, undefined, 'unknown', undefined) });
    this.socket.close(code, error.message);
  }

  private buildContext(connectionParams: () => unknown): void {
    const req = this.upgrade!;
    this.upgrade = null;
    const building = (async () => {
      try {
        const info = { connectionParams: connectionParams(), calls: [], isBatchCall: false, accept: null, type: 'unknown', url: null };
        const ctx = await this.opts.createContext({ req, res: this.socket, info });
        this.ctx = ctx;
        // Counted (both doors together) by its sign-in, or by its address while signed out.
        if (!this.isOpen()) return;
        const counts = socketCounts(this.deps);
        if (ctx.authSession) {
          if (!countBySignIn(counts, this, ctx.authSession.id)) this.refuse(tooMany(SOCKET_REFUSALS.signIn), WS_CLOSE_TOO_MANY);
        } else if (!countByAddress(counts, this, req.ip)) {
          this.refuse(tooMany(SOCKET_REFUSALS.address), WS_CLOSE_TOO_MANY);
        }
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        this.ctxError = error;
        this.reportError(error, undefined, 'unknown', undefined);
        this.respond({ id: null, error: this.errorShape(error, undefined, 'unknown', undefined) });
        setImmediate(() => this.socket.close());
      }
    })();
    this.ready = building;
    // Registered before any request waits on it, so requests that waited run after this.
    void building.then(() => {
      if (this.ready === building) this.ready = null;
    });
  }

  private onMessage(data: Buffer, isBinary: boolean): void {
    heard(this);
    if (!isBinary) {
      const text = data.length === 4 ? data.toString() : '';
      if (text === 'PONG') return;
      if (text === 'PING') {
        this.send('PONG');
        return;
      }
    }
    // As /ws: past the rate, or past the size, a message is answered (id null) and dropped unread.
    if (overFrameRate(this, this.deps.now())) {
      this.refuseMessage(new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TRPC_SOCKET_REFUSALS.tooFast }));
      return;
    }
    if (data.length > WS_MAX_FRAME_BYTES) {
      this.refuseMessage(new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: TRPC_SOCKET_REFUSALS.tooLarge }));
      return;
    }
    if (!this.ready && !this.ctx && !this.ctxError) {
      // The first message after the upgrade of ?connectionParams=1.
      this.buildContext(() => {
        let message: unknown;
        try {
          message = JSON.parse(data.toString('utf8'));
          if (!isObject(message)) throw new Error('Message was not an object');
        } catch (cause) {
          throw new TRPCError({ code: 'PARSE_ERROR', message: 'Malformed TRPCConnectionParamsMessage', cause });
        }
        return parseConnectionParamsFromUnknown((message as { data?: unknown }).data);
      });
      return;
    }
    let messages: TRPCClientOutgoingMessage[];
    try {
      if (isBinary) throw new Error('jsonEncoder received binary data. JSON uses text frames.');
      const parsed: unknown = JSON.parse(data.toString('utf8'));
      if (Array.isArray(parsed) && parsed.length > TRPC_MAX_BATCH_SIZE) {
        // Refused whole, before any input is deserialised (HTTP's maxBatchSize, over the socket).
        this.refuseMessage(new TRPCError({ code: 'BAD_REQUEST', message: TRPC_SOCKET_REFUSALS.tooManyCalls }));
        return;
      }
      messages = (Array.isArray(parsed) ? parsed : [parsed]).map((raw) => parseTRPCMessage(raw, trpcWireConfig.transformer));
    } catch (cause) {
      const error = new TRPCError({ code: 'PARSE_ERROR', cause });
      this.respond({ id: null, error: this.errorShape(error, undefined, 'unknown', undefined) });
      return;
    }
    messages.forEach((message, index) => {
      if (this.ready) void this.ready.then(() => this.handle(message, index));
      else this.handle(message, index);
    });
  }

  private handle(message: TRPCClientOutgoingMessage, batchIndex: number): void {
    const { id, jsonrpc } = message;
    if (id === null) {
      const error = new TRPCError({ code: 'PARSE_ERROR', message: '`id` is required' });
      this.reportError(error, undefined, 'unknown', undefined);
      this.respond({ id, jsonrpc, error: this.errorShape(error, undefined, 'unknown', undefined) });
      return;
    }
    if (message.method === 'subscription.stop') {
      this.stopSubscription(id);
      return;
    }
    const { path, lastEventId } = message.params;
    let { input } = message.params;
    const type = message.method;
    // As tRPC's adapter: a reconnecting client's lastEventId joins the input.
    if (lastEventId !== undefined) {
      if (isObject(input)) input = { ...input, lastEventId };
      else input ??= { lastEventId };
    }
    const failed = (cause: unknown) => {
      const error = getTRPCErrorFromUnknown(cause);
      this.reportError(error, path, type, input);
      this.respond({ id, jsonrpc, error: this.errorShape(error, path, type, input) });
    };
    if (this.ctxError) {
      failed(this.ctxError);
      return;
    }
    if (!this.ctx?.user) {
      // No public procedure needs the socket (the web client subscribes only when signed in):
      // each request hears why, then the socket closes (a lazy client with nothing pending stays closed).
      failed(new TRPCError({ code: 'UNAUTHORIZED', message: TRPC_SOCKET_REFUSALS.signedOut }));
      setImmediate(closeSignedOut, this.socket);
      return;
    }
    if (type === 'subscription' && path === EVENTS_PATH) {
      if (this.feeds.size + this.admitting >= TRPC_SOCKET_MAX_SUBSCRIPTIONS) {
        failed(new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TRPC_SOCKET_REFUSALS.tooManySubscriptions }));
        return;
      }
      this.admitting += 1;
      let admitting = true;
      const leaveAdmission = () => {
        if (!admitting) return;
        admitting = false;
        this.admitting -= 1;
      };
      this.subscribeEvents(id, jsonrpc, input, leaveAdmission).catch(failed).finally(leaveAdmission);
      return;
    }
    this.call(id, jsonrpc, path, type, input, batchIndex).catch(failed);
  }

  /** A query or mutation (or an unknown subscription, answered with tRPC's error). */
  private async call(
    id: RequestId,
    jsonrpc: '2.0' | undefined,
    path: string,
    type: 'query' | 'mutation' | 'subscription',
    input: unknown,
    batchIndex: number,
  ): Promise<void> {
    const result = await callTRPCProcedure({ router: this.opts.router, path, getRawInput: async () => input, ctx: this.ctx, type, signal: undefined, batchIndex });
    if (type === 'subscription') {
      // Every subscription of the router is served above (a test holds the router to it).
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: `Subscription ${path} is not served over this socket` });
    }
    if (isAsyncIterable(result)) {
      throw new TRPCError({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `Cannot return an async iterable or observable from a ${type} procedure with WebSockets`,
      });
    }
    this.respond({ id, jsonrpc, result: { type: 'data', data: result } });
  }

  /** `leaveAdmission` is called as the subscription enters `feeds` (or is refused there). */
  private async subscribeEvents(id: RequestId, jsonrpc: '2.0' | undefined, input: unknown, leaveAdmission: () => void): Promise<void> {
    const admitted = (await callTRPCProcedure({
      router: eventsAdmission,
      path: 'events',
      getRawInput: async () => input,
      ctx: this.ctx,
      type: 'query',
      signal: undefined,
      batchIndex: 0,
    })) as Admitted;
    const sessionId = admitted.input.sessionId;
    // Every event after `started` reaches the subscription: without a lastEventId, the feed
    // replays from the newest event at `started` (the checks below take a moment).
    const latestAtStart = await latestEventId(this.deps.db, [sessionId]);
    if (!this.isOpen()) return;
    leaveAdmission();
    if (this.feeds.has(id)) throw new TRPCError({ code: 'BAD_REQUEST', message: `Duplicate id ${id}` });
    if (this.feeds.size >= TRPC_SOCKET_MAX_SUBSCRIPTIONS) {
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TRPC_SOCKET_REFUSALS.tooManySubscriptions });
    }
    this.feeds.set(id, null);
    this.respond({ id, jsonrpc, result: { type: 'started' } });

    const end = (cause: unknown) => this.endSubscription(id, jsonrpc, cause, input);
    let from: number;
    try {
      const start = await eventsStart(this.deps.db, admitted);
      const source = sessionSource(this.deps.bus, sessionId, start.viewer);
      from = start.lastEventId ?? latestAtStart;
      if (await mustResync(source, start.lastEventId)) {
        // Too far behind to replay: a 'resync' event, tracked with the newest id (the client resumes
        // from there, reloads what it shows), then every event after that id (replayed from the
        // database: whatever is published meanwhile follows, with no gap).
        const latest = await latestEventId(this.deps.db, [sessionId]);
        if (!this.feeds.has(id)) return; // stopped meanwhile
        const event = resyncEvent(sessionId, latest, this.deps.now());
        const tracked = { id: String(latest), data: event };
        this.respond({ id, jsonrpc, result: { type: 'data', id: tracked.id, data: tracked } } as TRPCResponseMessage);
        from = latest;
      }
      if (!this.feeds.has(id)) return; // stopped while the checks ran
      if (this.deps.lifetime.signal.aborted) {
        end(new AppError(503, 'Server restarting'));
        return;
      }
      this.watchSignIn(admitted);
      const head = dataFrameHead(id, jsonrpc);
      const deliver = (event: BusEvent) => this.deliver(event, head);
      // A step of events (bus.publishAll) has reached this socket: its frames go out now, in one write.
      const endOfStep = () => writeHeld(this.tcp);
      this.feeds.set(id, pushFeed(source, from, deliver, endOfStep, end));
    } catch (cause) {
      end(cause);
    }
  }

  /** Writes one event of a comms.events feed; false (the feed stops) once the socket is gone or too far behind. */
  private deliver(event: BusEvent, head: string): boolean {
    if (!this.isOpen()) return false;
    if (tooFarBehind(this.socket)) {
      // The send buffer is this socket's only queue: past the bound the client
      // reconnects and resumes from its last event id, reading the database.
      this.socket.close(TOO_FAR_BEHIND.code, TOO_FAR_BEHIND.reason);
      return false;
    }
    try {
      sendShared(this.socket, this.tcp, eventFrame(event, head, this.transformer));
      return true;
    } catch (err) {
      // Runs inside the publisher's call (bus.publish): one socket's failure stays here.
      this.deps.log.error(`tRPC socket send failed: ${String(err)}`);
      return false;
    }
  }

  /** One watch per connection while it has subscriptions: a sign-in that ends ends them all. */
  private watchSignIn(admitted: Admitted): void {
    if (this.stopWatchingSignIn) return;
    this.stopWatchingSignIn = this.deps.signInSweep.watch({ authSessionId: admitted.authSession.id, userId: admitted.user.id }, () => {
      this.stopWatchingSignIn = null;
      this.endSubscriptions(unauthorized('Signed out'));
    });
  }

  /** The client's `subscription.stop`: the feed ends and the client hears `stopped`. */
  private stopSubscription(id: RequestId): void {
    if (!this.feeds.has(id)) return;
    this.feeds.get(id)?.();
    this.feeds.delete(id);
    this.afterFeedEnded();
    this.respond({ id, result: { type: 'stopped' } });
  }

  /** A subscription ends with an error, then `stopped`, as tRPC's adapter ends one. */
  private endSubscription(id: RequestId, jsonrpc: '2.0' | undefined, cause: unknown, input: unknown): void {
    if (!this.feeds.has(id)) return;
    this.feeds.get(id)?.();
    this.feeds.delete(id);
    this.afterFeedEnded();
    const error = getTRPCErrorFromUnknown(cause);
    this.reportError(error, EVENTS_PATH, 'subscription', input);
    this.respond({ id, jsonrpc, error: this.errorShape(error, EVENTS_PATH, 'subscription', input) });
    this.respond({ id, jsonrpc, result: { type: 'stopped' } });
  }

  /** Every subscription of this socket ends with `cause` (a sign-in that ended, a server stopping). */
  endSubscriptions(cause: unknown): void {
    for (const id of [...this.feeds.keys()]) this.endSubscription(id, undefined, cause, undefined);
  }

  /** Stops writing events, and nothing else (the socket is about to close). */
  endFeeds(): void {
    for (const [id, stop] of this.feeds) {
      stop?.();
      this.feeds.set(id, null);
    }
  }

  private afterFeedEnded(): void {
    if (this.feeds.size === 0 && this.stopWatchingSignIn) {
      this.stopWatchingSignIn();
      this.stopWatchingSignIn = null;
    }
  }

  /** The socket closed: everything it held goes. */
  release(): void {
    this.endFeeds();
    this.feeds.clear();
    this.afterFeedEnded();
  }

  isOpen(): boolean {
    return this.socket.readyState === this.socket.OPEN;
  }

  /** Answers a message that was not read (id null: tRPC's client ignores it; a raw client sees why). */
  private refuseMessage(error: TRPCError): void {
    this.reportError(error, undefined, 'unknown', undefined);
    this.respond({ id: null, error: this.errorShape(error, undefined, 'unknown', undefined) });
  }

  private send(text: string): void {
    if (this.isOpen()) this.socket.send(text);
  }

  private respond(response: TRPCResponseMessage): void {
    this.send(JSON.stringify(transformTRPCResponse(trpcWireConfig, response as TRPCResponse)));
  }

  private errorShape(error: TRPCError, path: string | undefined, type: string, input: unknown) {
    return getTRPCErrorShape({ config: trpcWireConfig, error, type: type as never, path, input, ctx: this.ctx });
  }

  private reportError(error: TRPCError, path: string | undefined, type: string, input: unknown): void {
    this.opts.onError?.({ error, path, type, ctx: this.ctx, input });
  }
}

function tooMany(message: string): TRPCError {
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

/** Closes a signed-out socket once its requests are answered. */
function closeSignedOut(socket: WebSocket): void {
  if (socket.readyState === socket.OPEN) socket.close(TRPC_SOCKET_SIGNED_OUT, TRPC_SOCKET_REFUSALS.signedOut);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return isObject(value) && Symbol.asyncIterator in value;
}
