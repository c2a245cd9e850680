/**
 * A cheap look at a JSON text before it is parsed: is it nested deeper than `maxDepth`?
 * Brackets inside strings (escaped quotes included) do not count. It does not validate:
 * JSON.parse still decides what is malformed.
 *
 * Two steps, both stopping early: a text with at most `maxDepth` opening brackets in all
 * (almost every real body) cannot be too deep, which native `indexOf` scans settle; only
 * a text with more brackets is walked (strings skipped with `indexOf`), and the walk
 * stops at the first bracket too deep. So a
 * megabyte of `[` costs microseconds instead of a full JSON.parse.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let opens = 0;
  for (const bracket of ['[', '{']) {
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1)) {
      if (++opens > maxDepth) return walk(text, maxDepth);
    }
  }
  return false;
}

/** Index of the quote that closes the string whose opening quote is at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  for (let q = text.indexOf('"', open + 1); q !== -1; q = text.indexOf('"', q + 1)) {
    // Escaped when an odd number of backslashes precede it.
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return q;
  }
  return -1;
}

function walk(text: string, maxDepth: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = closingQuote(text, i); // strings are skipped natively
      if (i === -1) return false; // unterminated: JSON.parse will refuse it
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}
