import { describe, expect, it } from 'vitest';
import type { FusedPosition } from './gps';
import { type ReportReason, reportBody, reportReason, type SentReport } from './position-reporting';
import { EARTH_RADIUS_M } from './scanner';

const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;
const BASE = { lat: 48.8584, lng: 2.2945 };
const T0 = 1_700_000_000_000;

function at(northM: number, precision: FusedPosition['precision'] = 'high'): FusedPosition {
  return { lat: BASE.lat + northM / M_PER_DEG, lng: BASE.lng, accuracy: 4, precision, timestamp: T0 };
}
const sent = (position: FusedPosition, sentAt = T0): SentReport => ({ position, sentAt });

describe('reportReason', () => {
  const cases: {
    name: string;
    last: SentReport | null;
    position: FusedPosition | null;
    receivedAgoMs?: number;
    afterMs: number;
    reason: ReportReason | null;
  }[] = [
    { name: 'the first accepted position goes at once', last: null, position: at(0), afterMs: 0, reason: 'first' },
    { name: 'a fix the fusion rejected is never sent', last: null, position: null, afterMs: 0, reason: null },
    { name: 'rejected, even long after the last report', last: sent(at(0)), position: null, afterMs: 60_000, reason: null },
    { name: 'standing still: not before 3 s', last: sent(at(0)), position: at(1), afterMs: 2999, reason: null },
    { name: 'standing still: at 3 s', last: sent(at(0)), position: at(1), afterMs: 3000, reason: 'interval' },
    { name: 'moved 5 m after 1 s: at once', last: sent(at(0)), position: at(5.01), afterMs: 1000, reason: 'moved' },
    { name: 'moved 4.9 m after 2 s: wait', last: sent(at(0)), position: at(4.9), afterMs: 2000, reason: null },
    { name: 'moved 50 m but within the 1 s floor', last: sent(at(0)), position: at(50), afterMs: 999, reason: null },
    {
      name: 'precision tier changed after 1 s',
      last: sent(at(0, 'standard')),
      position: at(0, 'ultra_high'),
      afterMs: 1000,
      reason: 'precision',
    },
    {
      name: 'a held fix older than 60 s is not re-sent as fresh',
      last: sent(at(0)),
      position: at(0),
      receivedAgoMs: 60_001,
      afterMs: 61_000,
      reason: null,
    },
    {
      name: 'a held fix 60 s old is still re-sent',
      last: sent(at(0)),
      position: at(0),
      receivedAgoMs: 60_000,
      afterMs: 61_000,
      reason: 'interval',
    },
  ];
  it.each(cases)('$name', ({ last, position, receivedAgoMs = 0, afterMs, reason }) => {
    const now = T0 + afterMs;
    expect(reportReason(last, { position, receivedAt: now - receivedAgoMs }, now)).toBe(reason);
  });

  it('with a fix a second: still or walking every 3 s, jogging every 2 s (over 5 m), running every second (floor)', () => {
    const reportsOver = (speed: number, seconds: number) => {
      let last: SentReport | null = null;
      let count = 0;
      for (let s = 0; s <= seconds; s++) {
        const now = T0 + s * 1000;
        const position = at(speed * s);
        if (reportReason(last, { position, receivedAt: now }, now) !== null) {
          last = { position, sentAt: now };
          count++;
        }
      }
      return count;
    };
    expect(reportsOver(1.4, 60)).toBe(21); // 4.2 m in 3 s: the interval comes first
    expect(reportsOver(3, 60)).toBe(31); // 6 m every 2 s: movement comes first
    expect(reportsOver(6, 60)).toBe(61); // the 1 s floor
    expect(reportsOver(0, 60)).toBe(21); // the 3 s heartbeat
  });
});

describe('reportBody', () => {
  it('carries the fused position, its accuracy, tier and fix time', () => {
    expect(reportBody(at(0, 'high_smoothed'))).toEqual({
      lat: BASE.lat,
      lng: BASE.lng,
      accuracy: 4,
      precision: 'high_smoothed',
      timestamp: T0,
    });
  });
});
