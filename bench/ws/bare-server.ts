// The floor of bench:ws, run as its own process like the app's server (bench/ws/server.ts):
// a bare `ws` WebSocketServer on loopback (no app, no database, no sign-in, ws's defaults
// as the app configures them: no compression) that, on a trigger, sends one prebuilt
// frame to every socket, with ws's own send (ws frames it per socket: cork, header,
// payload) or as one complete frame written in one call per socket (the least a server
// can do: one write system call per socket). What it measures is the machine: the write
// system calls, the loopback, and the client processes sharing the cores.
import { performance } from 'node:perf_hooks';
import type { Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { exitWithParent } from '../exit-with-parent';

// A crash of the benchmark must not leave this process running (bench/exit-with-parent.ts).
exitWithParent();

export type BareCommand = { op: 'broadcast'; frame: string; how: 'ws.send' | 'one write' } | { op: 'stop' };

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
// The bench clients treat a socket as ready on `subscribed`, as the app's /ws answers.
const hello = Buffer.from(JSON.stringify({ type: 'subscribed' }));
/** Each socket's TCP connection (the upgrade request's), for the one-write floor. */
const connections = new Map<unknown, Socket>();
wss.on('connection', (socket, request) => {
  connections.set(socket, request.socket);
  socket.on('close', () => connections.delete(socket));
  socket.send(hello, { binary: false });
});

/** The complete server-to-client text frame of `payload` (RFC 6455 5.2: FIN, opcode 1, no mask). */
function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(headerLength + length);
  wire[0] = 0x81;
  if (length < 126) wire[1] = length;
  else if (length < 65536) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(wire, headerLength);
  return wire;
}

process.on('message', (command: BareCommand) => {
  if (command.op === 'broadcast') {
    // Built once, as the app builds its frame once per event.
    const payload = Buffer.from(command.frame);
    const t0 = now();
    if (command.how === 'ws.send') {
      for (const socket of wss.clients) socket.send(payload, { binary: false });
    } else {
      const wire = textFrame(payload);
      for (const tcp of connections.values()) tcp.write(wire);
    }
    return send({ op: 'broadcasted', t0, syncMs: now() - t0 });
  }
  if (command.op === 'stop') {
    for (const socket of wss.clients) socket.terminate();
    wss.close(() => process.exit(0));
  }
});

wss.on('listening', () => {
  const { port } = wss.address() as { port: number };
  send({ op: 'ready', wsUrl: `ws://127.0.0.1:${port}`, pid: process.pid });
});
