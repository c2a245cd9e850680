// Throttling of everything that checks a password: sign-in, registration and the
// three join doors. It lives in the procedures (tRPC middleware + these helpers),
// not in URL matching, so REST (any case, trailing slash), tRPC HTTP, a batch of
// many calls in one request and the tRPC WebSocket all count the same way.
//  - per client address: AUTH_RATE_LIMIT attempts a minute, every call counted;
//  - per account: ACCOUNT_LOCK_FAILURES failed sign-ins lock its password sign-in for unknown
//    browsers; a browser with a valid device cookie for the account (decision 720) has its own
//    allowance of DEVICE_LOCK_FAILURES instead, and past it its cookie goes on the lockout list;
//  - per game session and address: SESSION_JOIN_LOCK_FAILURES wrong passwords lock joining it from
//    that address; per game session from all addresses: SESSION_JOIN_SESSION_LOCK_FAILURES lock it for
//    every address; per signed-in account: SESSION_JOIN_ACCOUNT_LOCK_FAILURES wrong session passwords
//    (any session, any address) lock its joining (decision 930). A browser known to the session (its
//    owner, a member, a device cookie that joined it before) is held by none of these locks.
// Counted where the store says (rate-limit-store.ts): this process's memory on SQLite (a restart
// forgets the counts), the database on PostgreSQL, where every process shares them (decision 885).
import { RateLimiterRes } from 'rate-limiter-flexible';
import {
  ACCOUNT_LOCK_FAILURES,
  ACCOUNT_LOCK_WINDOW_S,
  AUTH_ATTEMPT_WINDOW_S,
  DEVICE_COOKIE_MAX_AGE_S,
  DEVICE_COOKIE_SESSIONS,
  DEVICE_LOCK_FAILURES,
  DEVICE_LOCK_WINDOW_S,
  SESSION_JOIN_ACCOUNT_LOCK_FAILURES,
  SESSION_JOIN_LOCK_FAILURES,
  SESSION_JOIN_LOCK_WINDOW_S,
  SESSION_JOIN_SESSION_LOCK_FAILURES,
} from '../../domain/rules';
import { DEVICE_LOCKOUT_LIST_MAX } from './limits';
import { createDeviceCookies, type Device, type DeviceCookies, loadDeviceSecret, newNonce } from '../auth/device-cookie';
import type { Session, User } from 'lucia';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { tooManyRequests } from '../errors';
import { addToWindow, readWindow } from '../db/rate-limits';
import { type Limiter, MEMORY_RATE_LIMITS, type RateLimitStore, type SharedCounts } from './rate-limit-store';
import { findPlayer } from './session-access';

export type AuthLimits = {
  address: Limiter;
  accountFailures: Limiter;
  /** Wrong session passwords per session and address. */
  joinFailures: Limiter;
  /** Wrong session passwords per session, all addresses together (decision 930). */
  sessionJoinFailures: Limiter;
  /** Wrong session passwords per signed-in account, all sessions and addresses (decision 930). */
  accountJoinFailures: Limiter;
  /** Failed sign-ins per device cookie (its nonce). */
  deviceFailures: Limiter;
  /** Device cookies that failed too often, until the cookie's own end at the latest. */
  lockedDevices: DeviceLockouts;
  devices: DeviceCookies;
};

export function createAuthLimits(
  config: Pick<Config, 'AUTH_RATE_LIMIT' | 'DATABASE_PATH' | 'PUBLIC_URL'>,
  store: RateLimitStore = MEMORY_RATE_LIMITS,
): AuthLimits {
  const secure = config.PUBLIC_URL?.startsWith('https://') ?? false;
  return {
    deviceFailures: store.window({
      keyPrefix: 'device-failures',
      points: DEVICE_LOCK_FAILURES,
      duration: DEVICE_LOCK_WINDOW_S,
    }),
    lockedDevices: store.shared ? new SharedDeviceLockouts(store.shared) : new MemoryDeviceLockouts(),
    devices: createDeviceCookies(loadDeviceSecret(config), secure),
    address: store.window({ keyPrefix: 'auth', points: config.AUTH_RATE_LIMIT, duration: AUTH_ATTEMPT_WINDOW_S }),
    accountFailures: store.window({
      keyPrefix: 'account-failures',
      points: ACCOUNT_LOCK_FAILURES,
      duration: ACCOUNT_LOCK_WINDOW_S,
    }),
    joinFailures: store.window({
      keyPrefix: 'join-failures',
      points: SESSION_JOIN_LOCK_FAILURES,
      duration: SESSION_JOIN_LOCK_WINDOW_S,
    }),
    sessionJoinFailures: store.window({
      keyPrefix: 'session-join-failures',
      points: SESSION_JOIN_SESSION_LOCK_FAILURES,
      duration: SESSION_JOIN_LOCK_WINDOW_S,
    }),
    accountJoinFailures: store.window({
      keyPrefix: 'account-join-failures',
      points: SESSION_JOIN_ACCOUNT_LOCK_FAILURES,
      duration: SESSION_JOIN_LOCK_WINDOW_S,
    }),
  };
}

/** The device-cookie lockout list (decision 720): the nonces of cookies that failed too often. */
export interface DeviceLockouts {
  isLocked(nonce: string, now: number): boolean | Promise<boolean>;
  lock(nonce: string, until: number, now: number): void | Promise<void>;
}

/** In this process: nonce -> when the entry may go, DEVICE_LOCKOUT_LIST_MAX at most (the oldest goes first). */
export class MemoryDeviceLockouts implements DeviceLockouts {
  private readonly until = new Map<string, number>();

  isLocked(nonce: string, now: number): boolean {
    const until = this.until.get(nonce);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(nonce);
    return false;
  }

  lock(nonce: string, until: number): void {
    if (this.until.size >= DEVICE_LOCKOUT_LIST_MAX) this.until.delete(this.until.keys().next().value as string);
    this.until.set(nonce, until);
  }
}

/** In the database on PostgreSQL (decision 885): a row per locked cookie, swept once its end has passed. */
export class SharedDeviceLockouts implements DeviceLockouts {
  private readonly local = new MemoryDeviceLockouts();

  constructor(private readonly counts: SharedCounts) {}

  isLocked(nonce: string, now: number): Promise<boolean> {
    const key = `locked-device:${nonce}`;
    return this.counts.run(
      key,
      async (db) => (await readWindow(db, key, now)) !== null,
      () => this.local.isLocked(nonce, now),
    );
  }

  async lock(nonce: string, until: number, now: number): Promise<void> {
    // Also here: while the database cannot answer, isLocked falls back to this list.
    this.local.lock(nonce, until);
    const key = `locked-device:${nonce}`;
    await this.counts.run(key, (db) => addToWindow(db, key, 1, until - now, now), () => undefined);
  }
}

export const LIMIT_MESSAGES = {
  attempts: 'Too many attempts. Please wait a minute and try again.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-ins for this account. Password sign-in is locked: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  sessionLocked: (minutes: number) =>
    `Too many wrong passwords for this session. Joining it is locked: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  accountJoinLocked: (minutes: number) =>
    `Too many wrong session passwords from this account. Joining a session you have not joined before is locked: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

type HeaderSink = { setHeader: (name: string, value: string) => void };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** Counts one attempt for this address; 429 (with Retry-After) past AUTH_RATE_LIMIT a minute. */
export async function takeAddressAttempt(limits: AuthLimits, ctx: HeaderSink & { ip: string }): Promise<void> {
  try {
    await limits.address.consume(ctx.ip || 'unknown');
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) throw err;
    ctx.setHeader('retry-after', String(seconds(err.msBeforeNext)));
    throw tooManyRequests(LIMIT_MESSAGES.attempts);
  }
}

/**
 * 429 when any of `keys` has used up its failures: the lock holds even for the right
 * password, until the window of its first failure has passed.
 */
async function refuseWhenLocked(
  limiter: Limiter,
  keys: string[],
  ctx: HeaderSink,
  message: (minutes: number) => string,
): Promise<void> {
  let waitMs = 0;
  for (const key of keys) {
    const res = await limiter.get(key);
    if (res && res.consumedPoints >= limiter.points) waitMs = Math.max(waitMs, res.msBeforeNext);
  }
  if (waitMs <= 0) return;
  const retryAfterSeconds = seconds(waitMs);
  ctx.setHeader('retry-after', String(retryAfterSeconds));
  throw tooManyRequests(message(Math.ceil(retryAfterSeconds / 60)), { retryAfterSeconds });
}

async function countFailure(limiter: Limiter, keys: string[]): Promise<void> {
  for (const key of keys) {
    // Past the limit consume() rejects; the count is what matters here.
    await limiter.consume(key).catch((err) => {
      if (!(err instanceof RateLimiterRes)) throw err;
    });
  }
}

/** The key of one account's failures: its id when it exists, otherwise the identifier as typed (folded). */
export const accountKey = (userId: string | undefined, identifier: string) =>
  userId ? `user:${userId}` : `unknown:${identifier.trim().toLowerCase()}`;

export const accountFailures = {
  refuseWhenLocked: (limits: AuthLimits, key: string, ctx: HeaderSink) =>
    refuseWhenLocked(limits.accountFailures, [key], ctx, LIMIT_MESSAGES.accountLocked),
  count: (limits: AuthLimits, key: string) => countFailure(limits.accountFailures, [key]),
  clear: (limits: AuthLimits, key: string) => limits.accountFailures.delete(key).then(() => undefined),
};

// --- Device cookies (decision 720): read only by sign-in and join attempts ---

// The request fields these checks read (a context.ts Context has them; named here so that this module,
// which deps.ts imports, does not import context.ts back).
type DeviceCtx = { authLimits: AuthLimits; setCookie: (serialized: string) => void; now: () => number; cookieHeader: string };

/** The browser's device cookie when it is valid and not on the lockout list. */
async function currentDevice(ctx: DeviceCtx): Promise<Device | null> {
  const device = ctx.authLimits.devices.read(ctx.cookieHeader);
  if (!device) return null;
  return (await ctx.authLimits.lockedDevices.isLocked(device.nonce, ctx.now())) ? null : device;
}

/** A known browser for this account: a valid, unlocked device cookie naming it. */
export async function knownDevice(ctx: DeviceCtx, userId: string): Promise<Device | null> {
  const device = await currentDevice(ctx);
  return device?.userId === userId ? device : null;
}

const deviceKey = (device: Device) => `device:${device.nonce}`;

export const deviceFailures = {
  /**
   * Counts a failed sign-in against this device's own allowance; the failure that uses it up puts
   * the cookie on the lockout list (from then on the browser is unknown, under the account's lock)
   * and removes it from the browser.
   */
  async count(ctx: DeviceCtx, device: Device): Promise<void> {
    const limits = ctx.authLimits;
    const res = await limits.deviceFailures.consume(deviceKey(device)).catch((err) => {
      if (err instanceof RateLimiterRes) return err;
      throw err;
    });
    if (res.consumedPoints < limits.deviceFailures.points) return;
    const now = ctx.now();
    await limits.lockedDevices.lock(device.nonce, now + DEVICE_COOKIE_MAX_AGE_S * 1000, now);
    await limits.deviceFailures.delete(deviceKey(device));
    ctx.setCookie(limits.devices.blank());
  },
  clear: (ctx: DeviceCtx, device: Device) => ctx.authLimits.deviceFailures.delete(deviceKey(device)).then(() => undefined),
};

/** After a successful sign-in: a new device cookie for this account (a new nonce), keeping the sessions it joined. */
export async function issueSignInDevice(ctx: DeviceCtx, userId: string): Promise<void> {
  const previous = await currentDevice(ctx);
  ctx.setCookie(ctx.authLimits.devices.serialize({ userId, sessionIds: previous?.sessionIds ?? [], nonce: newNonce() }));
}

/** After a right session password: the device cookie remembers the session (newest first). */
async function rememberJoin(ctx: DeviceCtx, sessionIds: number[]): Promise<void> {
  const previous = await currentDevice(ctx);
  const kept = (previous?.sessionIds ?? []).filter((id) => !sessionIds.includes(id));
  ctx.setCookie(
    ctx.authLimits.devices.serialize({
      userId: previous?.userId ?? null,
      sessionIds: [...sessionIds, ...kept].slice(0, DEVICE_COOKIE_SESSIONS),
      nonce: previous?.nonce ?? newNonce(),
    }),
  );
}

// --- Joining: per game session and address ---

type JoinLimitCtx = DeviceCtx & HeaderSink & { ip: string; db: Db; user: User | null; authSession: Session | null };

/** What a join attempt aims at: a session (when it exists) or what was typed (an id or a name key). */
export type JoinTarget = { key: string; session?: { id: number; ownerId: string } };

/**
 * A browser that may join this session whatever a guesser did at its address: the session's own
 * game master (signed in, or a device cookie of that account), a member (a guest bound to it, a
 * hunter account on its list), or a device cookie that joined it before.
 */
async function knownToSession(
  ctx: JoinLimitCtx,
  device: Device | null,
  session: NonNullable<JoinTarget['session']>,
): Promise<boolean> {
  if (ctx.user?.id === session.ownerId || device?.userId === session.ownerId) return true;
  if (device?.sessionIds.includes(session.id)) return true;
  if (!ctx.user) return false;
  if (ctx.user.isGuest) return ctx.authSession?.gameSessionId === session.id;
  return (await findPlayer(ctx.db, session.id, ctx.user.id)) !== undefined;
}

/** One lock a join attempt is under: its limiter, its keys and the message of its 429. */
type JoinLock = { limiter: Limiter; keys: string[]; message: (minutes: number) => string };

/**
 * The locks of the targets this browser is not known to: each session (or typed key) with the address,
 * each session from every address, and the signed-in account (decision 930). None when it is known to all.
 */
async function joinLocks(ctx: JoinLimitCtx, targets: JoinTarget[]): Promise<JoinLock[]> {
  const device = await currentDevice(ctx);
  const unknown: string[] = [];
  for (const t of targets) {
    if (!t.session || !(await knownToSession(ctx, device, t.session))) unknown.push(t.key);
  }
  if (unknown.length === 0) return [];
  const limits = ctx.authLimits;
  const address = ctx.ip || 'unknown';
  const locks: JoinLock[] = [
    { limiter: limits.joinFailures, keys: unknown.map((key) => `${key}@${address}`), message: LIMIT_MESSAGES.sessionLocked },
    { limiter: limits.sessionJoinFailures, keys: unknown, message: LIMIT_MESSAGES.sessionLocked },
  ];
  // A guest's user is new at each join: only an account is the same guesser from one attempt to the next.
  if (ctx.user && !ctx.user.isGuest) {
    locks.unshift({ limiter: limits.accountJoinFailures, keys: [`user:${ctx.user.id}`], message: LIMIT_MESSAGES.accountJoinLocked });
  }
  return locks;
}

export const joinFailures = {
  refuseWhenLocked: async (ctx: JoinLimitCtx, targets: JoinTarget[]) => {
    for (const lock of await joinLocks(ctx, targets)) await refuseWhenLocked(lock.limiter, lock.keys, ctx, lock.message);
  },
  count: async (ctx: JoinLimitCtx, targets: JoinTarget[]) => {
    for (const lock of await joinLocks(ctx, targets)) await countFailure(lock.limiter, lock.keys);
  },
  /** The password was right for these sessions: this browser is known to them from now on. */
  succeeded: (ctx: JoinLimitCtx, sessionIds: number[]) => rememberJoin(ctx, sessionIds),
};
