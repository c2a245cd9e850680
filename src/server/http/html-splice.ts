// Assembling a page from its HTML shell (issue #48 review): with a string replacement, `String.replace` reads
// `$&`, `` $` ``, `$'` and `$1` as patterns, so a guest's handle or message or a session name carrying them
// would splice the page's own HTML into the text inserted (into first reads' JSON, for one). Every page the
// server or the build assembles goes through this, which inserts the text as it is.

/** `html` with the first match of `pattern` replaced by `insert`, taken literally (no `$` patterns). */
export function replaceLiterally(html: string, pattern: string | RegExp, insert: string): string {
  return html.replace(pattern, () => insert);
}
