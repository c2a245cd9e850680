// A receiving client of bench:ws, run as its own process so the server's timing is not
// the client's: opens its share of sockets (/ws or tRPC's JSON-RPC over WebSocket, the
// same frames @trpc/client sends) and timestamps, per socket, the receipt of each
// broadcast on the clock every bench process shares (performance.timeOrigin + now()).
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { SeededSocket } from './server';

export type ClientCommand =
  | { op: 'open'; kind: 'ws' | 'trpc'; wsUrl: string; sockets: SeededSocket[]; concurrency: number }
  | { op: 'arm'; round: number; sessionId: number; timeoutMs: number }
  | { op: 'close' };

const now = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => {
  if (process.connected) process.send!(message);
};
const BROADCAST = '"type":"broadcast"';

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
      if (armed && receiver.receivedAt === 0 && receiver.sessionId === armedSession && text.includes(BROADCAST)) {
        receiver.receivedAt = now();
        armed.pending -= 1;
        if (armed.pending === 0) armed.done();
      }
    });
    socket.on('error', () => settle(false));
    socket.on('close', () => settle(false));
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
