// A species' short mark on map markers and icons. Two species of the catalogue never
// share a mark: 'Tyrannosaurus Rex' and 'Triceratops' would both be 'TR', so both
// take a longer mark ('TYR', 'TRI') instead of one of them winning the short one.
import { SPECIES_MARK_MAX_CHARS } from './rules';

const words = (name: string | null | undefined) => (name ?? '').trim().split(/[\s\-_.]+/u).filter(Boolean);
/** Letters by code point, so an accented or non-Latin name is not cut in half. */
const letters = (word: string | undefined) => (word ? [...word] : []);
const upper = (parts: string[]) => parts.join('').toUpperCase();

/**
 * The usual mark: the first letters of the first two words ('Tyrannosaurus Rex' -> 'TR'),
 * or the first two letters of a single word ('Velociraptor' -> 'VE'); '?' for an empty name.
 */
export function speciesInitials(name: string | null | undefined): string {
  const [first, second] = words(name);
  if (!first) return '?';
  return upper(second ? [...letters(first).slice(0, 1), ...letters(second).slice(0, 1)] : letters(first).slice(0, 2));
}

/** Longer marks to fall back on, most readable first (at most SPECIES_MARK_MAX_CHARS letters). */
function longerMarks(name: string): string[] {
  const w = words(name).map(letters);
  const [a = [], b = [], c = []] = w;
  const out = [
    upper(a.slice(0, SPECIES_MARK_MAX_CHARS)),
    upper([...a.slice(0, 1), ...b.slice(0, 2)]),
    upper([...a.slice(0, 2), ...b.slice(0, 1)]),
    upper([...a.slice(0, 1), ...b.slice(0, 1), ...c.slice(0, 1)]),
    upper([...a.slice(0, 1), ...a.slice(2, 4)]),
    upper([...a.slice(0, 1), ...b.slice(1, 3)]),
  ];
  return out.filter((m) => m.length > 0);
}

/**
 * Every species' mark, no two alike. Species whose usual mark is unique keep it; those that
 * share one each take their first longer mark nobody holds (in id order, so every screen agrees),
 * and at worst their first letter and a number ('T2').
 */
export function speciesMarks(species: ReadonlyArray<{ id: number; name: string | null | undefined }>): Map<number, string> {
  const sorted = [...species].sort((x, y) => x.id - y.id);
  const usual = new Map(sorted.map((s) => [s.id, speciesInitials(s.name)]));
  const sharing = new Map<string, number>();
  for (const mark of usual.values()) sharing.set(mark, (sharing.get(mark) ?? 0) + 1);
  const marks = new Map<number, string>();
  const taken = new Set<string>();
  for (const s of sorted) {
    const mark = usual.get(s.id)!;
    if (sharing.get(mark) === 1) {
      marks.set(s.id, mark);
      taken.add(mark);
    }
  }
  for (const s of sorted) {
    if (marks.has(s.id)) continue;
    const usualMark = usual.get(s.id)!;
    let mark = longerMarks(s.name ?? '').find((m) => m !== usualMark && !taken.has(m) && !sharing.has(m));
    for (let n = 2; !mark; n++) {
      const numbered = `${[...usualMark][0] ?? '?'}${n}`;
      if (!taken.has(numbered) && !sharing.has(numbered)) mark = numbered;
    }
    marks.set(s.id, mark);
    taken.add(mark);
  }
  return marks;
}
