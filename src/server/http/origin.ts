// Cross-site request guard, one rule for every door. Browsers send cookies with a
// WebSocket handshake whatever page opened it (no CORS there), and SameSite=Lax still
// lets a sibling subdomain (same site, other origin) post forms and multipart uploads.
// So sockets (/trpc, /ws) and every state-changing HTTP request (anything but GET, HEAD,
// OPTIONS: tRPC mutations, REST, multipart uploads) from a page of another origin are
// refused.
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * True for this host or PUBLIC_URL's origin. Without an Origin header, Sec-Fetch-Site
 * decides (a browser's 'same-origin' or 'none' pass, 'same-site' and 'cross-site' do
 * not); with neither, the client is not a browser (curl, the Stripe webhook) and passes.
 */
export function originAllowed(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  }
  try {
    const url = new URL(origin);
    if (url.host === request.headers.host) return true;
    return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin === url.origin : false;
  } catch {
    return false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the request changes state (needs originAllowed). */
export const changesState = (request: FastifyRequest) => !SAFE_METHODS.has(request.method);
