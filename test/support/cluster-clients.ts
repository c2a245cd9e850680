// Simulated people for the cluster harness (cluster-harness.ts): they only use the real doors of
// a running server (REST with cookies, the /ws socket), never its database, so they work against
// any process or the proxy in front of several. Used by `npm run test:cluster` and `bench:gameday`.
//
//   const admin = await signInAdmin(cluster.url);
//   const gm = await subscribedGameMaster(cluster.url, admin);          // plan + session credits
//   const session = await liveSession(gm, { dinosaurs: 5 });            // created, dinosaurs deployed, started
//   const hunter = await guestJoin(cluster.url, session.id, session.password, 'Ava');
//   const socket = LiveSocket.open(cluster.wsUrl, session.id, hunter.cookies());  // resumes by last event id
//   await socket.request({ type: 'hunter_location', lat, lng, accuracy: 5 });     // resolves with the ack
//   socket.events   every event frame received (with eventId), in arrival order, across reconnects
//   socket.onFrame((frame, at) => ...)   every frame as it arrives, with performance.now()
//   socket.close()
//
// LiveSocket behaves like the phone's client (decision 301): it keeps the greatest of `resumeFrom`
// and every `eventId`, and after any close it did not ask for it reconnects (to the same URL: behind
// the proxy, another process) with `lastEventId`, so nothing is missed and nothing repeats.
import WebSocket from 'ws';
import { WS_MAX_FRAMES_PER_SECOND } from '../../src/server/realtime/limits';
import { ApiClient } from './api-client';
import { CLUSTER_ADMIN } from './cluster-harness';

export type Account = ApiClient & { user: { id: string; username: string } };

let counter = 0;
/** A unique suffix for names made by this process. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${process.pid}x${counter}x${Math.floor(Math.random() * 1e6)}`;
}

function expectOk<T>(what: string, res: { status: number; body: T }): T {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Registers an account (signed in afterwards, like the sign-up page). */
export async function signUp(baseUrl: string, role: 'gamemaster' | 'hunter', username = unique(role)): Promise<Account> {
  const client = new ApiClient(baseUrl);
  const body = expectOk(
    'sign up',
    await client.post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      password: 'Fossil-Trail-42',
      firstName: 'Cluster',
      lastName: role,
      role,
    }),
  );
  return Object.assign(client, { user: body.user as { id: string; username: string } });
}

/** Signs in with a username and password (a second device of the same account, say). */
export async function signIn(baseUrl: string, username: string, password = 'Fossil-Trail-42'): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  expectOk('sign in', await client.post('/api/auth/login', { username, password }));
  return client;
}

/** The cluster's seeded administrator, signed in. */
export function signInAdmin(baseUrl: string): Promise<ApiClient> {
  return signIn(baseUrl, CLUSTER_ADMIN.username, CLUSTER_ADMIN.password);
}

/** A game master with an active plan (no payment provider: it activates at once) and `credits` more session credits. */
export async function subscribedGameMaster(baseUrl: string, admin: ApiClient, planName = 'Professional', credits = 100): Promise<Account> {
  const gm = await signUp(baseUrl, 'gamemaster');
  const plans = expectOk('plans', await gm.get('/api/subscription-plans')) as { id: number; name: string }[];
  const plan = plans.find((p) => p.name === planName);
  if (!plan) throw new Error(`no plan ${planName} in ${JSON.stringify(plans.map((p) => p.name))}`);
  expectOk('subscription', await gm.post('/api/create-subscription', { planId: plan.id }));
  expectOk('credits', await admin.post(`/api/admin/users/${gm.user.id}/credits`, { credits }));
  return gm;
}

/** A point in Paris and a helper to move from it (about `north` and `east` metres). */
export const HERE = { lat: 48.8584, lng: 2.2945 };
export const offset = (north: number, east = 0) => ({
  lat: HERE.lat + north / 111_195,
  lng: HERE.lng + east / (111_195 * Math.cos((HERE.lat * Math.PI) / 180)),
});

export type LiveSessionInfo = { id: number; password: string; dinosaurs: number[] };

/**
 * Creates a session as `gm`, deploys `dinosaurs` (around HERE, within a few metres) of the first
 * seeded species, and starts it now, or at `scheduledStartTime` (ms) when given.
 */
export async function liveSession(
  gm: ApiClient,
  options: { dinosaurs?: number; maxPlayers?: number; duration?: number; scheduledStartTime?: number } = {},
): Promise<LiveSessionInfo> {
  const password = 'raptor-pass';
  const created = expectOk(
    'create session',
    await gm.post('/api/game-sessions', {
      name: unique('Cluster hunt '),
      password,
      maxPlayers: options.maxPlayers ?? 25,
      duration: options.duration ?? 60,
    }),
  ) as { id: number };
  const dinosaurs: number[] = [];
  if ((options.dinosaurs ?? 0) > 0) {
    const species = expectOk('species', await gm.get('/api/dinosaur-species')) as { id: number }[];
    if (species.length === 0) throw new Error('no seeded species');
    for (let i = 0; i < options.dinosaurs!; i += 1) {
      const at = offset(2 * i, 1);
      const dino = expectOk(
        'deploy',
        await gm.post(`/api/game-sessions/${created.id}/dinosaurs`, { speciesId: species[i % species.length]!.id, latitude: at.lat, longitude: at.lng }),
      ) as { id: number };
      dinosaurs.push(dino.id);
    }
  }
  const start = options.scheduledStartTime === undefined ? {} : { scheduledStartTime: options.scheduledStartTime };
  expectOk('start', await gm.post(`/api/game-sessions/${created.id}/start`, start));
  return { id: created.id, password, dinosaurs };
}

/** A guest hunter joining with the session's password (the QR code's way in). */
export async function guestJoin(baseUrl: string, sessionId: number, password: string, handle: string): Promise<ApiClient & { userId: string }> {
  const client = new ApiClient(baseUrl);
  expectOk('join', await client.post('/api/hunter/join-session', { sessionId: String(sessionId), password, hunterHandle: handle }));
  const me = expectOk('user', await client.get('/api/auth/user')) as { id: string };
  return Object.assign(client, { userId: me.id });
}

export type Frame = Record<string, any> & { type: string };
export type EventFrame = Frame & { eventId: number; sessionId: number };

type Pending = { resolve: (frame: Frame) => void; reject: (error: Error) => void };

/** Why a LiveSocket request got no ack: an error frame, or the socket closed first (the write may or may not have happened). */
export class RequestFailed extends Error {
  constructor(
    message: string,
    readonly frame?: Frame,
  ) {
    super(message);
  }
}

/**
 * A phone's /ws connection to one session that survives its process: see the header. A URL is
 * ws://host:port (a process or the proxy); `cookie` the Cookie header of a signed-in client.
 */
export class LiveSocket {
  /** Every event frame (one with an eventId), in arrival order, across reconnects. */
  readonly events: EventFrame[] = [];
  /** Every frame, event or not. */
  readonly frames: Frame[] = [];
  /** Event ids received more than once, and events received after a greater id. */
  readonly duplicates: number[] = [];
  readonly outOfOrder: { after: number; got: number }[] = [];
  /** The greatest of resumeFrom and every eventId: what a reconnect resumes from. */
  lastEventId = 0;
  /** How many times it connected (1 = never reconnected), and when each was subscribed. */
  connections = 0;
  readonly subscribedAt: number[] = [];
  /** When each unrequested close happened, with its code. */
  readonly drops: { at: number; code: number; reason: string }[] = [];
  /** Set once the server closed it for good (4401 signed out, 4403, 4404): no reconnect. */
  ended: { code: number; reason: string } | undefined;
  ws: WebSocket | undefined;

  private seen = new Set<number>();
  private frameListeners: ((frame: Frame, at: number) => void)[] = [];
  /** When the last frames were sent: requests stay under the server's per-socket frame rate. */
  private sentAt: number[] = [];
  private closing = false;
  private nextRequest = 1;
  private pending = new Map<string, Pending>();
  private waiters: (() => void)[] = [];
  private live = false;

  private constructor(
    readonly urls: string[],
    readonly sessionId: number,
    readonly cookie: string,
    readonly reconnectDelayMs: number,
  ) {}

  /**
   * Connects (reconnecting by itself until close()); `await socket.ready()` for the first `subscribed`.
   * With several URLs, each reconnect goes to the next one (a phone that lands on another process
   * without a proxy); with one (the proxy), the proxy picks.
   */
  static open(
    url: string | string[],
    sessionId: number,
    cookie: string,
    options: { lastEventId?: number; reconnectDelayMs?: number } = {},
  ): LiveSocket {
    const socket = new LiveSocket(Array.isArray(url) ? url : [url], sessionId, cookie, options.reconnectDelayMs ?? 250);
    socket.lastEventId = options.lastEventId ?? 0;
    socket.connect(options.lastEventId !== undefined);
    return socket;
  }

  /** True while connected and subscribed. */
  get isLive(): boolean {
    return this.live;
  }

  private connect(resume: boolean) {
    if (this.closing || this.ended) return;
    const query = `sessionId=${this.sessionId}${resume ? `&lastEventId=${this.lastEventId}` : ''}`;
    const url = this.urls[(this.connections) % this.urls.length]!;
    const ws = new WebSocket(`${url}/ws?${query}`, { headers: { cookie: this.cookie } });
    this.ws = ws;
    this.connections += 1;
    ws.on('message', (data) => this.receive(JSON.parse(String(data)) as Frame));
    ws.on('error', () => {});
    ws.on('close', (code, reasonBuffer) => {
      const reason = String(reasonBuffer);
      this.live = false;
      for (const [, p] of this.pending) p.reject(new RequestFailed(`socket closed (${code}) before the ack`));
      this.pending.clear();
      this.wake();
      if (this.closing) return;
      this.drops.push({ at: Date.now(), code, reason });
      if (code === 4401 || code === 4403 || code === 4404 || code === 4400) {
        this.ended = { code, reason };
        return;
      }
      // Any other close (1012 server restarting, 1006 process killed, 4008 too far behind): resume by id.
      setTimeout(() => this.connect(true), this.reconnectDelayMs);
    });
  }

  /** Calls `listener` with every frame as it arrives (before it is filed), and the arrival time (performance.now()). */
  onFrame(listener: (frame: Frame, at: number) => void): void {
    this.frameListeners.push(listener);
  }

  private receive(frame: Frame) {
    if (this.frameListeners.length > 0) {
      const at = performance.now();
      for (const listener of this.frameListeners) listener(frame, at);
    }
    this.frames.push(frame);
    if (frame.type === 'subscribed') {
      this.live = true;
      this.subscribedAt.push(Date.now());
      if (typeof frame.resumeFrom === 'number') this.lastEventId = Math.max(this.lastEventId, frame.resumeFrom);
    } else if (typeof frame.eventId === 'number') {
      const id = frame.eventId;
      if (this.seen.has(id)) this.duplicates.push(id);
      else if (id < this.lastEventId) this.outOfOrder.push({ after: this.lastEventId, got: id });
      this.seen.add(id);
      this.events.push(frame as EventFrame);
      this.lastEventId = Math.max(this.lastEventId, id);
    }
    const ref = frame.requestId === undefined ? undefined : String(frame.requestId);
    if (ref !== undefined && this.pending.has(ref) && (frame.type === 'ack' || frame.type === 'error')) {
      const p = this.pending.get(ref)!;
      this.pending.delete(ref);
      if (frame.type === 'ack') p.resolve(frame);
      else p.reject(new RequestFailed(String(frame.error), frame));
    }
    this.wake();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when `condition()` holds (checked after every frame and close), or rejects after `timeoutMs`. */
  async until(condition: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`LiveSocket(${this.sessionId}): ${what} not met within ${timeoutMs} ms (last event ${this.lastEventId}, ${this.events.length} events, connections ${this.connections}, ended ${JSON.stringify(this.ended)})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the current connection's `subscribed` frame. */
  ready(timeoutMs = 10_000): Promise<void> {
    return this.until(() => this.live, timeoutMs, 'subscribed');
  }

  /**
   * Waits until one more frame keeps this socket under the server's rate (WS_MAX_FRAMES_PER_SECOND, less
   * a margin): a frame past it is dropped unread with an error frame that cannot name its request.
   */
  private async pace(): Promise<void> {
    const most = Math.max(1, WS_MAX_FRAMES_PER_SECOND - 4);
    for (;;) {
      const now = Date.now();
      while (this.sentAt.length > 0 && now - this.sentAt[0]! >= 1000) this.sentAt.shift();
      if (this.sentAt.length < most) {
        this.sentAt.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1000 - (now - this.sentAt[0]!) + 1));
    }
  }

  /** Sends a frame with a requestId and resolves with its ack (rejects on an error frame or a close). */
  async request(frame: Frame, timeoutMs = 10_000): Promise<Frame> {
    await this.pace();
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || !this.live) return Promise.reject(new RequestFailed('socket not connected'));
    const requestId = `r${this.nextRequest++}`;
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new RequestFailed(`no ack within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(requestId, {
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      ws.send(JSON.stringify({ ...frame, sessionId: this.sessionId, requestId }));
    });
  }

  /** The events of one type received so far. */
  ofType(type: string): EventFrame[] {
    return this.events.filter((f) => f.type === type);
  }

  /** Closes for good (no reconnect); resolves once closed. */
  async close(): Promise<void> {
    this.closing = true;
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      ws.once('close', () => resolve());
      ws.close();
      setTimeout(() => {
        ws.terminate();
        resolve();
      }, 2000).unref();
    });
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true (or a truthy value, which it returns), failing after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | false | undefined | null> | T | false | undefined | null, timeoutMs = 10_000, what = 'condition', everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (last error: ${String(last)})` : ''}`);
    await sleep(everyMs);
  }
}
