// Long-lived connections (the tRPC WebSocket and /ws) keep the identity they were
// opened with. They must not outlive it: a sign-out or a deleted account ends them
// at once (revoke / revokeUser), on every process of a cluster, and whatever else ends a
// sign-in (expiry, a cascade, a disabled account) is found by a periodic check of the database.
import { EventEmitter } from 'node:events';
import { GUEST_SIGN_IN_GRACE_MS } from '../../domain/rules';
import { SIGN_OUTS_NOTIFY_CHANNEL } from '../db/constants';
import type { Db } from '../db/client';
import { type Notifications, notify } from '../db/notifications';
import { signInIsLive } from '../db/queries/sign-ins';
import { hashToken } from './lucia';

export type SignIn = { authSessionId: string; userId: string };

/** A sign-out's notification: one sign-in (its stored id) or every sign-in of an account. */
const SESSION_PREFIX = 's:';
const USER_PREFIX = 'u:';

export type SignOuts = {
  /** One sign-in ended (logout, a guest switching game sessions). */
  revoke(authSessionId: string): void;
  /** Every sign-in of an account ended (the account was deleted). */
  revokeUser(userId: string): void;
  /** Calls `onRevoked` once when this sign-in is revoked; returns the way to stop watching. */
  watch(signIn: SignIn, onRevoked: () => void): () => void;
  /** Calls `onRevoked` once when every sign-in of this account is revoked (revokeUser); returns the way to stop watching. */
  watchUser(userId: string, onRevoked: () => void): () => void;
};

/**
 * Sign-outs reach this process's sockets at once. With `cluster` (PostgreSQL), each is also sent on
 * SIGN_OUTS_NOTIFY_CHANNEL, and those sent by every process (this one's come back: harmless, a sign-in
 * is revoked once) end the sockets here (decision 882). A sign-in is named there by its stored id
 * (the token's hash), never by its token. Revoke once the sign-in has ended in the database: a
 * notification lost with a dropped connection is made up for by the sweep that runs when the
 * connection listens again (deps.ts), which finds it ended.
 */
export function createSignOuts(
  cluster?: { db: Db; notifications: Notifications | null; onError?: (err: unknown) => void } | null,
): SignOuts {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const notifications = cluster?.notifications ?? null;
  const tellOthers = (payload: string) => {
    if (!cluster || !notifications) return;
    notify(cluster.db, SIGN_OUTS_NOTIFY_CHANNEL, payload).catch((err: unknown) => cluster.onError?.(err));
  };
  notifications?.on(SIGN_OUTS_NOTIFY_CHANNEL, (payload) => {
    if (payload.startsWith(SESSION_PREFIX)) emitter.emit(`session:${payload.slice(SESSION_PREFIX.length)}`);
    else if (payload.startsWith(USER_PREFIX)) emitter.emit(`user:${payload.slice(USER_PREFIX.length)}`);
  });
  return {
    revoke(authSessionId) {
      const stored = hashToken(authSessionId);
      emitter.emit(`session:${stored}`);
      tellOthers(SESSION_PREFIX + stored);
    },
    revokeUser(userId) {
      emitter.emit(`user:${userId}`);
      tellOthers(USER_PREFIX + userId);
    },
    watch({ authSessionId, userId }, onRevoked) {
      // One sign-in watched by either of its two events; revoked once, then no longer watched.
      const sessionEvent = `session:${hashToken(authSessionId)}`;
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
    watchUser(userId, onRevoked) {
      const userEvent = `user:${userId}`;
      const stop = () => emitter.off(userEvent, revoked);
      const revoked = () => {
        stop();
        onRevoked();
      };
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
 * One statement (db/queries/sign-ins.ts): every tRPC call on a socket asks it.
 */
export async function isSignInLive(db: Db, authSessionId: string, nowMs: number): Promise<boolean> {
  return signInIsLive(db, hashToken(authSessionId), nowMs, GUEST_SIGN_IN_GRACE_MS);
}

// The sockets' periodic re-check of their sign-ins: realtime/sign-in-sweep.ts (one shared sweep).
