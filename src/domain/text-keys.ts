/**
 * Comparison keys for names people type: session names (joining by name) and
 * hunter handles (unique within a session). Two spellings that a person reads
 * as the same name get the same key: Unicode compatibility forms are unified
 * (NFKC: full-width letters, ligatures) and case is folded in every script
 * ('Émile' and 'ÉMILE', 'Охота' and 'охота'), not only in ASCII.
 */
export function foldKey(text: string): string {
  return text.normalize('NFKC').trim().toLocaleLowerCase('und');
}

/**
 * Characters that print nothing or steer the text: controls, format characters
 * (zero-width spaces and joiners, bidirectional overrides), private-use and
 * unassigned code points. In a handle they let one hunter pose as another
 * ('R\u200bex' reads as 'Rex').
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u;

export function hasInvisibleCharacters(text: string): boolean {
  return INVISIBLE.test(text);
}

/** A typed name as it is stored: NFKC, trimmed, runs of white space as one space. */
export function cleanName(text: string): string {
  return text.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}
