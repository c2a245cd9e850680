// sendShared against real ws sockets on loopback: messages stay in order with ws's own
// sends, one task's messages leave in one write, the held bytes count in bufferedAmount (the
// back-pressure rule), and a compressing connection keeps its order (ws orders its queue).
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { HOLD_MAX_BYTES, sendShared, sharedText, writeHeld } from './frame-fanout';

const servers: WebSocketServer[] = [];
const clients: WebSocket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

/** A connected pair: the server's socket and a client collecting every text message. */
async function pair(perMessageDeflate = false) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate });
  servers.push(wss);
  await new Promise((r) => wss.once('listening', r));
  // The server's socket and its TCP connection, the upgrade request's (as the app's routes get it).
  const serverSide = new Promise<[WebSocket, Socket]>((r) => wss.once('connection', (ws, request) => r([ws, request.socket])));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, { perMessageDeflate });
  clients.push(client);
  const received: string[] = [];
  const waiters: (() => void)[] = [];
  client.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    received.push(String(data));
    for (const w of waiters.splice(0)) w();
  });
  const [server, tcp] = await serverSide;
  await new Promise((r) => client.once('open', r));
  const receive = async (count: number) => {
    while (received.length < count) await new Promise<void>((r) => waiters.push(r));
    return received.slice(0, count);
  };
  const send = (text: ReturnType<typeof sharedText>) => sendShared(server, tcp, text);
  return { socket: server, tcp, send, receive };
}

const frameOf = (text: string) => sharedText(text);
/** The bytes ws writes for a text message (a server's: unmasked, uncompressed). */
const wireLength = (text: ReturnType<typeof sharedText>) => {
  const n = text.payload.length;
  return n + (n < 126 ? 2 : n < 65536 ? 4 : 10);
};

describe('sendShared', () => {
  it("delivers frames of every length class, in order with ws's own sends", async () => {
    const { socket, send, receive } = await pair();
    const big = 'b'.repeat(70_000);
    socket.send('first');
    send(frameOf('{"n":1}'));
    socket.send('between');
    send(frameOf(big));
    send(frameOf('x'.repeat(300)));
    await Promise.resolve();
    socket.send('after the task');
    expect(await receive(6)).toEqual(['first', '{"n":1}', 'between', big, 'x'.repeat(300), 'after the task']);
  });

  it('holds the socket until the end of the task, then writes its frames in one call', async () => {
    const { socket, tcp, send, receive } = await pair();
    const writes: number[] = [];
    const plain = tcp as unknown as { _write: (...a: unknown[]) => void; _writev: (...a: unknown[]) => void };
    const [write, writev] = [plain._write, plain._writev];
    plain._write = function (this: unknown, ...args: unknown[]) {
      writes.push(1);
      return write.apply(this, args);
    };
    plain._writev = function (this: unknown, ...args: unknown[]) {
      writes.push((args[0] as unknown[]).length);
      return writev.apply(this, args);
    };
    const frames = [frameOf('{"type":"new_communication"}'), frameOf('{"type":"broadcast"}'), frameOf('{"type":"third"}')];
    for (const f of frames) send(f);
    expect(writes).toEqual([]);
    // Held bytes count toward bufferedAmount, which the back-pressure rule reads.
    expect(socket.bufferedAmount).toBe(frames.reduce((n, f) => n + wireLength(f), 0));
    await Promise.resolve();
    // One system call: ws's header and payload of each of the three messages, in one writev.
    expect(writes).toEqual([6]);
    expect(tcp.writableCorked).toBe(0);
    expect(await receive(3)).toEqual(['{"type":"new_communication"}', '{"type":"broadcast"}', '{"type":"third"}']);
  });

  it('writeHeld writes what a socket holds at once, in one call (its step is complete), and leaves the others held', async () => {
    const [first, second] = await Promise.all([pair(), pair()]);
    const writes: number[] = [];
    const plain = first.tcp as unknown as { _writev: (...a: unknown[]) => void };
    const writev = plain._writev;
    plain._writev = function (this: unknown, ...args: unknown[]) {
      writes.push((args[0] as unknown[]).length);
      return writev.apply(this, args);
    };
    const step = [frameOf('{"type":"new_communication"}'), frameOf('{"type":"broadcast"}')];
    for (const f of step) first.send(f);
    for (const f of step) second.send(f);
    writeHeld(first.tcp);
    expect(writes).toEqual([4]); // before the task ends: one writev of both messages (header + payload each)
    expect(first.tcp.writableCorked).toBe(0);
    expect(second.tcp.writableCorked).toBe(1);
    writeHeld(first.tcp); // nothing held: nothing written
    expect(writes).toEqual([4]);
    await Promise.resolve();
    expect(second.tcp.writableCorked).toBe(0);
    expect(await first.receive(2)).toEqual(['{"type":"new_communication"}', '{"type":"broadcast"}']);
    expect(await second.receive(2)).toEqual(['{"type":"new_communication"}', '{"type":"broadcast"}']);
  });

  it('writes a socket at once when HOLD_MAX_BYTES wait (a burst is not kept until the task ends)', async () => {
    const { socket, tcp, send, receive } = await pair();
    const frame = frameOf(JSON.stringify({ type: 'catch-up', filler: 'c'.repeat(4000) }));
    const count = Math.ceil((3 * HOLD_MAX_BYTES) / wireLength(frame));
    const corkedAfter: number[] = [];
    for (let i = 0; i < count; i++) {
      send(frame);
      corkedAfter.push(tcp.writableCorked);
    }
    // Released each time the held bytes reach the bound, held again by the next frame.
    expect(corkedAfter.filter((c) => c === 0).length).toBeGreaterThanOrEqual(2);
    expect(socket.bufferedAmount).toBeLessThan(HOLD_MAX_BYTES + wireLength(frame));
    await Promise.resolve();
    expect(tcp.writableCorked).toBe(0);
    expect(await receive(count)).toEqual(Array.from({ length: count }, () => frame.payload.toString()));
  });

  it('holds many sockets at once and releases every one', async () => {
    const pairs = await Promise.all(Array.from({ length: 20 }, () => pair()));
    const frame = frameOf('{"type":"broadcast"}');
    for (const p of pairs) p.send(frame);
    for (const p of pairs) p.send(frame);
    expect(pairs.every((p) => p.tcp.writableCorked === 1)).toBe(true);
    await Promise.resolve();
    expect(pairs.every((p) => p.tcp.writableCorked === 0)).toBe(true);
    for (const p of pairs) expect(await p.receive(2)).toEqual(['{"type":"broadcast"}', '{"type":"broadcast"}']);
  });

  it('hands frames to ws.send when the connection compresses (ws orders them with its queue)', async () => {
    const { socket, send, receive } = await pair(true);
    const text = JSON.stringify({ type: 'broadcast', message: 'y'.repeat(2000) });
    socket.send(text); // compressed asynchronously: ws queues what follows
    send(frameOf('{"n":2}'));
    send(frameOf(text));
    expect(await receive(3)).toEqual([text, '{"n":2}', text]);
  });
});
