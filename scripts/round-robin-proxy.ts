// A round-robin TCP load balancer in front of N Dinohunt processes (issue #28): each new
// connection goes to the next upstream; an upstream that refuses the connection (dead,
// restarting) is skipped and the next one tried, so a client only fails when all are down.
// Bytes are piped untouched, so HTTP keep-alive, cookies and WebSocket upgrades all work; a
// connection stays on the process it reached until either side closes it (that is what a
// phone's socket does when its process dies: it closes, and the reconnect lands elsewhere).
//
// It is the working example of docs/operations.md and what `npm run test:cluster` and
// `bench:gameday` put in front of their processes. For production use a real balancer
// (HAProxy, nginx `stream`, a cloud load balancer): this one has no health checks beyond
// "the connection was accepted" and no TLS.
//
//   npx tsx scripts/round-robin-proxy.ts --listen 8080 --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002
//
// (`--listen` takes a port or host:port, default host 127.0.0.1.) As a module:
//   const proxy = await startRoundRobinProxy({ upstreams: [{ host, port }, ...] }); // port 0: ephemeral
//   proxy.port; proxy.connections(); await proxy.close();
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Upstream = { host: string; port: number };

export type RoundRobinProxyOptions = {
  upstreams: Upstream[];
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (an ephemeral port: read `port` afterwards). */
  port?: number;
  /** Give up connecting to one upstream after this long and try the next (default 2,000 ms). */
  connectTimeoutMs?: number;
};

export type RoundRobinProxy = {
  host: string;
  port: number;
  /** Open client connections (each piped to one upstream). */
  connections: () => number;
  /** How many connections each upstream has received so far (index = upstream). */
  served: () => number[];
  /** Stops listening and destroys every open connection. */
  close: () => Promise<void>;
};

/** Parses "3001", "127.0.0.1:3001" or "[::1]:3001". */
export function parseHostPort(text: string, defaultHost = '127.0.0.1'): Upstream {
  const match = /^(?:\[([^\]]+)\]:|([^:]+):)?(\d+)$/.exec(text.trim());
  if (!match) throw new Error(`Expected port or host:port, got "${text}"`);
  const port = Number(match[3]);
  if (port < 0 || port > 65535) throw new Error(`Port out of range: ${text}`);
  return { host: match[1] ?? match[2] ?? defaultHost, port };
}

/** Connects to `upstream`, resolving the open socket or rejecting on refusal/timeout. */
function connectTo(upstream: Upstream, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: upstream.host, port: upstream.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connect timeout ${upstream.host}:${upstream.port}`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function startRoundRobinProxy(options: RoundRobinProxyOptions): Promise<RoundRobinProxy> {
  const { upstreams } = options;
  if (upstreams.length === 0) throw new Error('startRoundRobinProxy needs at least one upstream');
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const open = new Set<net.Socket>();
  const served = upstreams.map(() => 0);
  let next = 0;

  const server = net.createServer((client) => {
    open.add(client);
    client.pause();
    let upstreamSocket: net.Socket | undefined;
    const finish = () => {
      open.delete(client);
      client.destroy();
      upstreamSocket?.destroy();
    };
    client.on('error', finish);
    client.on('close', finish);
    void (async () => {
      // One pass over the upstreams from the next in turn; the first that accepts gets the client.
      const first = next;
      next = (next + 1) % upstreams.length;
      for (let attempt = 0; attempt < upstreams.length; attempt += 1) {
        const index = (first + attempt) % upstreams.length;
        try {
          const socket = await connectTo(upstreams[index]!, connectTimeoutMs);
          if (client.destroyed) {
            socket.destroy();
            return;
          }
          upstreamSocket = socket;
          served[index]! += 1;
          socket.on('error', finish);
          socket.on('close', finish);
          client.pipe(socket);
          socket.pipe(client);
          client.resume();
          return;
        } catch {
          // Refused or timed out: try the next upstream.
        }
      }
      finish();
    })();
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no TCP address');
  return {
    host,
    port: address.port,
    connections: () => open.size,
    served: () => [...served],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        open.clear();
        server.close(() => resolve());
      }),
  };
}

// CLI: run as a script (not when imported).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let listen: Upstream = { host: '127.0.0.1', port: 8080 };
  const upstreams: Upstream[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const value = args[i + 1];
    if (args[i] === '--listen' && value) {
      listen = parseHostPort(value);
      i += 1;
    } else if (args[i] === '--upstream' && value) {
      upstreams.push(parseHostPort(value));
      i += 1;
    } else {
      console.error('usage: tsx scripts/round-robin-proxy.ts --listen [host:]port --upstream host:port [--upstream host:port ...]');
      process.exit(2);
    }
  }
  if (upstreams.length === 0) {
    console.error('at least one --upstream host:port is needed');
    process.exit(2);
  }
  const proxy = await startRoundRobinProxy({ upstreams, host: listen.host, port: listen.port });
  console.log(`Round-robin proxy on ${proxy.host}:${proxy.port} -> ${upstreams.map((u) => `${u.host}:${u.port}`).join(', ')}`);
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
