import { describe, expect, it } from 'vitest';
import {
  AddCreditsFields,
  CATALOGUE_MESSAGES,
  captureRateToPercent,
  OBSERVATION_RATE_MESSAGES,
  percentToCaptureRate,
  SpeciesAdminFormSchema,
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

describe('the admin form: observation rate as a percentage (issue 23)', () => {
  it('converts captureRate to a percentage and back without drift', () => {
    expect(captureRateToPercent(0.5)).toBe(50);
    expect(captureRateToPercent(0.123)).toBe(12.3);
    expect(percentToCaptureRate(55)).toBe(0.55);
    expect(percentToCaptureRate(12.3)).toBe(0.123);
    for (const p of [0, 5, 33.3, 70, 100]) expect(captureRateToPercent(percentToCaptureRate(p))).toBe(p);
  });
  it('accepts 0 to 100 % and says so otherwise', () => {
    const base = { name: 'Rex', health: 100 };
    expect(SpeciesAdminFormSchema.safeParse({ ...base, observationRate: 75 }).success).toBe(true);
    const over = SpeciesAdminFormSchema.safeParse({ ...base, observationRate: 150 });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe(OBSERVATION_RATE_MESSAGES.range);
    const missing = SpeciesAdminFormSchema.safeParse({ ...base, observationRate: '' });
    expect(missing.error?.issues[0]?.message).toBe(OBSERVATION_RATE_MESSAGES.required);
  });
});
