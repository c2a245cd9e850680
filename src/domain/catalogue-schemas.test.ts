import { describe, expect, it } from 'vitest';
import {
  AddCreditsFields,
  CATALOGUE_MESSAGES,
  MissionFields,
  MissionUpdateFields,
  parseCreditsPrompt,
  SpeciesFields,
} from './catalogue-schemas';

const NOT_DECIMAL = ['0x10', '0b11', '0o7', '1e2', '2E1', 'Infinity', '-Infinity', 'NaN', '5.', '1_000', '7 apples'];

describe('numbers sent as strings', () => {
  it.each([
    ['7', 7],
    [7, 7],
    [' 7 ', 7],
    ['+3', 3],
    ['0042', 42],
  ])('credits %j are accepted as %j', (credits, expected) => {
    expect(AddCreditsFields.parse({ credits })).toEqual({ credits: expected });
    expect(parseCreditsPrompt(credits)).toBe(expected);
  });

  it.each(NOT_DECIMAL)('credits "%s" are refused with the usual message', (credits) => {
    const result = AddCreditsFields.safeParse({ credits });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CATALOGUE_MESSAGES.creditsPositive);
    expect(parseCreditsPrompt(credits)).toBeNull();
  });

  it('refuses a decimal where a whole number is required, with the field message', () => {
    expect(AddCreditsFields.safeParse({ credits: '2.5' }).error?.issues[0]?.message).toBe(CATALOGUE_MESSAGES.creditsPositive);
    expect(SpeciesFields.safeParse({ name: 'X', health: '10.5' }).error?.issues[0]?.message).toBe(CATALOGUE_MESSAGES.healthRange);
  });

  it('reads plain decimals for health and capture rate, and refuses other notations', () => {
    expect(SpeciesFields.parse({ name: 'X', health: '150', captureRate: '0.25' })).toMatchObject({ health: 150, captureRate: 0.25 });
    expect(SpeciesFields.parse({ name: 'X', captureRate: '.5' })).toMatchObject({ captureRate: 0.5 });
    expect(SpeciesFields.parse({ name: 'X', health: 150, captureRate: 0.25 })).toMatchObject({ health: 150, captureRate: 0.25 });
    for (const bad of NOT_DECIMAL) {
      expect(SpeciesFields.safeParse({ name: 'X', health: bad }).error?.issues[0]?.message).toBe(CATALOGUE_MESSAGES.healthNumber);
      expect(SpeciesFields.safeParse({ name: 'X', captureRate: bad }).error?.issues[0]?.message).toBe(
        CATALOGUE_MESSAGES.captureRateNumber,
      );
    }
  });

  it('reads plain decimals for max players and duration, on create and update', () => {
    expect(MissionFields.parse({ name: 'M', maxPlayers: '12', duration: '45' })).toMatchObject({ maxPlayers: 12, duration: 45 });
    expect(MissionUpdateFields.parse({ duration: '30' })).toMatchObject({ duration: 30 });
    expect(MissionUpdateFields.parse({ duration: '' })).toMatchObject({ duration: null });
    for (const bad of ['0x10', '1e2', 'Infinity']) {
      expect(MissionFields.safeParse({ name: 'M', maxPlayers: bad }).error?.issues[0]?.message).toBe(
        CATALOGUE_MESSAGES.maxPlayersRange,
      );
      expect(MissionUpdateFields.safeParse({ duration: bad }).error?.issues[0]?.message).toBe(CATALOGUE_MESSAGES.durationRange);
    }
  });
});
