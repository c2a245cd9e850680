// Cross-site WebSocket hijacking guard: browsers send cookies with a WebSocket
// handshake whatever page opened it, and the handshake has no CORS. A socket
// opened by a page of another origin is refused on every socket door (/trpc, /ws).
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** True for non-browser clients (no Origin), this host, or PUBLIC_URL's origin. */
export function originAllowed(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser
  try {
    const url = new URL(origin);
    if (url.host === request.headers.host) return true;
    return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin === url.origin : false;
  } catch {
    return false;
  }
}
