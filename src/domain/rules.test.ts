import { describe, expect, it } from 'vitest';
import * as rules from './rules';

// Decision 963: rules.ts holds the game's rules; the server's plumbing lives beside its code
// (src/server/<area>/limits.ts, src/server/db/constants.ts) and the wire's settings in transport.ts.
const PLUMBING = [
  /LOCK_KEY$/,
  /NOTIFY_CHANNEL$/,
  /^DATABASE_POOL/,
  /^LEADER_/,
  /^NOTIFY_RECONNECT/,
  /^SHUTDOWN_/,
  /^WS_/,
  /^SOCKETS_PER_/,
  /^STREAM_/,
  /^EVENT_TAIL/,
  /^TRPC_/,
  /^GEOCODER_/,
  /^RATE_LIMIT_/,
  /^MAX_JSON_/,
  /^FIRST_READS_/,
  /^SCHEDULER_TICK/,
  /^POSITION_PURGE/,
  /^READY_DATABASE/,
  /^FILE_EXISTS_CACHE/,
  /^STORAGE_RETRY/,
  /^DEVICE_LOCKOUT_LIST/,
  /^MAX_(IMAGE_INPUT_PIXELS|CONCURRENT_IMAGE_DECODES)$/,
];

describe('rules.ts', () => {
  it('holds no constant of the server plumbing or of the transport', () => {
    const misplaced = Object.keys(rules).filter((name) => PLUMBING.some((pattern) => pattern.test(name)));
    expect(misplaced).toEqual([]);
  });
});
