import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { removedFrom } from './errors';

const trpcError = (shape: Record<string, unknown>) =>
  TRPCClientError.from({ error: { message: String(shape.message ?? ''), code: -32003, data: { httpStatus: 403 }, ...shape } } as never);

describe('removedFrom', () => {
  it("names the session of the server's removal refusal (decision 836)", () => {
    const error = trpcError({ message: 'You were removed from "Lunch Hunt" by the game master.', removedFrom: 'Lunch Hunt' });
    expect(removedFrom(error)).toBe('Lunch Hunt');
  });

  it('is null for any other refusal or error', () => {
    expect(removedFrom(trpcError({ message: 'You are not part of this session' }))).toBeNull();
    expect(removedFrom(new Error('boom'))).toBeNull();
    expect(removedFrom(undefined)).toBeNull();
  });
});
