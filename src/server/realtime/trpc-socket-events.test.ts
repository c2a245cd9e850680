// comms.events frames (trpc-socket-events.ts): built once per event, and held to what
// tRPC's own adapter writes for a tracked event.
import { transformTRPCResponse } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { appRouter } from '../routers';
import { trpcWireConfig } from '../trpc';
import type { BusEvent } from './bus';
import { toStreamEvent } from './session-stream';
import { dataFrameHead, eventFrame } from './trpc-socket-events';

describe('shared event frames', () => {
  const event: BusEvent = {
    id: 42,
    sessionId: 3,
    type: 'broadcast',
    audience: 'all',
    payload: { sessionId: 3, timestamp: 5, messageId: 9, message: 'hello "world"', userId: 'GAME MASTER', username: 'GAME MASTER' },
    createdAt: 1000,
  };
  const transformer = appRouter._def._config.transformer.output;
  it('frame with the router\'s own wire options (trpcWireConfig)', () => {
    expect(trpcWireConfig.transformer.output).toBe(transformer);
    expect(trpcWireConfig.errorFormatter).toBe(appRouter._def._config.errorFormatter);
  });

  it("are what tRPC's adapter writes for a tracked event", () => {
    for (const [id, jsonrpc] of [
      [1, undefined],
      ['sub-a', '2.0'],
    ] as const) {
      const frame = eventFrame(event, dataFrameHead(id, jsonrpc), transformer).payload.toString('utf8');
      const tracked = { id: String(event.id), data: toStreamEvent(event, 3) };
      const theirs = transformTRPCResponse(appRouter._def._config, {
        id,
        jsonrpc,
        result: { type: 'data', id: String(event.id), data: tracked } as never,
      });
      expect(JSON.parse(frame)).toEqual(JSON.parse(JSON.stringify(theirs)));
    }
  });

  it('are built once per event and subscription id, then shared', () => {
    const head = dataFrameHead(1, undefined);
    const first = eventFrame(event, head, transformer);
    expect(eventFrame(event, head, transformer)).toBe(first);
    for (let i = 2; i < 20; i++) eventFrame(event, dataFrameHead(i, undefined), transformer);
    const unkept = dataFrameHead(99, undefined); // past the few kept: built per socket
    expect(eventFrame(event, unkept, transformer)).not.toBe(eventFrame(event, unkept, transformer));
    expect(eventFrame(event, unkept, transformer).payload).toEqual(eventFrame(event, unkept, transformer).payload);
  });
});
