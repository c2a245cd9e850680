// The tRPC context, built once per request by every door: HTTP, WebSocket,
// OpenAPI (REST) and tests. Identity always comes from the session cookie.
import type { IncomingMessage } from 'node:http';
import type { Session, User } from 'lucia';
import { validateSignIn } from './auth/lucia';
import { sessionCookieValue } from './auth/session-cookie';
import type { AppDeps } from './deps';
import { faultError, setRetryAfter } from './errors';

export type Context = AppDeps & {
  user: User | null;
  authSession: Session | null;
  /** Appends a Set-Cookie header to the response, when there is one (not on WebSocket). */
  setCookie: (serialized: string) => void;
  /** Sets a response header (Retry-After on a 429), when there is a response (not on WebSocket). */
  setHeader: (name: string, value: string) => void;
  /** The client address (X-Forwarded-For only from TRUST_PROXY): the key of the sign-in and join limits. */
  ip: string;
  /** The request's Cookie header ('' when none): read only by sign-in and join attempts (the device cookie, decision 720; the hunter key, decision 740). */
  cookieHeader: string;
  /**
   * Built once for a whole WebSocket connection rather than per request: procedures
   * re-check the sign-in (src/server/auth/sign-outs.ts), which may have ended since.
   */
  longLived: boolean;
  /** The origin the request was sent to (its protocol and Host): mailed links use it when PUBLIC_URL is unset. */
  requestOrigin: string;
};

/** A Cookie header that cannot be decoded (a stray `%`, from a script) is no sign-in, not a 500. */
function readSessionId(deps: AppDeps, cookieHeader: string | undefined): string | null {
  try {
    // Lucia's readSessionCookie, without a Map of every cookie per request (session-cookie.ts).
    return sessionCookieValue(cookieHeader ?? '', deps.lucia.sessionCookieName);
  } catch {
    return null;
  }
}

type CookieSink = { header?: (name: string, value: string) => unknown };

/**
 * Fastify's client address (which honours TRUST_PROXY), kept on the raw request by an
 * onRequest hook so a WebSocket upgrade (whose context sees only the raw request) has it too.
 */
export const CLIENT_IP = Symbol('dinohunt.clientIp');
type RawWithIp = { [CLIENT_IP]?: string; socket?: { remoteAddress?: string } };

function clientIp(req: object): string {
  if ('ip' in req && typeof req.ip === 'string') return req.ip;
  const raw = req as RawWithIp;
  return raw[CLIENT_IP] ?? raw.socket?.remoteAddress ?? '';
}

export async function createContextInner(
  deps: AppDeps,
  opts: {
    cookieHeader?: string | undefined;
    setCookie?: (c: string) => void;
    setHeader?: (name: string, value: string) => void;
    ip?: string;
    longLived?: boolean;
    requestOrigin?: string;
  },
): Promise<Context> {
  const setCookie = opts.setCookie ?? (() => {});
  const setHeader = opts.setHeader ?? (() => {});
  const { user, authSession } = await signInOf(deps, opts.cookieHeader, setCookie).catch((err: unknown) => {
    // The sign-in read is the first query of every request: the database away answers 503, not 500.
    const fault = faultError(err);
    if (!fault) throw err;
    setRetryAfter(fault, setHeader);
    throw fault;
  });
  // Written out rather than `{ ...deps, ... }`: under load the spread's copy gave every context a
  // hidden class of its own (about 0.9 KB each, kept for a WebSocket's whole life, and built
  // again on every request); a literal of fixed shape shares one.
  return {
    config: deps.config,
    db: deps.db,
    lucia: deps.lucia,
    bus: deps.bus,
    signOuts: deps.signOuts,
    signInSweep: deps.signInSweep,
    lifetime: deps.lifetime,
    writeLimits: deps.writeLimits,
    authLimits: deps.authLimits,
    now: deps.now,
    log: deps.log,
    payments: deps.payments,
    readCache: deps.readCache,
    geocoder: deps.geocoder,
    leadership: deps.leadership,
    mail: deps.mail,

    files: deps.files,
    user,
    authSession,
    setCookie,
    setHeader,
    ip: opts.ip ?? '',
    cookieHeader: opts.cookieHeader ?? '',
    longLived: opts.longLived ?? false,
    requestOrigin: opts.requestOrigin ?? '',
  };
}

export type SignIn = { user: User | null; authSession: Session | null };

/**
 * The request's sign-in, validated now (every context starts here; the media routes call it alone,
 * without building a whole context). A renewed sign-in gets a fresh cookie, an ended one a blank one.
 */
export async function signInOf(deps: AppDeps, cookieHeader: string | undefined, setCookie: (c: string) => void): Promise<SignIn> {
  const sessionId = readSessionId(deps, cookieHeader);
  if (!sessionId) return { user: null, authSession: null };
  // One prepared lookup, its row cached until any write to its tables (decision 601): Lucia's idle expiry
  // and renewal plus the rest of the sign-in rule (absolute lifetime, account status, a guest's ended
  // game session), run on every request; an ended sign-in is deleted.
  const { user, session: authSession } = await validateSignIn(deps.db, sessionId, deps.now());
  if (authSession?.fresh) setCookie(deps.lucia.createSessionCookie(authSession.id).serialize());
  if (!authSession) setCookie(deps.lucia.createBlankSessionCookie().serialize());
  return { user, authSession };
}

/** `protocol://host` of the request (Fastify's protocol honours TRUST_PROXY), '' without a Host header. */
function requestOrigin(req: { headers: IncomingMessage['headers'] }): string {
  const host = req.headers.host;
  if (!host) return '';
  const protocol = 'protocol' in req && req.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${host}`;
}

/** Adapter for Fastify (HTTP and OpenAPI: `res` is the reply) and for WebSocket upgrades. */
export function contextFactory(deps: AppDeps) {
  return ({ req, res }: { req: IncomingMessage | { headers: IncomingMessage['headers']; ip?: string }; res?: unknown }) => {
    const sink = res as CookieSink | undefined;
    return createContextInner(deps, {
      cookieHeader: req.headers.cookie,
      ip: clientIp(req),
      requestOrigin: requestOrigin(req),
      setCookie: typeof sink?.header === 'function' ? (c) => sink.header?.('set-cookie', c) : undefined,
      setHeader: typeof sink?.header === 'function' ? (name, value) => sink.header?.(name, value) : undefined,
      // HTTP doors pass Fastify's reply; the WebSocket door passes the socket.
      longLived: sink !== undefined && sink !== null && typeof sink.header !== 'function',
    });
  };
}
