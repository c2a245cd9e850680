// A receiving client of bench:ws, run as its own process so the server's timing is not
// the client's: opens its share of sockets (/ws or tRPC's JSON-RPC over WebSocket, the
// same frames @trpc/client sends) and timestamps, per socket, the receipt of each
// broadcast on the clock every bench process shares (performance.timeOrigin + now()).
// Once a socket is subscribed, it reads its frames itself (RECEIVER=raw, the default: a
// minimal frame reader on the TCP stream, answering pings) instead of through ws's
// receiver and message events (RECEIVER=ws), so that on a 2-core machine the clients'
// own CPU per message takes as little as it can from the server's measured fan-out.
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { SeededSocket } from './server';
import { exitWithParent } from '../exit-with-parent';

// A crash of the benchmark must not leave this process running (bench/exit-with-parent.ts).
exitWithParent();

export type ClientCommand =
  | { op: 'open'; kind: 'ws' | 'trpc'; wsUrl: string; sockets: SeededSocket[]; concurrency: number }
  | { op: 'arm'; round: number; sessionId: number; timeoutMs: number }
  | { op: 'close' };

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => {
  if (process.connected) process.send!(message);
};
const BROADCAST = '"type":"broadcast"';
const BROADCAST_BYTES = Buffer.from(BROADCAST);
const RAW = (process.env.RECEIVER ?? 'raw') === 'raw';

type Receiver = { socket: WebSocket; sessionId: number; receivedAt: number };
const receivers: Receiver[] = [];
let armed: { pending: number; done: () => void } | null = null;
let armedSession = 0;

function open(kind: 'ws' | 'trpc', wsUrl: string, seeded: SeededSocket): Promise<boolean> {
  return new Promise((resolve) => {
    const url = kind === 'ws' ? `${wsUrl}/ws?sessionId=${seeded.sessionId}` : `${wsUrl}/trpc`;
    const socket = new WebSocket(url, { headers: { cookie: seeded.cookie }, perMessageDeflate: false });
    const receiver: Receiver = { socket, sessionId: seeded.sessionId, receivedAt: 0 };
    let ready = false;
    const settle = (ok: boolean) => {
      if (ready) return;
      ready = true;
      if (ok) receivers.push(receiver);
      if (ok && RAW) readRaw(socket, receiver);
      resolve(ok);
    };
    socket.on('open', () => {
      if (kind === 'trpc') {
        socket.send(
          JSON.stringify({ id: 1, method: 'subscription', params: { path: 'comms.events', input: { json: { sessionId: seeded.sessionId } } } }),
        );
      }
    });
    socket.on('message', (data) => {
      const text = data.toString();
      if (!ready) {
        // /ws answers `subscribed`; tRPC answers `started` once the subscription runs.
        if (text.includes('"type":"subscribed"') || text.includes('"type":"started"')) settle(true);
        else if (text.includes('"error"')) settle(false);
        return;
      }
      if (text === 'PING') return socket.send('PONG'); // tRPC's keep-alive
      if (text.includes(BROADCAST)) received(receiver, now());
    });
    socket.on('error', () => settle(false));
    socket.on('close', () => settle(false));
  });
}

/** Marks a receiver's receipt of the armed broadcast. */
function received(receiver: Receiver, at: number) {
  if (armed && receiver.receivedAt === 0 && receiver.sessionId === armedSession) {
    receiver.receivedAt = at;
    armed.pending -= 1;
    if (armed.pending === 0) armed.done();
  }
}

const PONG_TEXT = Buffer.from('PONG');
/** A client frame (RFC 6455 5.2: FIN, masked; a zero masking key leaves the payload as it is). */
const clientFrame = (opcode: number, payload: Buffer) => Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload]);

/**
 * Takes the socket's TCP stream from ws and reads the server's frames (unmasked) directly:
 * a text frame holding the broadcast marks its receipt, a ping (control, or tRPC's text
 * PING) is answered, a close ends the socket.
 */
function readRaw(socket: WebSocket, receiver: Receiver) {
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  tcp.removeAllListeners('data');
  let rest: Buffer | null = null;
  tcp.on('data', (chunk: Buffer) => {
    const at = now();
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    rest = null;
    let i = 0;
    while (buf.length - i >= 2) {
      const opcode = buf[i]! & 0x0f;
      let length = buf[i + 1]! & 0x7f;
      let start = i + 2;
      if (length === 126) {
        if (buf.length - i < 4) break;
        length = buf.readUInt16BE(i + 2);
        start = i + 4;
      } else if (length === 127) {
        if (buf.length - i < 10) break;
        length = buf.readUInt32BE(i + 6);
        start = i + 10;
      }
      const end = start + length;
      if (end > buf.length) break;
      if (opcode === 0x1) {
        const marker = buf.indexOf(BROADCAST_BYTES, start);
        if (marker >= 0 && marker < end) received(receiver, at);
        else if (length === 4 && buf.toString('latin1', start, end) === 'PING') tcp.write(clientFrame(0x1, PONG_TEXT));
      } else if (opcode === 0x9) {
        tcp.write(clientFrame(0xa, buf.subarray(start, end)));
      } else if (opcode === 0x8) {
        tcp.destroy();
        return;
      }
      i = end;
    }
    if (i < buf.length) rest = buf.subarray(i);
  });
}

async function openAll(command: Extract<ClientCommand, { op: 'open' }>) {
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < command.sockets.length) {
      const seeded = command.sockets[next++]!;
      if (!(await open(command.kind, command.wsUrl, seeded))) failed++;
    }
  };
  await Promise.all(Array.from({ length: command.concurrency }, lane));
  send({ op: 'opened', open: receivers.length, failed });
}

process.on('message', (command: ClientCommand) => {
  if (command.op === 'open') return void openAll(command);
  if (command.op === 'arm') {
    // Only this worker's sockets of the broadcast's session wait for it.
    const targets = receivers.filter((r) => r.sessionId === command.sessionId);
    for (const r of receivers) r.receivedAt = 0;
    armedSession = command.sessionId;
    const report = () => {
      armed = null;
      clearTimeout(timer);
      const times = targets.map((r) => r.receivedAt).filter((t) => t > 0);
      send({ op: 'received', round: command.round, times, missing: targets.length - times.length });
    };
    const timer = setTimeout(report, command.timeoutMs);
    armed = { pending: targets.length, done: report };
    send({ op: 'armed' });
    if (targets.length === 0) report();
    return;
  }
  if (command.op === 'close') {
    for (const r of receivers) r.socket.terminate();
    process.exit(0);
  }
});
