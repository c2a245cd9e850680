// The session cookie's value in a Cookie header, as Lucia 3's readSessionCookie reads it
// (cookie.js parseCookies: items split on "; ", name and value on "=", each URI-decoded, the
// last one of a name wins; a header with an undecodable item throws), without building a Map of
// every cookie and decoding each on every request: a header without '%' decodes to itself, so
// it cannot throw and needs no decoding. Anything with '%' goes to Lucia's own parser.
import { parseCookies } from 'lucia/dist/cookie.js';

export function sessionCookieValue(header: string, name: string): string | null {
  if (header.includes('%')) return parseCookies(header).get(name) ?? null;
  let value: string | null = null;
  for (const item of header.split('; ')) {
    const pair = item.split('=', 2);
    if (pair[0] === name) value = pair[1] ?? '';
  }
  return value;
}
