// The shared keep-alive sweep (trpc-socket-keep-alive.ts) on stand-in sockets, with its clock given.
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createKeepAlive, heard, type KeptAlive } from './trpc-socket-keep-alive';

function standIn(heardAt: number) {
  const sent: string[] = [];
  const socket = { OPEN: 1, readyState: 1, send: (text: string) => sent.push(text), terminate: () => (socket.readyState = 3) };
  const kept: KeptAlive = { socket: socket as unknown as WebSocket, heardAt, pingedAt: 0 };
  return { kept, socket, sent };
}

describe('keep-alive sweep', () => {
  it('pings a socket silent for pingMs, ends it when nothing comes back within pongWaitMs', () => {
    const keepAlive = createKeepAlive({ pingMs: 30_000, pongWaitMs: 5000 });
    const quiet = standIn(0);
    const answering = standIn(0);
    keepAlive.add(quiet.kept);
    keepAlive.add(answering.kept);
    keepAlive.sweep(29_999);
    expect(quiet.sent).toEqual([]);
    keepAlive.sweep(30_000);
    expect(quiet.sent).toEqual(['PING']);
    expect(answering.sent).toEqual(['PING']);
    heard(answering.kept, 31_000); // its PONG (any message counts)
    keepAlive.sweep(34_999);
    expect(quiet.socket.readyState).toBe(1);
    keepAlive.sweep(35_000);
    expect(quiet.socket.readyState).toBe(3);
    expect(answering.socket.readyState).toBe(1);
    expect(answering.sent).toEqual(['PING']); // next ping only after another pingMs of silence
    keepAlive.sweep(61_000);
    expect(answering.sent).toEqual(['PING', 'PING']);
    keepAlive.delete(quiet.kept);
    keepAlive.delete(answering.kept);
    expect(keepAlive.size).toBe(0);
  });
});
