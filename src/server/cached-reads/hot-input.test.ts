// Inputs validated once per URL (hot-input.ts): a valid one is kept, frozen, per schema; a bad one
// is parsed and refused every time; an input without a URL is never kept; the memory is bounded.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type HotInput, ValidatedInputs } from './hot-input';

const idSchema = z.object({ id: z.coerce.number().int().positive() });
const counted = (url: string | undefined, raw: unknown) => {
  const input = { url, reads: 0, read: () => raw } as HotInput & { reads: number };
  input.read = () => {
    input.reads++;
    return raw;
  };
  return input;
};

describe('ValidatedInputs', () => {
  it('parses a URL once, then hands back the same frozen input', () => {
    const inputs = new ValidatedInputs();
    const first = counted('/api/game-sessions/7/dinosaurs', { id: '7' });
    const parsed = inputs.parse(idSchema, first);
    expect(parsed).toEqual({ id: 7 });
    expect(Object.isFrozen(parsed)).toBe(true);
    const again = counted('/api/game-sessions/7/dinosaurs', { id: '7' });
    expect(inputs.parse(idSchema, again)).toBe(parsed);
    expect(again.reads).toBe(0);
  });

  it('keeps inputs per schema: the same URL read by another schema is parsed by that schema', () => {
    const inputs = new ValidatedInputs();
    inputs.parse(idSchema, counted('/x?id=3', { id: '3' }));
    const other = z.object({ id: z.coerce.number().max(2) });
    expect(() => inputs.parse(other, counted('/x?id=3', { id: '3' }))).toThrow();
  });

  it('refuses a bad input every time, with the schema own error, and keeps nothing', () => {
    const inputs = new ValidatedInputs();
    for (let i = 0; i < 2; i++) {
      const bad = counted('/api/game-sessions/0/dinosaurs', { id: '0' });
      expect(() => inputs.parse(idSchema, bad)).toThrow(z.ZodError);
      expect(bad.reads).toBe(1);
    }
  });

  it('never keeps an input without a URL', () => {
    const inputs = new ValidatedInputs();
    inputs.parse(idSchema, counted(undefined, { id: '4' }));
    const again = counted(undefined, { id: '4' });
    inputs.parse(idSchema, again);
    expect(again.reads).toBe(1);
  });

  it('keeps at most `max` inputs per schema, dropping the oldest', () => {
    const inputs = new ValidatedInputs(2);
    for (const id of [1, 2, 3]) inputs.parse(idSchema, counted(`/s/${id}`, { id }));
    const oldest = counted('/s/1', { id: 1 });
    inputs.parse(idSchema, oldest);
    expect(oldest.reads).toBe(1);
    const newest = counted('/s/3', { id: 3 });
    inputs.parse(idSchema, newest);
    expect(newest.reads).toBe(0);
  });
});
