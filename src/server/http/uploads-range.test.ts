// The Range header as the S3-backed /uploads answers it (http/uploads.ts), case by case; the S3
// tests compare the served answers with @fastify/static's (storage/s3-storage.test.ts).
import { describe, expect, it } from 'vitest';
import { requestedRange } from './uploads';

describe('requestedRange', () => {
  it('reads one range, open or closed, clipped to the file', () => {
    expect(requestedRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(requestedRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange(' bytes=5-5 ', 100)).toEqual({ start: 5, end: 5 });
  });

  it('reads a suffix as the last bytes, the whole file when it asks for more', () => {
    expect(requestedRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(requestedRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('answers 416 past the end, for an empty suffix or an empty file', () => {
    expect(requestedRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(requestedRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sends the whole file for no header, another unit, several ranges or nonsense', () => {
    for (const header of [undefined, '', 'items=0-9', 'bytes=0-1,5-6', 'bytes=9-2', 'bytes=-', 'bytes=a-b', 'bytes 0-9']) {
      expect(requestedRange(header, 100), String(header)).toBeNull();
    }
  });
});
