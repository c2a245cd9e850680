// The geocoder proxy's cache and sharing, with a fake upstream and clock (decision 815).
import { describe, expect, it } from 'vitest';
import { PLACE_MESSAGES } from '../../domain/place-search';
import { GEOCODER_CACHE_ENTRIES, GEOCODER_CACHE_TTL_MS, GEOCODER_MIN_INTERVAL_MS } from './limits';
import { createGeocoder } from './geocoder';

function setUp() {
  let now = 1_000_000;
  const asked: string[] = [];
  const fakeFetch = (async (url: string | URL) => {
    const q = new URL(String(url)).searchParams.get('q') ?? '';
    asked.push(q);
    return new Response(JSON.stringify([{ display_name: q, lat: '1', lon: '2' }]), { status: 200 });
  }) as typeof fetch;
  const geocoder = createGeocoder(
    { GEOCODER_URL: 'http://geo.test', GEOCODER_EMAIL: undefined, GEOCODER_USER_AGENT: 'test', PUBLIC_URL: undefined },
    { log: { warn() {} }, fetch: fakeFetch, clock: () => now },
  );
  // Every call a turn later, so the one-a-second pacing never waits here.
  const search = (q: string, user = 'gm') => {
    now += GEOCODER_MIN_INTERVAL_MS;
    return geocoder.search(user, q);
  };
  return { geocoder, search, asked, advance: (ms: number) => (now += ms) };
}

describe('geocoder proxy', () => {
  it('reuses an answer for a day, then asks again', async () => {
    const { search, asked, advance } = setUp();
    await search('Parc');
    await search('PARC ');
    expect(asked).toEqual(['Parc']);
    advance(GEOCODER_CACHE_TTL_MS);
    await search('parc');
    expect(asked).toEqual(['Parc', 'parc']);
  });

  it('forgets the least recently used answers past its size', async () => {
    const { search, asked } = setUp();
    // A hundred game masters share the work, so none hits the per-minute limit.
    for (let i = 0; i <= GEOCODER_CACHE_ENTRIES; i++) await search(`place ${i}`, `gm${i % 100}`);
    expect(asked).toHaveLength(GEOCODER_CACHE_ENTRIES + 1);
    await search('place 1', 'other'); // still kept
    await search('place 0', 'other'); // the oldest, forgotten
    expect(asked.slice(-1)).toEqual(['place 0']);
    expect(asked).toHaveLength(GEOCODER_CACHE_ENTRIES + 2);
  });

  it('sends one request for the same query asked at once', async () => {
    const { geocoder, asked } = setUp();
    const answers = await Promise.all([geocoder.search('a', 'Lac'), geocoder.search('b', 'lac')]);
    expect(answers[0]).toEqual(answers[1]);
    expect(asked).toEqual(['Lac']);
  });

  it('is off with an empty URL, coordinates still answered', async () => {
    const geocoder = createGeocoder(
      { GEOCODER_URL: '', GEOCODER_EMAIL: undefined, GEOCODER_USER_AGENT: 'test', PUBLIC_URL: undefined },
      { log: { warn() {} } },
    );
    expect(geocoder.enabled).toBe(false);
    await expect(geocoder.search('gm', 'Paris')).rejects.toThrow(PLACE_MESSAGES.unavailable);
    expect(await geocoder.search('gm', '1.5, 2.5')).toMatchObject([{ lat: 1.5, lng: 2.5, source: 'coordinates' }]);
  });
});
