// Helpers for the communications, positions, media and real-time tests: sessions
// and players written straight to the database (joining is another area's
// feature), and a /ws client that queues frames for assertions.
import WebSocket from 'ws';
import { gameSessions, sessionPlayers } from '../../src/server/db/schema';
import { type ApiClient, signUp, type TestServer } from './harness';

export { JPEG, MP4, PNG } from './sample-files';

export type Signed = ApiClient & { user: { id: string; username: string } };

let sessionCounter = 0;
export async function createSession(
  server: TestServer,
  ownerId: string,
  overrides: Partial<typeof gameSessions.$inferInsert> = {},
): Promise<number> {
  sessionCounter += 1;
  const now = Date.now();
  const [row] = await server.deps.db
    .insert(gameSessions)
    .values({
      ownerId,
      name: `Session ${sessionCounter}`,
      password: 'pw',
      maxPlayers: 25,
      duration: 60,
      status: 'active',
      startTime: now,
      ...overrides,
    })
    .returning({ id: gameSessions.id });
  return row!.id;
}

export async function addPlayer(server: TestServer, sessionId: number, userId: string, handle: string): Promise<number> {
  const [row] = await server.deps.db
    .insert(sessionPlayers)
    .values({ sessionId, userId, handle })
    .returning({ id: sessionPlayers.id });
  return row!.id;
}

/** A signed-in hunter account who joined the session with `handle`. */
export async function hunterIn(server: TestServer, sessionId: number, handle: string): Promise<Signed> {
  const hunter = (await signUp(server, 'hunter')) as Signed;
  await addPlayer(server, sessionId, hunter.user.id, handle);
  return hunter;
}

export type Frame = Record<string, any> & { type: string };

/** A /ws client that keeps every frame it receives. */
export class WsClient {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(
    readonly ws: WebSocket,
  ) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }

  static connect(server: TestServer, query: string, cookie?: string, headers: Record<string, string> = {}): WsClient {
    const ws = new WebSocket(`${server.wsUrl}/ws${query}`, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
    return new WsClient(ws);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (after `from`) matching the predicate; fails after `timeoutMs`. */
  async next(predicate: (f: Frame) => boolean, timeoutMs = 3000, from = 0): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.slice(from).find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame; got ${JSON.stringify(this.frames.slice(from))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  ofType(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  close(): void {
    this.ws.close();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
