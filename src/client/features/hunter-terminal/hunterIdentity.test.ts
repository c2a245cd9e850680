import { describe, expect, it } from 'vitest';
import { HUNTER_ID_KEY, isHunterId, makeHunterId, readHunterId, writeHunterId } from './hunterIdentity';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('hunter identity', () => {
  it('has the spec form hunter_{timestamp}_{random}', () => {
    const id = makeHunterId(1_700_000_000_000, () => 0.123456789);
    expect(id).toMatch(/^hunter_1700000000000_[a-z0-9]{9}$/);
    expect(isHunterId(id)).toBe(true);
    expect(isHunterId('hunter_x_1')).toBe(false);
    expect(isHunterId(null)).toBe(false);
  });

  it('is made once and then read back', () => {
    const storage = memoryStorage();
    const first = readHunterId(storage);
    expect(storage.data.get(HUNTER_ID_KEY)).toBe(first);
    expect(readHunterId(storage)).toBe(first);
  });

  it('replaces a stored value that is not an id', () => {
    const storage = memoryStorage({ [HUNTER_ID_KEY]: 'garbage' });
    const id = readHunterId(storage);
    expect(isHunterId(id)).toBe(true);
    expect(storage.data.get(HUNTER_ID_KEY)).toBe(id);
  });

  it('reset stores a new id', () => {
    const storage = memoryStorage();
    const first = readHunterId(storage);
    const second = writeHunterId(storage);
    expect(second).not.toBe(first);
    expect(readHunterId(storage)).toBe(second);
  });

  it('works without storage', () => {
    expect(isHunterId(readHunterId(null))).toBe(true);
  });
});
