// The session cookie's value in a Cookie header, as Lucia 3's readSessionCookie reads it
// (cookie.js parseCookies: items split on "; ", name and value on "=", each URI-decoded, the
// last one of a name wins; a header with an undecodable item throws), without building a Map of
// every cookie on every request: a header without '%' decodes to itself, so it cannot throw and
// needs no decoding. Written here rather than imported from Lucia's private `dist/cookie.js`
// (issue #41); session-cookie.test.ts holds it to Lucia's public readSessionCookie.
export function sessionCookieValue(header: string, name: string): string | null {
  const decode = header.includes('%') ? decodeURIComponent : (text: string) => text;
  let value: string | null = null;
  for (const item of header.split('; ')) {
    const pair = item.split('=');
    const rawName = pair[0];
    if (!rawName) continue;
    // Every item is decoded, as Lucia does: an undecodable one anywhere throws.
    const itemName = decode(rawName);
    const itemValue = decode(pair[1] ?? '');
    if (itemName === name) value = itemValue;
  }
  return value;
}
