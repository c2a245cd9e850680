import { describe, expect, it, vi } from 'vitest';
import { lazyChunk } from './LazyChunk';

const Part = () => null;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyChunk', () => {
  it('downloads once however often it is preloaded', async () => {
    const load = vi.fn(async () => Part);
    const chunk = lazyChunk(load);
    expect(load).not.toHaveBeenCalled();
    chunk.preload();
    chunk.preload();
    await flush();
    chunk.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed download, so the next use downloads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Part);
    const chunk = lazyChunk(load);
    chunk.preload();
    await flush();
    chunk.preload();
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('"Try again" makes a new lazy component (React keeps the first one\'s answer)', () => {
    const chunk = lazyChunk(async () => Part);
    const first = chunk.current();
    expect(chunk.current()).toBe(first);
    chunk.retry();
    expect(chunk.current()).not.toBe(first);
  });
});
