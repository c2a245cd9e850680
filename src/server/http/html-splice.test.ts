import { describe, expect, it } from 'vitest';
import { replaceLiterally } from './html-splice';

describe('replaceLiterally', () => {
  it("inserts `$'`, `` $` ``, `$&`, `$$` and `$1` as they are, for a string and a pattern", () => {
    const shell = '<head></head><body></body>';
    const text = "$' $` $& $$ $1 $<name>";
    expect(replaceLiterally(shell, '</head>', `${text}</head>`)).toBe(`<head>${text}</head><body></body>`);
    expect(replaceLiterally(shell, /<\/head>/, `${text}</head>`)).toBe(`<head>${text}</head><body></body>`);
    // Only the first match, as String.replace with a string pattern.
    expect(replaceLiterally('a-a', 'a', '$&$&')).toBe('$&$&-a');
    // What it guards against: the plain replacement expands them.
    expect(shell.replace('</head>', "$'</head>")).not.toContain("$'");
  });
});
