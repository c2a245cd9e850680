// The session cookie's value in a Cookie header, as Lucia 3's readSessionCookie reads it
// (cookie.js parseCookies: items split on "; ", name and value on "=", each URI-decoded, the
// last one of a name wins; a header with an undecodable item throws), without building a Map of
// every cookie on every request: a header without '%' decodes to itself, so it cannot throw and
// needs no decoding. Written here rather than imported from Lucia's private `dist/cookie.js`
// (issue #41); session-cookie.test.ts holds it to Lucia's public readSessionCookie.
export function sessionCookieValue(header: string, name: string): string | null {
  if (!header.includes('%')) return plainCookieValue(header, name);
  const decode = decodeURIComponent;
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

/**
 * sessionCookieValue of a header without '%' (every request's): the same items, found in place instead of split
 * into arrays. An item is the text between '; 's; it is the cookie's when it is `name` alone (value '') or starts
 * with `name=` (value: up to the item's next '=', as Lucia's split reads it); the last one wins.
 */
function plainCookieValue(header: string, name: string): string | null {
  let value: string | null = null;
  for (let start = 0; start <= header.length; ) {
    let end = header.indexOf('; ', start);
    if (end === -1) end = header.length;
    if (name !== '' && header.startsWith(name, start)) {
      const after = start + name.length;
      if (after === end) value = '';
      else if (header.charCodeAt(after) === 61 /* = */) {
        const nextEquals = header.indexOf('=', after + 1);
        value = header.slice(after + 1, nextEquals === -1 || nextEquals > end ? end : nextEquals);
      }
    }
    start = end + 2;
  }
  return value;
}
