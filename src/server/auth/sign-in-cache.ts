/** At most this many sign-in rows are kept; the least recently used one goes first. */
export const SIGN_IN_CACHE_MAX = 10_000;

/**
 * The database rows behind sign-ins (not their verdicts), keyed by the token's hash, for one
 * connection. Every write to auth_sessions, users or game_sessions on that connection bumps
 * `generation` (TEMP triggers calling a function, installed by src/server/db/client.ts), and a
 * changed generation empties the cache before the next read: whichever code path wrote, the
 * next request reads the database again. Unknown tokens are never cached.
 */
export class SignInCache<Row> {
  private readonly rows = new Map<string, Row>();
  private seenGeneration: number;

  constructor(
    private readonly generation: () => number,
    private readonly max = SIGN_IN_CACHE_MAX,
  ) {
    this.seenGeneration = generation();
  }

  get(tokenHash: string): Row | undefined {
    this.dropIfStale();
    const row = this.rows.get(tokenHash);
    if (row === undefined) return undefined;
    // Map keeps insertion order: re-inserting marks the row as the most recently used.
    this.rows.delete(tokenHash);
    this.rows.set(tokenHash, row);
    return row;
  }

  /** `readGeneration`: the generation read just before the row was selected (a write since then drops it). */
  set(tokenHash: string, row: Row, readGeneration: number): void {
    this.dropIfStale();
    if (readGeneration !== this.seenGeneration) return;
    this.rows.delete(tokenHash);
    this.rows.set(tokenHash, row);
    if (this.rows.size > this.max) this.rows.delete(this.rows.keys().next().value as string);
  }

  get size(): number {
    return this.rows.size;
  }

  private dropIfStale(): void {
    const now = this.generation();
    if (now !== this.seenGeneration) {
      this.rows.clear();
      this.seenGeneration = now;
    }
  }
}
