// bench:abuse's clients: a browser-like HTTP client (every cookie kept, as a browser's
// jar does) and raw WebSockets, each bound to a loopback address of its own
// (127.0.0.0/8 is all loopback on Linux), so the server sees the attacker, the victim
// and the probe as different client addresses, as it would on the internet.
import http from 'node:http';
import WebSocket from 'ws';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number };

/** The JSON of an answer, or undefined when it is not JSON. */
export function json<T = any>(answer: Answer): T | undefined {
  try {
    return JSON.parse(answer.body.toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

export class Browser {
  /** Cookie name -> value: every cookie the server set (the sign-in and any other, e.g. a device cookie). */
  readonly jar = new Map<string, string>();
  private readonly agent: http.Agent;

  constructor(
    readonly baseUrl: string,
    readonly localAddress = '127.0.0.1',
  ) {
    this.agent = new http.Agent({ keepAlive: true, localAddress });
  }

  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(method: string, path: string, body?: Buffer | string | object, headers: Record<string, string> = {}): Promise<Answer> {
    let payload: Buffer | undefined;
    const h: Record<string, string> = { ...headers };
    if (body !== undefined) {
      if (Buffer.isBuffer(body)) payload = body;
      else if (typeof body === 'string') payload = Buffer.from(body);
      else {
        payload = Buffer.from(JSON.stringify(body));
        h['content-type'] ??= 'application/json';
      }
      h['content-length'] = String(payload.length);
    }
    if (this.jar.size > 0 && h.cookie === undefined) h.cookie = this.cookie;
    const url = new URL(this.baseUrl + path);
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: h, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';');
              const eq = pair!.indexOf('=');
              const name = pair!.slice(0, eq).trim();
              const value = pair!.slice(eq + 1).trim();
              if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name);
              else this.jar.set(name, value);
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - t0 });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${path}: no answer in 60 s`)));
      req.end(payload);
    });
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body?: Buffer | string | object, headers?: Record<string, string>) {
    return this.request('POST', path, body, headers);
  }

  /** A multipart upload of one file part plus text fields. */
  upload(path: string, file: { field: string; name: string; type: string; bytes: Buffer }, fields: Record<string, string>) {
    const boundary = `----benchabuse${Date.now().toString(16)}`;
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    }
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return this.request('POST', path, Buffer.concat(parts), { 'content-type': `multipart/form-data; boundary=${boundary}` });
  }

  close() {
    this.agent.destroy();
  }
}

const FRAMES_KEPT = 1000;

/** A raw WebSocket with every frame it receives, how it closed, and helpers to wait. */
export class Socket {
  readonly ws: WebSocket;
  /** The first FRAMES_KEPT frames received (a replay's thousands are only counted). */
  readonly frames: string[] = [];
  received = 0;
  readonly trpc = new TrpcTally();
  /** /ws frames by kind: subscribed, error, and the rest (events, connected, pong). */
  readonly compat = { subscribed: 0, errors: 0, other: 0 };
  opened = false;
  closed: { code: number; reason: string } | null = null;
  error: string | null = null;
  private waiters: (() => void)[] = [];

  constructor(url: string, opts: { cookie?: string; localAddress?: string } = {}) {
    this.ws = new WebSocket(url, {
      headers: opts.cookie ? { cookie: opts.cookie } : {},
      localAddress: opts.localAddress,
      perMessageDeflate: false,
      maxPayload: 256 * 1024 * 1024,
    });
    this.ws.on('open', () => {
      this.opened = true;
      this.wake();
    });
    this.ws.on('message', (data) => {
      const text = data.toString();
      if (text === 'PING') this.ws.send('PONG'); // tRPC's keep-alive
      this.received++;
      if (this.frames.length < FRAMES_KEPT) this.frames.push(text);
      this.trpc.add(text);
      if (text.includes('"type":"subscribed"')) this.compat.subscribed++;
      else if (text.includes('"type":"error"')) this.compat.errors++;
      else this.compat.other++;
      this.wake();
    });
    this.ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.wake();
    });
    this.ws.on('error', (err) => {
      this.error ??= String(err);
      this.wake();
    });
  }

  private wake() {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves once `done()` holds, the socket closed, or `ms` passed (false then). */
  until(done: () => boolean, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(done()), ms);
      const check = () => {
        if (done() || this.closed) {
          clearTimeout(timer);
          resolve(done());
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /**
   * Resolves once `done()` holds, the socket closed, no frame came for `quietMs` after the
   * first one, or none at all came in `firstMs` (a server that answers a whole frame with
   * one refusal, or not at all, never makes the bench wait long); at most `maxMs`.
   */
  async settle(done: () => boolean, { quietMs = 2_000, firstMs = 10_000, maxMs = 60_000 } = {}): Promise<void> {
    const start = Date.now();
    const startReceived = this.received;
    let lastCount = this.received;
    let lastAt = start;
    while (!done() && !this.closed && Date.now() - start < maxMs) {
      await new Promise((r) => setTimeout(r, 50));
      if (this.received !== lastCount) {
        lastCount = this.received;
        lastAt = Date.now();
      }
      const idle = Date.now() - lastAt;
      if (this.received === startReceived ? idle >= firstMs : idle >= quietMs) break;
    }
  }

  /** The server's close, if it closed the socket (or refused its upgrade), for a report. */
  closedNote(): string {
    if (this.error && !this.opened) return `; socket refused (${this.error})`;
    return this.closed ? `; socket closed ${this.closed.code}${this.closed.reason ? ` "${this.closed.reason}"` : ''}` : '';
  }

  send(data: string) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
  }

  close() {
    this.ws.terminate();
  }
}

/** tRPC's JSON-RPC over WebSocket: one request, as @trpc/client's wsLink writes it (superjson input). */
export function trpcRequest(id: number, method: 'query' | 'mutation' | 'subscription', path: string, input?: unknown) {
  return { id, method, params: { input: input === undefined ? {} : { json: input }, path } };
}

/** A tRPC socket's answers by kind, counted as they arrive (each frame parsed once). */
export class TrpcTally {
  /** Query and mutation results. */
  results = 0;
  /** Subscriptions started. */
  started = 0;
  /** Subscription events. */
  data = 0;
  errors = 0;
  readonly errorMessages = new Map<string, number>();

  add(frame: string): void {
    if (frame === 'PING' || frame === 'PONG' || (frame[0] !== '{' && frame[0] !== '[')) return;
    let m: any;
    try {
      m = JSON.parse(frame);
    } catch {
      return;
    }
    for (const one of Array.isArray(m) ? m : [m]) {
      if (one?.error) {
        this.errors++;
        const e = one.error.json ?? one.error; // superjson's envelope, or none
        const msg = `${e.data?.code ?? e.code}: ${e.message}`;
        this.errorMessages.set(msg, (this.errorMessages.get(msg) ?? 0) + 1);
      } else if (one?.result?.type === 'started') this.started++;
      else if (one?.result?.type === 'data' && one.result.id !== undefined) this.data++;
      else if (one?.result) this.results++;
    }
  }
}

/** "3 × FORBIDDEN: message; ..." for a report line. */
export function describeErrors(messages: Map<string, number>, max = 2): string {
  return [...messages]
    .slice(0, max)
    .map(([m, n]) => `${n}× ${m.length > 70 ? `${m.slice(0, 70)}…` : m}`)
    .join('; ');
}
