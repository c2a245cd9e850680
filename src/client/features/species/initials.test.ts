import { describe, expect, it } from 'vitest';
import { speciesInitials } from './initials';

describe('speciesInitials', () => {
  it('takes the first letters of two words', () => {
    expect(speciesInitials('Tyrannosaurus Rex')).toBe('TR');
    expect(speciesInitials('  stegosaurus   stenops extra ')).toBe('SS');
  });
  it('takes two letters of a single word', () => {
    expect(speciesInitials('Velociraptor')).toBe('VE');
    expect(speciesInitials('T')).toBe('T');
  });
  it('splits on hyphens and keeps whole code points', () => {
    expect(speciesInitials('Ankylo-saurus')).toBe('AS');
    expect(speciesInitials('𝒜bc')).toBe('𝒜B');
  });
  it('answers ? for an empty or missing name', () => {
    expect(speciesInitials('')).toBe('?');
    expect(speciesInitials('   ')).toBe('?');
    expect(speciesInitials(null)).toBe('?');
  });
});
