/**
 * A species' short mark for icons and map markers: the first letters of its
 * first two words ('Tyrannosaurus Rex' -> 'TR'), or the first two letters of a
 * single word ('Velociraptor' -> 'VE'); '?' for an empty name. Letters are
 * taken by code point so an accented or non-Latin name is not cut in half.
 */
export function speciesInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/[\s\-_.]+/u).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const second = words[1];
  const letters = second ? [...first].slice(0, 1).concat([...second].slice(0, 1)) : [...first].slice(0, 2);
  return letters.join('').toUpperCase();
}
