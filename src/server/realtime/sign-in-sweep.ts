// Long-lived connections (the tRPC WebSocket subscription and /ws) keep the identity
// they were opened with and must not outlive it. A sign-out or a deleted account ends
// them at once (SignOuts.revoke / revokeUser); whatever else ends a sign-in (expiry, a
// cascade, a disabled account, a guest's game over) is found by one shared sweep every
// SIGN_IN_RECHECK_MS that asks the database about every watched sign-in in ONE query,
// instead of a timer and a query per socket.
import { and, eq, gt, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { GUEST_SIGN_IN_GRACE_MS } from '../../domain/rules';
import { SIGN_IN_RECHECK_MS } from './limits';
import { hashToken } from '../auth/lucia';
import type { SignIn, SignOuts } from '../auth/sign-outs';
import type { Db } from '../db/client';
import { authSessions, gameSessions, users } from '../db/schema';

export type SignInSweep = {
  /**
   * Calls `onEnded` once when the sign-in ends: at once when it is revoked, or at the
   * next sweep when it expired or vanished otherwise. Returns the way to stop watching.
   */
  watch(signIn: SignIn, onEnded: () => void): () => void;
  /** One sweep now (the timer calls it; tests too). */
  sweep(): Promise<void>;
  /** Sign-ins (distinct) being watched. */
  readonly size: number;
};

/**
 * Of the given sign-ins (their stored ids), those still live. The same conditions as
 * isSignInLive (auth/sign-outs.ts), which every HTTP request asks; a test
 * (sign-in-sweep.test.ts) holds the two to the same verdicts.
 */
async function liveOf(db: Db, ids: string[], nowMs: number): Promise<Set<string>> {
  // Lucia stores expires_at (and we absolute_expires_at) in seconds; game session times are milliseconds.
  const seconds = Math.floor(nowMs / 1000);
  const endedBefore = nowMs - GUEST_SIGN_IN_GRACE_MS;
  // COALESCE(end_time, 0) + grace > now: a missing end time counts as 0.
  const withinGrace = endedBefore < 0 ? or(isNull(gameSessions.endTime), gt(gameSessions.endTime, endedBefore)) : gt(gameSessions.endTime, endedBefore);
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(gameSessions, eq(gameSessions.id, authSessions.gameSessionId))
    .where(
      and(
        inArray(authSessions.id, ids),
        gt(authSessions.expiresAt, seconds),
        gt(authSessions.absoluteExpiresAt, seconds),
        eq(users.accountStatus, 'active'),
        or(eq(users.isGuest, false), and(isNotNull(gameSessions.id), or(ne(gameSessions.status, 'completed'), withinGrace))),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** Sign-ins asked about in one query (SQL's parameter limits). */
const SWEEP_BATCH = 500;

export function createSignInSweep(
  deps: { db: Db; signOuts: SignOuts; now: () => number; onError?: (err: unknown) => void },
  intervalMs = SIGN_IN_RECHECK_MS,
): SignInSweep {
  // Stored sign-in id (the token's hash) -> its watches.
  const watched = new Map<string, Set<SignInWatch>>();
  let timer: NodeJS.Timeout | null = null;
  /** The sweep under way: the timer skips a turn rather than start a second one. */
  let running: Promise<void> | null = null;

  const sweep = async () => {
    if (watched.size === 0) return;
    const nowMs = deps.now();
    const ids = [...watched.keys()];
    const live = new Set<string>();
    for (let i = 0; i < ids.length; i += SWEEP_BATCH) {
      for (const id of await liveOf(deps.db, ids.slice(i, i + SWEEP_BATCH), nowMs)) live.add(id);
    }
    for (const id of ids) {
      if (live.has(id)) continue;
      for (const watch of [...(watched.get(id) ?? [])]) watch.end();
    }
  };

  const onTimer = () => {
    if (running) return;
    // The timer's sweep: a failure (the database busy or closing) is reported; the next turn tries again.
    running = sweep()
      .catch((err: unknown) => deps.onError?.(err))
      .finally(() => {
        running = null;
      });
  };

  return {
    watch(signIn, onEnded) {
      const id = hashToken(signIn.authSessionId);
      const watches = watched.get(id) ?? new Set<SignInWatch>();
      watched.set(id, watches);
      const watch = new SignInWatch(deps.signOuts, signIn, watches, onEnded, () => {
        if (watches.size === 0 && watched.get(id) === watches) watched.delete(id);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      });
      if (!timer) {
        timer = setInterval(onTimer, intervalMs);
        timer.unref();
      }
      return () => watch.stop();
    },
    sweep,
    get size() {
      return watched.size;
    },
  };
}

/** One watch of a sign-in, a member of its sign-in's set: ends once, by a revocation or a sweep, unless stopped first. */
class SignInWatch {
  private readonly stopRevocation: () => void;

  constructor(
    signOuts: SignOuts,
    signIn: SignIn,
    private readonly watches: Set<SignInWatch>,
    private readonly onEnded: () => void,
    private readonly afterStop: () => void,
  ) {
    this.stopRevocation = signOuts.watch(signIn, () => this.end());
    watches.add(this);
  }

  stop(): void {
    this.stopRevocation();
    this.watches.delete(this);
    this.afterStop();
  }

  end(): void {
    if (!this.watches.has(this)) return; // already ended or stopped
    this.stop();
    this.onEnded();
  }
}
