// A small circuit breaker for calls to services outside the app (the geocoder, Stripe, S3; issue #48,
// decision 932). Each call already has its own timeout; the breaker stops a dependency that is down
// from costing every request that timeout: after `failureThreshold` failures in a row it opens and
// refuses calls at once (CircuitOpenError, which callers answer with a 503 and their own message);
// once `coolDownMs` has passed, one call goes through as a probe: its success closes the breaker,
// its failure opens it for another cool-down. Per process: each one finds out for itself.

export type BreakerState = 'closed' | 'open' | 'half-open';

export type CircuitBreakerOptions = {
  /** Named in the log and in CircuitOpenError. */
  name: string;
  /** Failures in a row that open the breaker. */
  failureThreshold: number;
  /** How long it stays open before a probe may go through. */
  coolDownMs: number;
  /** Which errors say the dependency is down (a timeout, no connection, a 5xx); others (a 4xx) pass through uncounted. Default: all. */
  isFailure?: (err: unknown) => boolean;
  log?: { warn(msg: string): void };
  clock?: () => number;
};

/** Refused without calling: the dependency failed too often lately. */
export class CircuitOpenError extends Error {
  constructor(
    readonly dependency: string,
    /** When a probe may go through again (ms from now, at least 1 s). */
    readonly retryAfterMs: number,
  ) {
    super(`${dependency} is not answering: calls are paused for ${Math.ceil(retryAfterMs / 1000)} s`);
    this.name = 'CircuitOpenError';
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000));
  }
}

export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private probing = false;
  private readonly clock: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.clock = options.clock ?? Date.now;
  }

  get state(): BreakerState {
    if (this.openedAt === null) return 'closed';
    return this.probing || this.clock() - this.openedAt >= this.options.coolDownMs ? 'half-open' : 'open';
  }

  /** Runs `call` unless the breaker is open (then CircuitOpenError at once); its outcome moves the breaker. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    const probe = this.admit();
    try {
      const result = await call();
      this.succeeded();
      return result;
    } catch (err) {
      if (this.options.isFailure?.(err) ?? true) this.failed(probe);
      else if (probe) this.succeeded(); // the dependency answered: it is up
      throw err;
    } finally {
      if (probe) this.probing = false;
    }
  }

  /** Whether this call is the probe; throws while open (or while another call probes). */
  private admit(): boolean {
    if (this.openedAt === null) return false;
    const waited = this.clock() - this.openedAt;
    if (waited < this.options.coolDownMs) throw new CircuitOpenError(this.options.name, this.options.coolDownMs - waited);
    // One probe at a time: the others fail fast until it has answered.
    if (this.probing) throw new CircuitOpenError(this.options.name, 1000);
    this.probing = true;
    return true;
  }

  private succeeded(): void {
    if (this.openedAt !== null) this.options.log?.warn(`${this.options.name}: answering again, calls resume`);
    this.failures = 0;
    this.openedAt = null;
  }

  private failed(probe: boolean): void {
    this.failures += 1;
    if (!probe && this.failures < this.options.failureThreshold) return;
    if (this.openedAt === null || probe) {
      this.options.log?.warn(
        `${this.options.name}: ${this.failures} failures in a row; calls fail fast for ${Math.round(this.options.coolDownMs / 1000)} s before a probe`,
      );
    }
    this.openedAt = this.clock();
  }
}
