import { describe, expect, it } from 'vitest';
import { joinLink } from './joinLink';

describe('joinLink', () => {
  it('opens the Hunter Session tab with the session id', () => {
    expect(joinLink('https://dinohunt.app', 12, null)).toBe('https://dinohunt.app/login?tab=hunter&sessionId=12');
  });
  it('adds the password, encoded, only when given', () => {
    expect(joinLink('http://127.0.0.1:3000', 7, 'T-rex & co?')).toBe(
      'http://127.0.0.1:3000/login?tab=hunter&sessionId=7&password=T-rex+%26+co%3F',
    );
    expect(joinLink('http://x.test', 7, '')).toBe('http://x.test/login?tab=hunter&sessionId=7');
  });
});
