// A browser's hunter key (decision 740): a random secret in an HttpOnly cookie,
// issued when a guest joins and kept across logout (only the sign-in cookie is
// cleared then). A guest's session_players row stores sha256(`{sessionId}:{key}`),
// so the same browser may rejoin that session as the same hunter, while a stranger
// who knows the session password and reads the handle in Comms may not. The hash
// differs per session: rows of two sessions cannot be linked without the key.
import crypto from 'node:crypto';
import { Cookie } from 'lucia';
import { HUNTER_KEY_BYTES, HUNTER_KEY_MAX_AGE_S } from '../../domain/rules';
import type { Context } from '../context';
import { sessionCookieValue } from './session-cookie';

type KeyCtx = Pick<Context, 'setCookie' | 'lucia'>;

/** `__Host-` behind HTTPS, like the sign-in cookie (the browser then insists on Secure, Path=/ and no Domain). */
function cookieName(ctx: Pick<Context, 'lucia'>): { name: string; secure: boolean } {
  const secure = ctx.lucia.sessionCookieName.startsWith('__Host-');
  return { name: secure ? '__Host-dinohunt_hunter' : 'dinohunt_hunter', secure };
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** This browser's hunter key, or null (none yet, or not one we issued). */
export function readHunterKey(ctx: Pick<Context, 'cookieHeader' | 'lucia'>): string | null {
  let value: string | null;
  try {
    value = sessionCookieValue(ctx.cookieHeader, cookieName(ctx).name);
  } catch {
    return null;
  }
  return value !== null && KEY_PATTERN.test(value) ? value : null;
}

/** A new random hunter key. */
export function newHunterKey(): string {
  return crypto.randomBytes(HUNTER_KEY_BYTES).toString('base64url');
}

/** Sets (or renews, for another HUNTER_KEY_MAX_AGE_S) this browser's hunter key cookie. */
export function setHunterKey(ctx: KeyCtx, key: string): void {
  const { name, secure } = cookieName(ctx);
  ctx.setCookie(new Cookie(name, key, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: HUNTER_KEY_MAX_AGE_S }).serialize());
}

/** What a player row stores for this browser in this session. */
export function rejoinKeyOf(sessionId: number, key: string): string {
  return crypto.createHash('sha256').update(`${sessionId}:${key}`, 'utf8').digest('hex');
}

/** Constant-time: does this stored rejoin key belong to this browser's key? */
export function rejoinKeyMatches(stored: string | null, sessionId: number, key: string | null): boolean {
  if (stored === null || key === null) return false;
  const a = Buffer.from(stored, 'utf8');
  const b = Buffer.from(rejoinKeyOf(sessionId, key), 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
