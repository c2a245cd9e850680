import { describe, expect, it } from 'vitest';
import { CreateSessionInput, SESSION_MESSAGES } from './session-schemas';
import { characterKinds, readableSessionPassword } from './session-password';

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

describe('the minimum strength of a new session password (decision 931)', () => {
  const check = (password: string) => {
    const parsed = CreateSessionInput.safeParse({ name: 'Hunt', password });
    return parsed.success ? 'ok' : parsed.error.issues.map((i) => i.message).join(' | ');
  };

  it('counts letters, digits and anything else as kinds', () => {
    expect(characterKinds('raptor')).toBe(1);
    expect(characterKinds('raptor42')).toBe(2);
    expect(characterKinds('raptor-rex')).toBe(2);
    expect(characterKinds('ráptor 4')).toBe(3);
    expect(characterKinds('恐竜ハンター7')).toBe(2);
  });

  it('wants 8 characters, then a mix of kinds, one message at a time', () => {
    expect(check('rex-42')).toBe(SESSION_MESSAGES.passwordTooShort);
    expect(check('  rex-4  ')).toBe(SESSION_MESSAGES.passwordTooShort); // trimmed first
    expect(check('raptorrex')).toBe(SESSION_MESSAGES.passwordTooSimple);
    expect(check('20261128')).toBe(SESSION_MESSAGES.passwordTooSimple);
    expect(check('raptor42')).toBe('ok');
    expect(check('clever girl')).toBe('ok');
    expect(check('')).toBe(SESSION_MESSAGES.passwordRequired);
  });
});
