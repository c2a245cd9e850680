// The specification's compatibility socket at /ws: one JSON object per frame, its
// `type` naming the event. See docs/decisions/301-realtime-streams-and-ws-protocol.md.
//
// Connect to /ws?sessionId=N[&lastEventId=M] (or send { type: 'subscribe', sessionId,
// lastEventId? } later), signed in with the session cookie. Connected without a
// sessionId, the socket receives the events of every session its sign-in belongs to
// (SignInSessions) until a subscribe narrows it to one. Server -> client:
// the session's events as { ...payload, type, sessionId, timestamp, eventId }.
// Client -> server: hunter_location, comms_message, broadcast (owner), and the
// game master's session_* / dinosaur_deployed notices (answered with 'ignored':
// the REST/tRPC procedures already publish them). Identity always comes from the
// cookie, never from a frame's userId. Bounded as tRPC's socket (decision 700): 20 frames a
// second, 64 KB a frame, 20 sockets per sign-in (and 20 signed-out ones per address) across
// both doors (close 4429), a resume more than 1,000 events behind answered 'resync'.
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { User } from 'lucia';
import type { WebSocket } from 'ws';
import { SendMessageInput } from '../../domain/comms-schemas';
import { decimalToNumber } from '../../domain/decimal';
import { WS_CLOSE_TOO_MANY, WS_MAX_FRAME_BYTES } from './limits';
import { createContextInner } from '../context';
import { latestEventId } from '../db/events';
import type { AppDeps } from '../deps';
import { AppError, faultError } from '../errors';
import { originAllowed } from '../http/origin';
import { commsAccess } from '../services/comms-access';
import { sendMessage } from '../services/communications';
import { recordPosition } from '../services/positions';
import { withinWriteBudget } from '../services/write-limits';
import type { EventType } from '../../domain/contracts';
import type { BusEvent } from './bus';
import { sendShared, writeHeld } from './frame-fanout';
import { type EventSource, eventFrame, mustResync, pushFeed, RESYNC_REASON, SignInSessions, sessionSource } from './session-stream';
import {
  type Counted,
  countByAddress,
  countBySignIn,
  type FrameWindow,
  overFrameRate,
  SOCKET_REFUSALS,
  socketCounts,
  TOO_FAR_BEHIND,
  tooFarBehind,
  uncount,
} from './socket-limits';
import { releaseUpgradeResponses } from './upgraded-sockets';

export const WS_CLOSE = {
  badRequest: 4400,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  tooSlow: TOO_FAR_BEHIND.code,
  /** Too many sockets for this sign-in, or from this address while signed out (socket-limits.ts). */
  tooMany: WS_CLOSE_TOO_MANY,
} as const;

const CLOSE_BY_STATUS: Record<number, number> = { 400: 4400, 401: 4401, 403: 4403, 404: 4404 };

/** Game-master notices whose state change happens through REST/tRPC, which publish the event. */
const SERVER_PUBLISHED: ReadonlySet<string> = new Set([
  'session_started',
  'session_paused',
  'session_resumed',
  'session_ended',
  'dinosaur_deployed',
] satisfies EventType[]);

type Frame = Record<string, unknown> & { type: string };

function parseId(value: unknown, min: number): number | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = decimalToNumber(value);
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= min ? n : null;
}

export function registerCompatSocket(app: FastifyInstance, deps: AppDeps): void {
  releaseUpgradeResponses(app);
  app.get('/ws', { websocket: true }, (socket, request) => {
    // @fastify/websocket's own 'error' listener holds the upgrade's request and reply (with
    // every response header helmet set) for as long as the socket lives: a few KB for each
    // of thousands of sockets. Ours below does its job (log, end the socket) without them,
    // and the connection keeps only the few fields of the request it needs.
    for (const listener of socket.listeners('error')) socket.off('error', listener as () => void);
    new CompatConnection(deps, socket, request.socket).open({
      originAllowed: originAllowed(deps.config, request),
      cookieHeader: request.headers.cookie,
      ip: request.ip,
      query: (request.query ?? {}) as Record<string, unknown>,
    });
  });
}

/** What a connection keeps of its upgrade request. */
type Upgrade = { originAllowed: boolean; cookieHeader: string | undefined; ip: string; query: Record<string, unknown> };

type Ref = { ref: string; requestId?: string | number };

/** One /ws socket: its sign-in, its session's feed, its frame window, and what it answers. */
class CompatConnection implements FrameWindow, Counted {
  private user: User | null = null;
  private current: { sessionId: number | undefined; stop: () => void } | null = null;
  private stopWatchingSignIn: (() => void) | null = null;
  /** Frames are handled one after another, in the order they came (a frame may wait for the database). */
  private frames: Promise<void> = Promise.resolve();
  windowStart = 0;
  framesInWindow = 0;
  /** Where this socket is counted (socket-limits.ts): by its sign-in, or by its address while signed out. */
  countedAs: string | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly socket: WebSocket,
    /** The socket's TCP connection (the upgrade request's), held while a step's events are sent (frame-fanout.ts). */
    private readonly tcp: Socket,
  ) {}

  open(request: Upgrade): void {
    const socket = this.socket;
    // Authenticate first; frames that arrive meanwhile wait, in order.
    const ready = this.authenticate(request).catch((err) => {
      this.deps.log.error(`/ws connection failed: ${String(err)}`);
      this.refuseFailed(err);
      return false;
    });
    socket.on('message', (data, isBinary) => {
      // Counted against the frame rate at the time it came, whenever its turn comes.
      const arrivedAt = this.deps.now();
      this.frames = this.frames
        .then(() => ready)
        .then(async (ok) => {
          if (ok && socket.readyState === socket.OPEN) await this.onMessage(data, isBinary, arrivedAt);
        })
        .catch((err: unknown) => this.deps.log.error(`/ws frame failed: ${String(err)}`));
    });
    socket.on('close', () => this.release());
    socket.on('error', (err) => {
      this.deps.log.warn(`/ws socket error: ${String(err)}`);
      this.release();
      socket.terminate();
    });
  }

  private async authenticate(request: Upgrade): Promise<boolean> {
    const { deps, socket } = this;
    if (!request.originAllowed) {
      this.refuse(WS_CLOSE.forbidden, 'Origin not allowed');
      return false;
    }
    const ctx = await createContextInner(deps, { cookieHeader: request.cookieHeader, ip: request.ip });
    if (socket.readyState !== socket.OPEN) return false; // gone while we looked the cookie up
    // Counted (both doors together) by its sign-in, or by its address while signed out.
    if (!ctx.user || !ctx.authSession) {
      const counted = countByAddress(socketCounts(deps), this, request.ip);
      this.refuse(counted ? WS_CLOSE.unauthorized : WS_CLOSE.tooMany, counted ? 'Unauthorized' : SOCKET_REFUSALS.address);
      return false;
    }
    if (!countBySignIn(socketCounts(deps), this, ctx.authSession.id)) {
      this.refuse(WS_CLOSE.tooMany, SOCKET_REFUSALS.signIn);
      return false;
    }
    this.user = ctx.user;
    // The socket lives no longer than the sign-in it was opened with.
    this.stopWatchingSignIn = deps.signInSweep.watch({ authSessionId: ctx.authSession.id, userId: ctx.user.id }, () =>
      this.refuse(WS_CLOSE.unauthorized, 'Signed out'),
    );
    const query = request.query;
    const sessionId = parseId(query.sessionId, 1);
    const lastEventId = parseId(query.lastEventId, 0);
    if (sessionId === null || lastEventId === null) {
      this.refuse(WS_CLOSE.badRequest, 'sessionId and lastEventId must be whole numbers');
      return false;
    }
    if (sessionId !== undefined) return this.subscribe(sessionId, lastEventId);
    await this.followSignIn(ctx.authSession.gameSessionId ?? null, lastEventId);
    return true;
  }

  private release(): void {
    this.current?.stop();
    this.stopWatchingSignIn?.();
    uncount(socketCounts(this.deps), this);
  }

  private send(frame: Record<string, unknown>): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private error(message: string, extra: Record<string, unknown> = {}): void {
    this.send({ type: 'error', error: message, timestamp: this.deps.now(), ...extra });
  }

  private refuse(code: number, message: string): void {
    this.error(message, { code });
    this.socket.close(code, message);
  }

  /** Writes one event; false (the feed stops) once the socket is gone or too far behind. */
  private deliver(event: BusEvent): boolean {
    const socket = this.socket;
    if (socket.readyState !== socket.OPEN) return false;
    if (tooFarBehind(socket)) {
      // Back-pressure: the send buffer is this socket's only queue; past the bound the
      // client reconnects with lastEventId and catches up from the database.
      this.refuse(TOO_FAR_BEHIND.code, TOO_FAR_BEHIND.reason);
      return false;
    }
    try {
      // The frame built once per event; this task's frames reach the socket in one write.
      sendShared(socket, this.tcp, eventFrame(event));
      return true;
    } catch (err) {
      // Runs inside the publisher's call (bus.publish): one socket's failure stays here.
      this.deps.log.error(`/ws send failed: ${String(err)}`);
      return false;
    }
  }

  /** Ends the current feed and starts this one; frames without a sessionId act on `sessionId`. */
  private follow(sessionId: number | undefined, source: EventSource, lastEventId: number): void {
    this.current?.stop();
    const stop = pushFeed(
      source,
      lastEventId,
      (event) => this.deliver(event),
      // A step of events has reached this socket: its frames go out now, in one write.
      () => writeHeld(this.tcp),
      (err) => {
        this.deps.log.error(`/ws replay failed: ${String(err)}`);
        this.refuseFailed(err);
      },
    );
    this.current = { sessionId, stop };
  }

  /**
   * No sessionId given: every session the sign-in belongs to, with the same audience
   * filtering, until a subscribe narrows it to one. Answers `connected` with those sessions.
   */
  private async followSignIn(gameSessionId: number | null, lastEventId: number | undefined): Promise<void> {
    if (!this.user) return;
    const sessions = await SignInSessions.load(this.deps.db, this.user, gameSessionId);
    const source = sessions.source(this.deps.bus);
    // Too far behind to replay: 'resync', then live events from the newest one.
    const resync = await mustResync(source, lastEventId);
    // Every event after `resumeFrom` reaches this socket, after the `connected` frame: the feed
    // replays from there (from the database, so whatever is published meanwhile follows).
    const resumeFrom = resync || lastEventId === undefined ? await sessions.latestEventId() : lastEventId;
    if (this.socket.readyState !== this.socket.OPEN) return;
    const now = this.deps.now();
    this.send({ type: 'connected', sessionIds: sessions.sessionIds, resumeFrom, timestamp: now });
    if (resync) this.send({ type: 'resync', sessionIds: sessions.sessionIds, resumeFrom, reason: RESYNC_REASON, timestamp: now });
    this.follow(sessions.single, source, resumeFrom);
  }

  private async subscribe(sessionId: number, lastEventId: number | undefined): Promise<boolean> {
    const { deps, user } = this;
    if (!user) return false;
    let access: Awaited<ReturnType<typeof commsAccess>>;
    try {
      access = await commsAccess({ db: deps.db, user }, sessionId);
    } catch (err) {
      const e = err instanceof AppError ? err : null;
      this.refuse(CLOSE_BY_STATUS[e?.status ?? 403] ?? WS_CLOSE.forbidden, e?.message ?? 'Forbidden');
      return false;
    }
    const viewer = { userId: user.id, seesOwnerEvents: access.seesAll, teamId: access.player?.teamId ?? null };
    const source = sessionSource(deps.bus, sessionId, viewer);
    // Too far behind to replay: 'resync' (reload the session's state), then live events.
    const resync = await mustResync(source, lastEventId);
    // Every event after `resumeFrom` reaches this socket, after `subscribed`: the feed replays
    // from there (from the database, so whatever is published meanwhile follows). A client
    // that keeps the greatest of resumeFrom and the eventIds it received can always reconnect
    // without a gap.
    const resumeFrom = resync || lastEventId === undefined ? await latestEventId(deps.db, [sessionId]) : lastEventId;
    if (this.socket.readyState !== this.socket.OPEN) return false;
    const now = deps.now();
    this.send({ type: 'subscribed', sessionId, role: access.role, resumeFrom, timestamp: now });
    if (resync) this.send({ type: 'resync', sessionId, resumeFrom, reason: RESYNC_REASON, timestamp: now });
    this.follow(sessionId, source, resumeFrom);
    return true;
  }

  private async onMessage(data: unknown, isBinary: boolean, arrivedAt: number): Promise<void> {
    if (overFrameRate(this, arrivedAt)) return this.error('Too many messages: slow down', { status: 429 });
    if (isBinary) return this.error('Frames must be JSON text');
    const size = Buffer.isBuffer(data) ? data.length : String(data).length;
    if (size > WS_MAX_FRAME_BYTES) return this.error(`Frame too large: at most ${WS_MAX_FRAME_BYTES} bytes`, { status: 413 });
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch {
      return this.error('Malformed frame: expected a JSON object');
    }
    if (!frame || typeof frame !== 'object' || Array.isArray(frame) || typeof (frame as Frame).type !== 'string') {
      return this.error('Malformed frame: expected a JSON object with a string `type`');
    }
    await this.handleFrame(frame as Frame);
  }

  /**
   * Closes after a failure of its own: 1013 Try Again Later with the message when the database is away
   * (the client resumes from its last event once it answers), else 1011.
   */
  private refuseFailed(err: unknown): void {
    const fault = faultError(err);
    if (fault) this.refuse(1013, fault.message);
    else this.refuse(1011, 'An unexpected error occurred');
  }

  /** Answers a frame that carried a requestId. */
  private ack(ref: Ref, extra: Record<string, unknown> = {}): void {
    if (ref.requestId !== undefined) this.send({ type: 'ack', ...ref, timestamp: this.deps.now(), ...extra });
  }

  private frameFailed(ref: Ref, thrown: unknown) {
    // The database away or the disk full: 503 (retryAfterSeconds) or 507 with its message, as over HTTP.
    const err = faultError(thrown) ?? thrown;
    if (err instanceof AppError) return this.error(err.message, { ...ref, status: err.status, ...err.details });
    this.deps.log.error(`/ws frame failed: ${String(err)}`);
    return this.error('An unexpected error occurred', { ...ref, status: 500 });
  }

  private async handleFrame(frame: Frame): Promise<void> {
    const { deps } = this;
    const requestId = typeof frame.requestId === 'string' || typeof frame.requestId === 'number' ? frame.requestId : undefined;
    const ref: Ref = { ref: frame.type, ...(requestId !== undefined ? { requestId } : {}) };
    if (frame.type === 'ping') return this.send({ type: 'pong', timestamp: deps.now(), ...ref });
    if (frame.type === 'subscribe') {
      const sessionId = parseId(frame.sessionId, 1);
      const lastEventId = parseId(frame.lastEventId, 0);
      if (!sessionId || lastEventId === null) return this.error('subscribe needs a sessionId (and an optional numeric lastEventId)', ref);
      await this.subscribe(sessionId, lastEventId);
      return;
    }

    const given = parseId(frame.sessionId, 1);
    if (given === null) return this.error('sessionId must be a positive whole number', { ...ref, status: 400 });
    const sessionId = given ?? this.current?.sessionId;
    if (!sessionId) return this.error('sessionId is required', ref);
    const ctx = { db: deps.db, bus: deps.bus, now: deps.now, writeLimits: deps.writeLimits, user: this.user! };
    try {
      switch (frame.type) {
        case 'hunter_location': {
          const location = (frame.location ?? {}) as Record<string, unknown>;
          const result = await recordPosition(ctx, sessionId, {
            lat: location.lat ?? frame.lat,
            lng: location.lng ?? frame.lng,
            accuracy: frame.accuracy,
            precision: typeof frame.precision === 'string' ? frame.precision : undefined,
            timestamp: typeof frame.timestamp === 'number' ? frame.timestamp : undefined,
          });
          return this.ack(ref, { accepted: result.accepted, precision: result.precision, distanceTraveled: result.distanceTraveled });
        }
        case 'comms_message':
        case 'broadcast': {
          const input = SendMessageInput.safeParse({
            message: frame.message,
            messageType: frame.type === 'broadcast' ? 'broadcast' : (frame.messageType ?? 'comms'),
            recipientType: frame.recipientType,
            quickAction: frame.quickAction,
            location: frame.location,
          });
          if (!input.success) return this.error(input.error.issues[0]!.message, { ...ref, status: 400 });
          const data = input.data;
          void withinWriteBudget(deps.writeLimits, 'message', ctx.user.id, () => sendMessage(ctx, sessionId, data))
            .then((message) => this.ack(ref, { id: message.id }))
            .catch((err) => this.frameFailed(ref, err));
          return;
        }
        default: {
          if (SERVER_PUBLISHED.has(frame.type) || frame.type === 'new_communication') {
            const access = await commsAccess(ctx, sessionId);
            if (access.role === 'player' && frame.type !== 'new_communication') {
              return this.error('Only the game master sends this event', { ...ref, status: 403 });
            }
            return this.send({
              type: 'ignored',
              ...ref,
              timestamp: deps.now(),
              reason: `${frame.type} is published by the server when the matching REST/tRPC call succeeds; the frame itself changes nothing`,
            });
          }
          return this.error(`Unknown event type: ${frame.type.slice(0, 64)}`, ref);
        }
      }
    } catch (err) {
      this.frameFailed(ref, err);
    }
  }
}
