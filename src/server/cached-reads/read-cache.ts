// The polled reads' answers (issue #15; kept by their procedures' cache step, cache-step.ts), kept per game session until that session's next
// event. Every state change of a session publishes one bus event (in the transaction of the
// change, delivered once it commits), so one process-wide listener drops the session's answers
// in O(1). A change that is no one session's publishes an event without a session: it drops
// the sessions its payload names (`sessionIds`, the retention purge), or every answer (species
// edits, account deletion).
// An answer is computed while other requests run: one whose session heard an event meanwhile
// may predate that change, so it is handed out but not kept (`version`).
// Only answers are kept: who may read them is checked on every request, before the cache.
// The cache lives in one process and hears that process's events: on PostgreSQL (several
// processes may write) it is off until the cluster issue brings events from every process.
// See docs/decisions/600-polled-read-cache.md.
import type { BusEvent, EventBus } from '../event-bus';

/** An answer of a procedure's chain, kept by its cache step (cache-step.ts). */
export type CachedAnswer = {
  /** The output-validated data. */
  data: unknown;
  /** The chain's result holding `data`, handed back on a hit; absent for a part kept on its own (the ranking a hunter's stats read). */
  result?: unknown;
  /** Characters of `data` as JSON: what the byte limit counts. */
  size: number;
  /** What the answer was computed from that the request itself reads fresh (a hit must match it). */
  fingerprint?: string;
};

type Entry = { answer: CachedAnswer; bytes: number; movesWithPositions: boolean };
type Bucket = Map<string, Entry>;

export type ReadCacheLimits = {
  /** Sessions holding answers; past it the session filled longest ago is dropped. */
  maxSessions: number;
  /** Answers per session (per viewer and query); past it the oldest is dropped. */
  maxAnswersPerSession: number;
  /** JSON bytes held in all; past it whole sessions are dropped, oldest first. */
  maxBytes: number;
};

export const READ_CACHE_LIMITS: ReadCacheLimits = { maxSessions: 500, maxAnswersPerSession: 100, maxBytes: 32 * 1024 * 1024 };

/** Sessions whose last event is remembered for `version`; past it every session reads as changed once. */
const VERSIONS_MAX = 10_000;

/** A hunter's new position changes only what is computed from positions (tracking, distances). */
const POSITION_EVENT = 'hunter_location';

export type ReadCache = {
  /** False: every read computes its answer (the bench measures the uncached cost this way). */
  enabled: boolean;
  get(sessionId: number, key: string): CachedAnswer | undefined;
  /** Where the session's events stand: read before computing an answer, handed to `set`. */
  version(sessionId: number): number;
  /**
   * Keeps an answer. `movesWithPositions`: it is computed from hunters' positions (dropped by
   * hunter_location too). `version`: what `version(sessionId)` said before the answer was
   * computed; when an event of the session has come since, the answer is not kept.
   */
  set(sessionId: number, key: string, answer: CachedAnswer, opts?: { movesWithPositions?: boolean; version?: number }): void;
  /** Drops one session's answers. */
  dropSession(sessionId: number): void;
  /** Drops every answer: a write that changes what reads return without a session event. */
  clear(): void;
  /** For tests: sessions and answers held, and bytes. */
  size(): { sessions: number; answers: number; bytes: number };
};

export function createReadCache(bus: EventBus, limits: ReadCacheLimits = READ_CACHE_LIMITS): ReadCache {
  // Insertion order is the eviction order (a session's bucket is re-inserted when it refills).
  const sessions = new Map<number, Bucket>();
  let bytes = 0;
  // Every event (or clear) takes the next value; a session's version is the value of its last event.
  let counter = 0;
  const versions = new Map<number, number>();
  /** The version of a session not in `versions` (moved past every handed-out value when the map is emptied). */
  let floor = 0;

  const changed = (sessionId: number) => {
    if (versions.size >= VERSIONS_MAX) {
      versions.clear();
      floor = ++counter;
    }
    versions.set(sessionId, ++counter);
  };
  const changedAll = () => {
    versions.clear();
    floor = ++counter;
  };
  const versionOf = (sessionId: number) => versions.get(sessionId) ?? floor;

  const dropSession = (sessionId: number) => {
    const bucket = sessions.get(sessionId);
    if (!bucket) return;
    for (const entry of bucket.values()) bytes -= entry.bytes;
    sessions.delete(sessionId);
  };

  const onEvent = (event: BusEvent) => {
    if (event.sessionId === null) {
      const named = event.type === 'positions_purged' ? event.payload.sessionIds : undefined;
      if (!Array.isArray(named)) return cache.clear();
      for (const id of named) {
        if (typeof id !== 'number') continue;
        changed(id);
        dropSession(id);
      }
      return;
    }
    changed(event.sessionId);
    if (event.type !== POSITION_EVENT) return dropSession(event.sessionId);
    const bucket = sessions.get(event.sessionId);
    if (!bucket) return;
    for (const [key, entry] of bucket) {
      if (!entry.movesWithPositions) continue;
      bytes -= entry.bytes;
      bucket.delete(key);
    }
  };

  const cache: ReadCache = {
    enabled: true,
    get(sessionId, key) {
      if (!cache.enabled) return undefined;
      return sessions.get(sessionId)?.get(key)?.answer;
    },
    version: versionOf,
    set(sessionId, key, answer, opts) {
      if (!cache.enabled) return;
      if (opts?.version !== undefined && opts.version !== versionOf(sessionId)) return;
      let bucket = sessions.get(sessionId);
      if (!bucket) {
        if (sessions.size >= limits.maxSessions) dropSession(sessions.keys().next().value as number);
        bucket = new Map();
        sessions.set(sessionId, bucket);
      }
      const old = bucket.get(key);
      if (old) {
        bytes -= old.bytes;
        bucket.delete(key);
      } else if (bucket.size >= limits.maxAnswersPerSession) {
        const [oldestKey, oldest] = bucket.entries().next().value as [string, Entry];
        bytes -= oldest.bytes;
        bucket.delete(oldestKey);
      }
      // The data and the tRPC body that may join it (answer-transformer.ts): about twice the JSON.
      const entry = { answer, bytes: answer.size * 2, movesWithPositions: opts?.movesWithPositions ?? false };
      bucket.set(key, entry);
      bytes += entry.bytes;
      while (bytes > limits.maxBytes && sessions.size > 0) dropSession(sessions.keys().next().value as number);
    },
    dropSession,
    clear() {
      changedAll();
      sessions.clear();
      bytes = 0;
    },
    size() {
      let answers = 0;
      for (const bucket of sessions.values()) answers += bucket.size;
      return { sessions: sessions.size, answers, bytes };
    },
  };
  bus.subscribe(onEvent);
  return cache;
}
