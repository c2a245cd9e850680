// OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies", decision 720):
// a browser that proved a password once carries a signed cookie naming the account (and the game
// sessions it joined), so a guessing attack on that account, or on that session's password, from
// elsewhere does not lock this browser out. Only sign-in and join attempts read it: never the
// per-request sign-in lookup (decision 601).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEVICE_COOKIE_MAX_AGE_S, DEVICE_COOKIE_SESSIONS } from '../../domain/rules';
import type { Config } from '../config';
import { sessionCookieValue } from './session-cookie';

/** `__Host-` behind HTTPS, like the session cookie (lucia.ts sessionCookieName). */
export const deviceCookieName = (secure: boolean) => (secure ? '__Host-dinohunt_device' : 'dinohunt_device');

/** What a valid device cookie says: the account that signed in on it (if any), the sessions it joined, its nonce. */
export type Device = { userId: string | null; sessionIds: number[]; nonce: string };

export type DeviceCookies = {
  readonly name: string;
  readonly secure: boolean;
  /** The cookie's device when its signature holds (not yet checked against the lockout list). */
  read(cookieHeader: string): Device | null;
  /** A Set-Cookie header carrying this device. */
  serialize(device: Device): string;
  /** A Set-Cookie header that removes the cookie (a device on the lockout list). */
  blank(): string;
};

const VERSION = 'v1';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

export const newNonce = () => crypto.randomBytes(16).toString('hex');

/**
 * The HMAC key: generated at the first start and kept beside the database file (mode 0600), so
 * device cookies survive restarts; an in-memory database (tests) gets one per process. Losing the
 * file costs nothing but the allowance of known browsers: every browser counts as unknown until its
 * next successful sign-in.
 */
export function loadDeviceSecret(config: Pick<Config, 'DATABASE_PATH'>): Buffer {
  if (config.DATABASE_PATH === ':memory:') return crypto.randomBytes(32);
  const file = path.join(path.dirname(path.resolve(config.DATABASE_PATH)), 'device-cookie.key');
  try {
    const existing = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = crypto.randomBytes(32);
  fs.writeFileSync(file, `${secret.toString('hex')}\n`, { mode: 0o600 });
  return secret;
}

export function createDeviceCookies(secret: Buffer, secure: boolean): DeviceCookies {
  const name = deviceCookieName(secure);
  const mac = (payload: string) => crypto.createHmac('sha256', secret).update(payload, 'utf8').digest('base64url');
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    name,
    secure,
    read(cookieHeader) {
      let value: string | null;
      try {
        value = sessionCookieValue(cookieHeader, name);
      } catch {
        return null; // an undecodable Cookie header is no device
      }
      if (!value) return null;
      const parts = value.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) return null;
      const [, user, sessions, nonce, signature] = parts as [string, string, string, string, string];
      const payload = `${VERSION}.${user}.${sessions}.${nonce}`;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
      const sessionIds = sessions === '' ? [] : sessions.split('_').map(Number);
      if (!sessionIds.every((id) => Number.isSafeInteger(id) && id > 0) || !/^[0-9a-f]{32}$/.test(nonce)) return null;
      return { userId: user === '' ? null : unb64(user), sessionIds, nonce };
    },
    serialize(device) {
      const sessions = device.sessionIds.slice(0, DEVICE_COOKIE_SESSIONS).join('_');
      const payload = `${VERSION}.${device.userId === null ? '' : b64(device.userId)}.${sessions}.${device.nonce}`;
      return `${name}=${payload}.${mac(payload)}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; ${attributes}`;
    },
    blank: () => `${name}=; Max-Age=0; ${attributes}`,
  };
}
