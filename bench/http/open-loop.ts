// An open-loop load generator: requests are due at a constant rate (request i at t0 + i/rate),
// whatever the server does, and each latency is counted from when its request was due, not
// from when a connection was free to send it (no coordinated omission). autocannon's
// `overallRate` is not this: each connection sends its whole quota for the second as fast as
// it can when the second starts and then waits, so 3,000 req/s arrive as a burst in the first
// part of every second, and its correction then records a latency every millisecond of each wait.
// Raw keep-alive sockets and prebuilt requests keep the generator's own CPU small on a 2-core machine.
import net from 'node:net';

export type OpenLoopRequest = { path: string; headers: Record<string, string> };
export type OpenLoopResult = {
  /** Requests due in the run, and answered. */
  due: number;
  answered: number;
  /** Answers per second over the run. */
  rate: number;
  p50: number;
  p99: number;
  max: number;
  /** Socket errors, and answers other than 2xx. */
  errors: number;
  non2xx: number;
};

type Pending = { request: Buffer; dueAt: number };

const CRLF2 = Buffer.from('\r\n\r\n');

/** One keep-alive connection: one request in flight at a time (no pipelining), as a browser polls. */
class Connection {
  busy: Pending | null = null;
  /** Set before the run's end closes the socket: that close is no failure. */
  stopped = false;
  private buffer: Buffer = Buffer.alloc(0);
  private socket!: net.Socket;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly onAnswer: (sent: Pending, status: number) => void,
    private readonly onFailure: (lost: Pending | null) => void,
    /** A new socket replaced a closed one: ready for the next request. */
    private readonly onReconnected: () => void,
  ) {
    this.connect();
  }

  send(pending: Pending): void {
    this.busy = pending;
    this.socket.write(pending.request);
  }

  close(): void {
    this.socket.destroy();
  }

  private connect(): void {
    this.buffer = Buffer.alloc(0);
    this.socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', () => undefined); // 'close' follows and reports the failure
    this.socket.on('close', () => {
      if (this.stopped) return;
      const lost = this.busy;
      this.busy = null;
      this.onFailure(lost);
      // A refused connection is retried a little later rather than in a tight loop.
      setTimeout(() => {
        if (this.stopped) return;
        this.connect();
        this.onReconnected();
      }, lost ? 0 : 10);
    });
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headEnd = this.buffer.indexOf(CRLF2);
      if (headEnd === -1) return;
      const head = this.buffer.toString('latin1', 0, headEnd);
      const status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      let end: number;
      if (length) {
        end = headEnd + 4 + Number(length[1]);
        if (this.buffer.length < end) return;
      } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
        const last = this.buffer.indexOf('\r\n0\r\n\r\n', headEnd + 2);
        if (last === -1) return;
        end = last + 7;
      } else {
        end = headEnd + 4; // no body (204, 304, HEAD)
      }
      this.buffer = this.buffer.subarray(end);
      const answered = this.busy;
      this.busy = null;
      if (answered) this.onAnswer(answered, status);
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Sends `rate` requests a second for `seconds`, cycling through `requests`, over `connections` sockets. */
export async function openLoop(opts: {
  url: string;
  requests: OpenLoopRequest[];
  rate: number;
  seconds: number;
  connections: number;
}): Promise<OpenLoopResult> {
  const { hostname, port } = new URL(opts.url);
  const wire = opts.requests.map((r) => {
    const headers = Object.entries({ host: `${hostname}:${port}`, ...r.headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    return Buffer.from(`GET ${r.path} HTTP/1.1\r\n${headers}\r\n`, 'latin1');
  });

  const latencies: number[] = [];
  let errors = 0;
  let lostRequests = 0;
  let non2xx = 0;
  const queue: Pending[] = [];
  let queueHead = 0;
  const idle: Connection[] = [];

  const dispatch = () => {
    while (queueHead < queue.length && idle.length > 0) idle.pop()!.send(queue[queueHead++]!);
    if (queueHead > 4096 && queueHead * 2 > queue.length) {
      queue.splice(0, queueHead);
      queueHead = 0;
    }
  };
  const connections: Connection[] = [];
  for (let i = 0; i < opts.connections; i++) {
    const connection: Connection = new Connection(
      hostname,
      Number(port),
      (sent, status) => {
        latencies.push(performance.now() - sent.dueAt);
        if (status < 200 || status > 299) non2xx++;
        idle.push(connection);
        dispatch();
      },
      (lost) => {
        errors++;
        if (lost) lostRequests++;
      },
      () => {
        // Writes to the new socket wait in it until it connects.
        idle.push(connection);
        dispatch();
      },
    );
    connections.push(connection);
    idle.push(connection);
  }

  const total = Math.round(opts.rate * opts.seconds);
  const start = performance.now();
  let issued = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const dueNow = Math.min(total, Math.floor(((now - start) * opts.rate) / 1000));
      for (; issued < dueNow; issued++) {
        queue.push({ request: wire[issued % wire.length]!, dueAt: start + (issued * 1000) / opts.rate });
      }
      dispatch();
      if (issued < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  // Every due request gets its answer, or fails, before the figures are taken (at most 10 s more).
  const deadline = performance.now() + 10_000;
  while (latencies.length + lostRequests < total && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  const elapsed = (performance.now() - start) / 1000;
  for (const connection of connections) {
    connection.stopped = true;
    connection.close();
  }
  const unanswered = total - latencies.length - lostRequests;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    due: total,
    answered: latencies.length,
    rate: latencies.length / elapsed,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    errors: errors + unanswered,
    non2xx,
  };
}
