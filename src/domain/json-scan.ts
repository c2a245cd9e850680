/**
 * A cheap look at a JSON text before it is parsed: its nesting depth, counted in one
 * pass over the characters (brackets inside strings, escaped quotes included, do not
 * count). It stops as soon as `maxDepth` is passed, so a megabyte of `[` costs
 * microseconds instead of a full JSON.parse. It does not validate: JSON.parse still
 * decides what is malformed.
 */
export function jsonDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}
