// Long-lived connections (the tRPC WebSocket and /ws) keep the identity they were
// opened with. They must not outlive it: a sign-out or a deleted account ends them
// at once (revoke / revokeUser), and whatever else ends a sign-in (expiry, a
// cascade, a disabled account) is found by a periodic check of the database.
import { EventEmitter } from 'node:events';
import { and, eq, gt, isNotNull, isNull, ne, or } from 'drizzle-orm';
import { GUEST_SIGN_IN_GRACE_MS } from '../../domain/rules';
import type { Db } from '../db/client';
import { authSessions, gameSessions, users } from '../db/schema';
import { hashToken } from './lucia';

export type SignIn = { authSessionId: string; userId: string };

export type SignOuts = {
  /** One sign-in ended (logout, a guest switching game sessions). */
  revoke(authSessionId: string): void;
  /** Every sign-in of an account ended (the account was deleted). */
  revokeUser(userId: string): void;
  /** Calls `onRevoked` once when this sign-in is revoked; returns the way to stop watching. */
  watch(signIn: SignIn, onRevoked: () => void): () => void;
};

export function createSignOuts(): SignOuts {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    revoke: (authSessionId) => void emitter.emit(`session:${authSessionId}`),
    revokeUser: (userId) => void emitter.emit(`user:${userId}`),
    watch({ authSessionId, userId }, onRevoked) {
      // One sign-in watched by either of its two events; revoked once, then no longer watched.
      const sessionEvent = `session:${authSessionId}`;
      const userEvent = `user:${userId}`;
      const stop = () => {
        emitter.off(sessionEvent, revoked);
        emitter.off(userEvent, revoked);
      };
      const revoked = () => {
        stop();
        onRevoked();
      };
      emitter.on(sessionEvent, revoked);
      emitter.on(userEvent, revoked);
      return stop;
    },
  };
}

/**
 * True while the sign-in exists, is within its idle and absolute lifetimes, its account
 * is active and, for a guest, its game session has not ended more than
 * GUEST_SIGN_IN_GRACE_MS ago: one primary-key lookup. Every HTTP request (context.ts)
 * and every socket (below, and trpc.ts) asks this same question.
 */
export async function isSignInLive(db: Db, authSessionId: string, nowMs: number): Promise<boolean> {
  // Lucia stores expires_at (and we absolute_expires_at) in seconds; game session times are milliseconds.
  const seconds = Math.floor(nowMs / 1000);
  const endedBefore = nowMs - GUEST_SIGN_IN_GRACE_MS;
  // COALESCE(end_time, 0) + grace > now: a missing end time counts as 0.
  const withinGrace = endedBefore < 0 ? or(isNull(gameSessions.endTime), gt(gameSessions.endTime, endedBefore)) : gt(gameSessions.endTime, endedBefore);
  const [row] = await db
    .select({ one: authSessions.userId })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(gameSessions, eq(gameSessions.id, authSessions.gameSessionId))
    .where(
      and(
        eq(authSessions.id, hashToken(authSessionId)),
        gt(authSessions.expiresAt, seconds),
        gt(authSessions.absoluteExpiresAt, seconds),
        eq(users.accountStatus, 'active'),
        or(eq(users.isGuest, false), and(isNotNull(gameSessions.id), or(ne(gameSessions.status, 'completed'), withinGrace))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// The sockets' periodic re-check of their sign-ins: realtime/sign-in-sweep.ts (one shared sweep).
