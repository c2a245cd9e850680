import { describe, expect, it } from 'vitest';
import { SPECIES_MARK_MAX_CHARS } from './rules';
import { speciesInitials, speciesMarks } from './species-marks';

describe('speciesMarks', () => {
  it('keeps the usual initials when they are unique', () => {
    const marks = speciesMarks([
      { id: 1, name: 'Tyrannosaurus Rex' },
      { id: 2, name: 'Velociraptor' },
      { id: 3, name: 'Stegosaurus' },
    ]);
    expect([...marks.entries()]).toEqual([
      [1, 'TR'],
      [2, 'VE'],
      [3, 'ST'],
    ]);
  });

  it('never gives two species the same mark: not two TRs', () => {
    const marks = speciesMarks([
      { id: 2, name: 'Triceratops' },
      { id: 1, name: 'Tyrannosaurus Rex' },
    ]);
    expect(speciesInitials('Triceratops')).toBe('TR');
    expect(marks.get(1)).toBe('TYR');
    expect(marks.get(2)).toBe('TRI');
  });

  it('does not take a mark another species holds as its usual one', () => {
    const marks = speciesMarks([
      { id: 1, name: 'Tyrannosaurus Rex' },
      { id: 2, name: 'Tyrannosaurus Regina' },
      { id: 3, name: 'Tyr' },
    ]);
    expect(marks.get(3)).toBe('TY');
    expect(new Set(marks.values()).size).toBe(3);
    expect(marks.get(1)).not.toBe('TY');
  });

  it('falls back to a numbered mark when the names are alike, and answers the same in any order', () => {
    const list = [
      { id: 3, name: 'Raptor' },
      { id: 1, name: 'Raptor' },
      { id: 2, name: 'raptor' },
      { id: 4, name: '' },
      { id: 5, name: '  ' },
    ];
    const a = speciesMarks(list);
    const b = speciesMarks([...list].reverse());
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
    expect(new Set(a.values()).size).toBe(list.length);
    expect(a.get(1)).toBe('RAP');
  });

  it('keeps 60 real-looking species apart within the badge size', () => {
    const names = Array.from({ length: 60 }, (_, i) => `${['Tyranno', 'Tricera', 'Stego', 'Ptero'][i % 4]}saurus ${String.fromCharCode(65 + (i % 26))}${i}`);
    const marks = speciesMarks(names.map((name, i) => ({ id: i + 1, name })));
    expect(new Set(marks.values()).size).toBe(60);
    for (const m of marks.values()) expect([...m].length).toBeLessThanOrEqual(SPECIES_MARK_MAX_CHARS);
  });
});
