// Long-lived connections (the tRPC WebSocket and /ws) keep the identity they were
// opened with. They must not outlive it: a sign-out or a deleted account ends them
// at once (revoke / revokeUser), and whatever else ends a sign-in (expiry, a
// cascade, a disabled account) is found by a periodic check of the database.
import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import { GUEST_SIGN_IN_GRACE_MS } from '../../domain/rules';
import type { Db } from '../db/client';
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

const liveStatements = new WeakMap<
  Database.Database,
  Database.Statement<[string, number, number, number, number], unknown>
>();

/**
 * True while the sign-in exists, is within its idle and absolute lifetimes, its account
 * is active and, for a guest, its game session has not ended more than
 * GUEST_SIGN_IN_GRACE_MS ago: one primary-key lookup. Every HTTP request (context.ts)
 * and every socket (below, and trpc.ts) asks this same question.
 */
export function isSignInLive(db: Db, authSessionId: string, nowMs: number): boolean {
  let statement = liveStatements.get(db.$client);
  if (!statement) {
    // Lucia stores expires_at (and we absolute_expires_at) in seconds; game session times are milliseconds.
    statement = db.$client.prepare(
      `SELECT 1 FROM auth_sessions s JOIN users u ON u.id = s.user_id
       LEFT JOIN game_sessions g ON g.id = s.game_session_id
       WHERE s.id = ? AND s.expires_at > ? AND s.absolute_expires_at > ? AND u.account_status = 'active'
         AND (u.is_guest = 0 OR (g.id IS NOT NULL AND (g.status <> 'completed' OR COALESCE(g.end_time, 0) + ? > ?)))`,
    );
    liveStatements.set(db.$client, statement);
  }
  const seconds = Math.floor(nowMs / 1000);
  return statement.get(hashToken(authSessionId), seconds, seconds, GUEST_SIGN_IN_GRACE_MS, nowMs) !== undefined;
}

// The sockets' periodic re-check of their sign-ins: realtime/sign-in-sweep.ts (one shared sweep).
