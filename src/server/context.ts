// The tRPC context, built once per request by every door: HTTP, WebSocket,
// OpenAPI (REST) and tests. Identity always comes from the session cookie.
import type { IncomingMessage } from 'node:http';
import type { Session, User } from 'lucia';
import type { AppDeps } from './deps';

export type Context = AppDeps & {
  user: User | null;
  authSession: Session | null;
  /** Appends a Set-Cookie header to the response, when there is one (not on WebSocket). */
  setCookie: (serialized: string) => void;
  ip: string;
  /**
   * Built once for a whole WebSocket connection rather than per request: procedures
   * re-check the sign-in (src/server/auth/sign-outs.ts), which may have ended since.
   */
  longLived: boolean;
};

/** A Cookie header that cannot be decoded (a stray `%`, from a script) is no sign-in, not a 500. */
function readSessionId(deps: AppDeps, cookieHeader: string | undefined): string | null {
  try {
    return deps.lucia.readSessionCookie(cookieHeader ?? '');
  } catch {
    return null;
  }
}

type CookieSink = { header?: (name: string, value: string) => unknown };

export async function createContextInner(
  deps: AppDeps,
  opts: { cookieHeader?: string | undefined; setCookie?: (c: string) => void; ip?: string; longLived?: boolean },
): Promise<Context> {
  const setCookie = opts.setCookie ?? (() => {});
  const sessionId = readSessionId(deps, opts.cookieHeader);
  let user: User | null = null;
  let authSession: Session | null = null;
  if (sessionId) {
    const result = await deps.lucia.validateSession(sessionId);
    user = result.user;
    authSession = result.session;
    if (result.session?.fresh) setCookie(deps.lucia.createSessionCookie(result.session.id).serialize());
    if (!result.session) setCookie(deps.lucia.createBlankSessionCookie().serialize());
  }
  return { ...deps, user, authSession, setCookie, ip: opts.ip ?? '', longLived: opts.longLived ?? false };
}

/** Adapter for Fastify (HTTP and OpenAPI: `res` is the reply) and for WebSocket upgrades. */
export function contextFactory(deps: AppDeps) {
  return ({ req, res }: { req: IncomingMessage | { headers: IncomingMessage['headers']; ip?: string }; res?: unknown }) => {
    const sink = res as CookieSink | undefined;
    return createContextInner(deps, {
      cookieHeader: req.headers.cookie,
      ip: ('ip' in req && typeof req.ip === 'string' ? req.ip : undefined) ?? '',
      setCookie: typeof sink?.header === 'function' ? (c) => sink.header?.('set-cookie', c) : undefined,
      // HTTP doors pass Fastify's reply; the WebSocket door passes the socket.
      longLived: sink !== undefined && sink !== null && typeof sink.header !== 'function',
    });
  };
}
