// Long-lived connections (the tRPC WebSocket subscription and /ws) keep the identity
// they were opened with and must not outlive it. A sign-out or a deleted account ends
// them at once (SignOuts.revoke / revokeUser); whatever else ends a sign-in (expiry, a
// cascade, a disabled account, a guest's game over) is found by one shared sweep every
// SIGN_IN_RECHECK_MS that asks the database about every watched sign-in in ONE query,
// instead of a timer and a query per socket.
import { GUEST_SIGN_IN_GRACE_MS, SIGN_IN_RECHECK_MS } from '../../domain/rules';
import { hashToken } from '../auth/lucia';
import type { SignIn, SignOuts } from '../auth/sign-outs';
import type { Db } from '../db/client';

export type SignInSweep = {
  /**
   * Calls `onEnded` once when the sign-in ends: at once when it is revoked, or at the
   * next sweep when it expired or vanished otherwise. Returns the way to stop watching.
   */
  watch(signIn: SignIn, onEnded: () => void): () => void;
  /** One sweep now (the timer calls it; tests too). */
  sweep(): void;
  /** Sign-ins (distinct) being watched. */
  readonly size: number;
};

/**
 * Of the given sign-ins (their stored ids, a JSON array), those still live. The same
 * conditions as isSignInLive (auth/sign-outs.ts), which every HTTP request asks; a test
 * (sign-in-sweep.test.ts) holds the two to the same verdicts.
 */
const LIVE_OF = `SELECT s.id FROM auth_sessions s JOIN users u ON u.id = s.user_id
  LEFT JOIN game_sessions g ON g.id = s.game_session_id
  WHERE s.id IN (SELECT value FROM json_each(?)) AND s.expires_at > ? AND s.absolute_expires_at > ?
    AND u.account_status = 'active'
    AND (u.is_guest = 0 OR (g.id IS NOT NULL AND (g.status <> 'completed' OR COALESCE(g.end_time, 0) + ? > ?)))`;

export function createSignInSweep(
  deps: { db: Db; signOuts: SignOuts; now: () => number },
  intervalMs = SIGN_IN_RECHECK_MS,
): SignInSweep {
  // Stored sign-in id (the token's hash) -> its watches.
  const watched = new Map<string, Set<SignInWatch>>();
  const liveOf = deps.db.$client.prepare(LIVE_OF).pluck();
  let timer: NodeJS.Timeout | null = null;

  const sweep = () => {
    if (watched.size === 0) return;
    const nowMs = deps.now();
    const seconds = Math.floor(nowMs / 1000);
    const ids = [...watched.keys()];
    const live = new Set(liveOf.all(JSON.stringify(ids), seconds, seconds, GUEST_SIGN_IN_GRACE_MS, nowMs) as string[]);
    for (const id of ids) {
      if (live.has(id)) continue;
      for (const watch of [...(watched.get(id) ?? [])]) watch.end();
    }
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
        timer = setInterval(sweep, intervalMs);
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
