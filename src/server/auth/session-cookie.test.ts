// sessionCookieValue reads what Lucia's own parser reads (the same value, the same throw), on
// hand-picked headers and on random ones built from the characters that matter.
import { type Adapter, Lucia } from 'lucia';
import { describe, expect, it } from 'vitest';
import { sessionCookieValue } from './session-cookie';

const NAME = 'auth_session';

// Lucia's public reader; it never touches the adapter.
const luciaReader = new Lucia({} as Adapter, { sessionCookie: { name: NAME } });

/** Lucia 3's readSessionCookie: the value, or the error it throws. */
function lucia(header: string): { value: string | null } | { throws: true } {
  try {
    return { value: luciaReader.readSessionCookie(header) };
  } catch {
    return { throws: true };
  }
}
function ours(header: string): { value: string | null } | { throws: true } {
  try {
    return { value: sessionCookieValue(header, NAME) };
  } catch {
    return { throws: true };
  }
}

describe('sessionCookieValue', () => {
  it.each([
    '',
    'auth_session=abc123',
    'theme=dark; auth_session=abc123; lang=fr',
    'auth_session=first; auth_session=second',
    'auth_session=a=b=c',
    'auth_session',
    'auth_session=',
    'xauth_session=nope; auth_sessionx=nope',
    'auth_session=abc;theme=dark',
    'auth_session=abc; ; theme=dark',
    '=orphan; auth_session=abc',
    'auth_session=%61bc',
    'auth%5Fsession=encoded-name',
    'auth_session=abc; broken=%E0%A4%A',
    'auth_session=100%',
    ' auth_session=leading-space',
  ])('%j', (header) => {
    expect(ours(header)).toEqual(lucia(header));
  });

  it('agrees with Lucia on random headers', () => {
    const parts = ['auth_session', 'a', '=', '; ', ';', ' ', '%', '41', '%E0', 'x', '"', ','];
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let i = 0; i < 5000; i++) {
      let header = '';
      for (let k = random(12); k > 0; k--) header += parts[random(parts.length)];
      expect(ours(header), header).toEqual(lucia(header));
    }
  });
});
