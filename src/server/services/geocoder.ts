// HQ's place search, proxied (decision 815): the browser asks us, we ask the configured
// Nominatim-compatible geocoder. Its usage policy is kept here, in one place: identified
// (User-Agent, Referer, email), at most one request a second from the whole service (every
// process of a cluster books its turns from one pace on PostgreSQL: decision 887; later ones wait
// their turn, a short queue per process, then 429), answers cached a day, at most
// PLACE_SEARCHES_PER_MINUTE searches per game master. Coordinates typed into the box
// never reach the geocoder, and work with it off or unreachable. Each request has GEOCODER_TIMEOUT_MS;
// a geocoder that keeps failing opens a circuit breaker (decision 932) and searches fail fast with 503.
import { RateLimiterRes } from 'rate-limiter-flexible';
import {
  coordinatesPlace,
  normalisePlaceQuery,
  PLACE_MESSAGES,
  type PlaceResult,
  parseCoordinates,
  toPlaceResults,
} from '../../domain/place-search';
import { PLACE_RESULTS_MAX, PLACE_SEARCHES_PER_MINUTE } from '../../domain/rules';
import { GEOCODER_CACHE_ENTRIES, GEOCODER_CACHE_TTL_MS, GEOCODER_MIN_INTERVAL_MS, GEOCODER_QUEUE_MAX, GEOCODER_TIMEOUT_MS } from './limits';
import type { Config } from '../config';
import { AppError, tooManyRequests } from '../errors';
import { CircuitBreaker, CircuitOpenError } from '../outbound/circuit-breaker';
import { MEMORY_RATE_LIMITS, type RateLimitStore } from './rate-limit-store';

/** Failed searches in a row (no answer within GEOCODER_TIMEOUT_MS, no connection, a 5xx) that open the breaker. */
const GEOCODER_BREAKER_FAILURES = 3;
/** How long searches then fail fast before one probe asks the geocoder again. */
const GEOCODER_BREAKER_COOL_DOWN_MS = 30_000;

/** The geocoder answered with a server error: it counts toward the breaker like no answer. */
class GeocoderDown extends Error {}

export type Geocoder = {
  /** Places for a query (already trimmed and bounded by PlaceSearchInput), for one signed-in game master. */
  search(userId: string, q: string, setHeader?: (name: string, value: string) => void): Promise<PlaceResult[]>;
  /** Whether a geocoder is configured (the box says so when not). */
  readonly enabled: boolean;
};

type GeocoderOptions = {
  log: { warn(msg: string): void };
  fetch?: typeof fetch;
  /** Wall clock for the pacing and the cache (tests move deps.now, not this). */
  clock?: () => number;
  /** Where the place searches per user count (this process's memory unless given: decision 885). */
  limits?: RateLimitStore;
};

const unavailable = () => new AppError(503, PLACE_MESSAGES.unavailable);

export function createGeocoder(
  config: Pick<Config, 'GEOCODER_URL' | 'GEOCODER_EMAIL' | 'GEOCODER_USER_AGENT' | 'PUBLIC_URL'>,
  { log, fetch: fetchImpl = fetch, clock = Date.now, limits = MEMORY_RATE_LIMITS }: GeocoderOptions,
): Geocoder {
  const base = config.GEOCODER_URL;
  const perUser = limits.window({ keyPrefix: 'place-search', points: PLACE_SEARCHES_PER_MINUTE, duration: 60 });
  /** Insertion order is use order: the first key is the least recently used. */
  const cache = new Map<string, { at: number; places: PlaceResult[] }>();
  const inFlight = new Map<string, Promise<PlaceResult[]>>();
  /** One request a second toward the geocoder from the whole service: every process books from it on PostgreSQL. */
  const pace = limits.pace('geocoder', GEOCODER_MIN_INTERVAL_MS);
  let waiting = 0;
  const breaker = new CircuitBreaker({
    name: 'geocoder',
    failureThreshold: GEOCODER_BREAKER_FAILURES,
    coolDownMs: GEOCODER_BREAKER_COOL_DOWN_MS,
    isFailure: (err) => !(err instanceof AppError),
    log,
    clock,
  });

  const cached = (key: string): PlaceResult[] | null => {
    const hit = cache.get(key);
    if (!hit) return null;
    cache.delete(key);
    if (clock() - hit.at > GEOCODER_CACHE_TTL_MS) return null;
    cache.set(key, hit);
    return hit.places;
  };
  const remember = (key: string, places: PlaceResult[]) => {
    cache.set(key, { at: clock(), places });
    while (cache.size > GEOCODER_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  };

  /** Waits for this request's turn: one a second, whoever asks. */
  async function turn(): Promise<void> {
    if (waiting >= GEOCODER_QUEUE_MAX) throw tooManyRequests(PLACE_MESSAGES.busy, { retryAfterSeconds: 2 });
    const booked = pace.book(clock());
    let slot: number;
    if (typeof booked === 'number') slot = booked;
    else {
      // Booking from the database (PostgreSQL): this request is in the queue meanwhile.
      waiting += 1;
      try {
        slot = await booked;
      } finally {
        waiting -= 1;
      }
    }
    const wait = slot - clock();
    if (wait <= 0) return;
    waiting += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, wait));
    } finally {
      waiting -= 1;
    }
  }

  async function ask(q: string): Promise<PlaceResult[]> {
    try {
      return await breaker.run(() => askNow(q));
    } catch (err) {
      if (err instanceof CircuitOpenError) throw new AppError(503, PLACE_MESSAGES.unavailable, { retryAfterSeconds: err.retryAfterSeconds });
      if (err instanceof GeocoderDown) throw unavailable();
      throw err;
    }
  }

  async function askNow(q: string): Promise<PlaceResult[]> {
    await turn();
    const params = new URLSearchParams({ q, format: 'jsonv2', limit: String(PLACE_RESULTS_MAX), addressdetails: '0' });
    if (config.GEOCODER_EMAIL) params.set('email', config.GEOCODER_EMAIL);
    const headers: Record<string, string> = { 'User-Agent': config.GEOCODER_USER_AGENT, Accept: 'application/json' };
    if (config.PUBLIC_URL) headers.Referer = config.PUBLIC_URL;
    let res: Response;
    try {
      res = await fetchImpl(`${base}/search?${params}`, { headers, signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS), redirect: 'error' });
    } catch (err) {
      log.warn(`geocoder unreachable: ${String(err)}`);
      throw new GeocoderDown(String(err));
    }
    if (res.status >= 500) {
      log.warn(`geocoder answered ${res.status}`);
      throw new GeocoderDown(String(res.status));
    }
    if (!res.ok) {
      log.warn(`geocoder answered ${res.status}`);
      // Nominatim answers 429 (or 403 when blocked) to a client over its limits: back off, all of us.
      if (res.status === 429 || res.status === 403) await pace.hold(clock() + 10 * GEOCODER_MIN_INTERVAL_MS, clock());
      throw unavailable();
    }
    try {
      return toPlaceResults(await res.json());
    } catch (err) {
      // Cut off by the timeout, or a page that is no geocoder's answer (a proxy's error page): down too.
      log.warn(`geocoder answer unreadable: ${String(err)}`);
      throw new GeocoderDown(String(err));
    }
  }

  return {
    enabled: base !== '',
    async search(userId, q, setHeader) {
      const point = parseCoordinates(q);
      if (point) return [coordinatesPlace(point)];
      if (base === '') throw unavailable();
      try {
        await perUser.consume(userId);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        const retryAfterSeconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        setHeader?.('retry-after', String(retryAfterSeconds));
        throw tooManyRequests(PLACE_MESSAGES.busy, { retryAfterSeconds });
      }
      const key = normalisePlaceQuery(q);
      const hit = cached(key);
      if (hit) return hit;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = ask(q)
          .then((places) => {
            remember(key, places);
            return places;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending.catch((err: unknown) => {
        // The breaker is open: Retry-After says when the next probe may go.
        const retryAfter = err instanceof AppError ? err.details?.retryAfterSeconds : undefined;
        if (typeof retryAfter === 'number') setHeader?.('retry-after', String(retryAfter));
        throw err;
      });
    },
  };
}
