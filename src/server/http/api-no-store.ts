// The API's answers are never stored by a browser or a proxy (issue #48 review): they carry one user's data
// (`/api/game-sessions/{id}` with its password for the owner, `/api/auth/user`, every `/trpc` read), and an
// error is no more worth keeping. `Cache-Control: no-store` on every `/api` and `/trpc` answer, errors and
// refusals included; a route that sets its own (downloads, /readyz) keeps it. Uploads, pages and assets have
// their own caching (uploads.ts, app.ts) and are not under these prefixes. The API's documentation page
// (`/api/docs`, its script and style files) is not the API's data and keeps its plugin's caching.
import type { UrlHeaders } from './security-headers';

export const API_CACHE_CONTROL = 'no-store';

/** `/api`, `/api/...`, `/api?...`, and the same for `/trpc`; not `/api/docs`, nor `/apis` or `/trpcx`. */
export function isApiUrl(url: string): boolean {
  for (const prefix of ['/api', '/trpc']) {
    if (!url.startsWith(prefix)) continue;
    const next = url.charAt(prefix.length);
    if (next !== '' && next !== '/' && next !== '?') return false;
    return prefix !== '/api' || !(url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?'));
  }
  return false;
}

/**
 * `Cache-Control: no-store` for API URLs, set by the security headers' own hook (security-headers.ts: one hook,
 * one headers call a request), which is installed before the hooks that may answer early (414, 403 Origin, 405),
 * so their answers carry it too.
 */
export const API_NO_STORE: UrlHeaders = { applies: isApiUrl, headers: { 'cache-control': API_CACHE_CONTROL } };
