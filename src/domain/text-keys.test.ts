import { describe, expect, it } from 'vitest';
import { cleanName, foldKey, hasInvisibleCharacters } from './text-keys';

describe('foldKey', () => {
  it.each([
    ['Rex', 'REX'],
    ['Émile', 'ÉMILE'],
    ['Ñandú', 'ñANDÚ'],
    ['Охота', 'ОХОТА'],
    ['Ｒｅｘ', 'rex'], // full-width letters
    ['É', 'E\u0301'], // precomposed and combining accent
    ['  Rex ', 'rex'],
  ])('gives %j and %j the same key', (a, b) => {
    expect(foldKey(a)).toBe(foldKey(b));
  });

  it('keeps different names apart', () => {
    expect(foldKey('Rex')).not.toBe(foldKey('Rax'));
    expect(foldKey('Émile')).not.toBe(foldKey('Emile'));
  });
});

describe('hasInvisibleCharacters', () => {
  it.each(['R\u200bex', 'a\nb', 'tab\there', '\u202eevil', 'joi\u200dner', 'priv\ue000ate'])('finds them in %j', (s) => {
    expect(hasInvisibleCharacters(s)).toBe(true);
  });
  it.each(['Rex', 'Émile', 'Охота', 'T-Rex_01', 'Dino Dan', '恐竜'])('passes %j', (s) => {
    expect(hasInvisibleCharacters(s)).toBe(false);
  });
});

describe('cleanName', () => {
  it('unifies forms and spaces', () => {
    expect(cleanName('  Dino\u3000  Dan ')).toBe('Dino Dan');
    expect(cleanName('E\u0301mile')).toBe('Émile');
  });
});
