// Reading PostgreSQL's timestamptz text back into ms since the epoch (decision 861). No database
// needed; pg/client.test.ts checks the same parser against a real server in several time zones.
import { describe, expect, it } from 'vitest';
import { msToTimestamp, parseTimestamptzText, timestampToMs } from './columns';

describe('parseTimestamptzText', () => {
  it.each([
    ['2026-11-26 05:42:18.123+00', Date.UTC(2026, 10, 26, 5, 42, 18, 123)],
    ['2026-11-26 05:42:18+00', Date.UTC(2026, 10, 26, 5, 42, 18)],
    ['2026-11-26 05:42:18.1+00', Date.UTC(2026, 10, 26, 5, 42, 18, 100)],
    // Sub-millisecond digits (now() in raw SQL) are cut, as a Date would.
    ['2026-11-26 05:42:18.123999+00', Date.UTC(2026, 10, 26, 5, 42, 18, 123)],
    ['2026-11-26 11:12:18.123+05:30', Date.UTC(2026, 10, 26, 5, 42, 18, 123)],
    ['2026-11-25 21:42:18.123-08', Date.UTC(2026, 10, 26, 5, 42, 18, 123)],
    // A historical local mean time offset, with seconds (Europe/Amsterdam before 1937).
    ['1900-01-01 00:19:32+00:19:32', Date.UTC(1900, 0, 1)],
    ['1970-01-01 00:00:00+00', 0],
    ['1969-12-31 23:59:59.999+00', -1],
    ['10000-01-01 00:00:00+00', Date.UTC(10000, 0, 1)],
    ['0044-03-15 12:00:00+00 BC', Date.UTC(-43, 2, 15, 12)],
  ])('reads %s', (text, ms) => {
    expect(parseTimestamptzText(text)).toBe(ms);
  });

  it('reads years 0-99 as such, not as 1900-1999', () => {
    expect(new Date(parseTimestamptzText('0099-06-01 00:00:00+00')).getUTCFullYear()).toBe(99);
  });

  it.each(['infinity', '-infinity', '2026-11-26T05:42:18.123Z', '2026-11-26 05:42:18.123', 'Thu Nov 26 05:42:18 2026 UTC', ''])(
    'refuses %j',
    (text) => {
      expect(() => parseTimestamptzText(text)).toThrow(TypeError);
    },
  );
});

describe('the time columns', () => {
  it('write a time as UTC ISO 8601 and read it back from text, a Date or a number', () => {
    const ms = Date.UTC(2026, 10, 26, 5, 42, 18, 123);
    expect(msToTimestamp(ms)).toBe('2026-11-26T05:42:18.123Z');
    expect(timestampToMs('2026-11-26 05:42:18.123+00')).toBe(ms);
    expect(timestampToMs(new Date(ms))).toBe(ms);
    expect(timestampToMs(ms)).toBe(ms);
    expect(() => timestampToMs(null)).toThrow(TypeError);
    expect(() => msToTimestamp(Number.NaN)).toThrow(RangeError);
  });
});
