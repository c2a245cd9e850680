import { describe, expect, it } from 'vitest';
import { CreateSessionInput } from './session-schemas';
import { readableSessionPassword } from './session-password';

const seq = (...values: number[]) => {
  let i = 0;
  return (n: number) => Math.min(n - 1, values[i++ % values.length]!);
};

describe('readableSessionPassword', () => {
  it('is two words and a four-digit number', () => {
    expect(readableSessionPassword(seq(0, 0, 0))).toBe('amber-raptor-1000');
    expect(readableSessionPassword(seq(999, 999, 8999))).toMatch(/^mossy-canopy-9999$/);
  });

  it('always passes the create form rules (at least the minimum length)', () => {
    for (let i = 0; i < 200; i++) {
      const password = readableSessionPassword((n) => Math.floor(Math.random() * n));
      expect(password).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);
      const parsed = CreateSessionInput.safeParse({ name: 'Hunt', password });
      expect(parsed.success).toBe(true);
    }
  });
});
