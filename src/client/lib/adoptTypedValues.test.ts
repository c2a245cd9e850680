import { describe, expect, it } from 'vitest';
import { typedValues } from './adoptTypedValues';

/** A form element with named inputs holding `texts`, as querySelectorAll('input[name]') finds them. */
const formWith = (texts: Record<string, string>) =>
  ({ querySelectorAll: () => Object.entries(texts).map(([name, value]) => ({ name, value })) }) as unknown as ParentNode;

describe('typedValues (decision 923)', () => {
  it("takes the text of each named input that the form's string field does not hold yet", () => {
    const values = { username: '', password: '', firstName: 'Robin' };
    expect(typedValues(formWith({ username: 'rexy', password: 'Fossil-Trail-42', firstName: 'Robin' }), values)).toEqual([
      ['username', 'rexy'],
      ['password', 'Fossil-Trail-42'],
    ]);
  });

  it('leaves empty inputs, fields the form does not have, and fields that are not text', () => {
    const values = { username: 'kept', remember: false, tags: [] as string[] };
    expect(typedValues(formWith({ username: '', unknown: 'x', remember: 'on', tags: 'a' }), values)).toEqual([]);
  });
});
