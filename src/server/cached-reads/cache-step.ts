// The cache step of a polled read's procedure (CONVENTIONS 27: sign-in, role, access, then the cache, then
// the service; decision 955). It sits in the procedure's own chain, after the middlewares that check who may
// read and before `.output()`: a hit hands back the result the chain gave before (its data output-validated
// then), so neither the service nor the output check runs again; a miss runs them and keeps the result.
// tRPC, REST (trpc-to-openapi), first reads and the socket all call the procedure, so all read through it.
// What is kept, for whom and until when: read-cache.ts (decision 600, 876).
import { rememberAnswer } from './answer-transformer';
import type { ReadCache } from './read-cache';

/** Where an answer is kept: its session's bucket and its key there (which names its viewer when answers differ by viewer). */
export type ReadKey = {
  sessionId: number;
  key: string;
  /** What the request read fresh that the answer was computed from: a kept answer is used only while it matches. */
  fingerprint?: string;
  /** Computed from hunters' positions: dropped by a hunter's new position too. */
  movesWithPositions?: boolean;
};

/**
 * The middleware body of the cache step: the kept result for `read`, or `next()`'s (kept when it succeeds and
 * no event of the session came while it was computed). `read` null: this caller's answer is not kept.
 */
export async function readThroughCache<R extends { ok: boolean }>(
  cache: ReadCache,
  read: ReadKey | null,
  next: () => Promise<R>,
): Promise<R> {
  // Off (PostgreSQL, READ_CACHE=off): nothing to look up, nothing to measure.
  if (read === null || !cache.enabled) return next();
  const hit = cache.get(read.sessionId, read.key);
  if (hit?.result !== undefined && hit.fingerprint === read.fingerprint) return hit.result as R;
  const version = cache.version(read.sessionId);
  const result = await next();
  if (result.ok) keep(cache, read, version, (result as R & { data: unknown }).data, result);
  return result;
}

/**
 * Data shared by several answers (the session's ranking, which a hunter's stats read): kept under `read`
 * like an answer, computed by `compute` on a miss. An answer kept there by its own procedure serves too.
 */
export async function readDataThroughCache<T>(cache: ReadCache, read: ReadKey, compute: () => Promise<T>): Promise<T> {
  if (!cache.enabled) return compute();
  const hit = cache.get(read.sessionId, read.key);
  if (hit && hit.fingerprint === read.fingerprint) return hit.data as T;
  const version = cache.version(read.sessionId);
  const data = await compute();
  keep(cache, read, version, data, undefined);
  return data;
}

function keep(cache: ReadCache, read: ReadKey, version: number, data: unknown, result: unknown): void {
  const json = JSON.stringify(data) as string | undefined;
  const answer = { data, result, size: json?.length ?? 0, fingerprint: read.fingerprint };
  cache.set(read.sessionId, read.key, answer, { movesWithPositions: read.movesWithPositions, version });
  // The JSON is the REST body of the answer too (polled-read-doors.ts): made once.
  if (result !== undefined) rememberAnswer(data, json);
}
