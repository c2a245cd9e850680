// Zod schemas for the admin catalogue (species, missions, credits), shared by the
// admin forms and the server. Multipart bodies arrive as strings, so every field
// accepts a string or a number and an empty string means "not given".
import { z } from 'zod';
import { decimalToNumber } from './decimal';
import {
  DIET_TYPES,
  LOCOMOTION_TYPES,
  MAX_CREDITS_GRANT,
  MAX_MISSION_DURATION_MIN,
  MAX_MISSION_MAX_PLAYERS,
  MAX_MISSION_OBJECTIVES,
  MAX_OBJECTIVE_LENGTH,
  MAX_SPECIES_HEALTH,
  MAX_CATALOGUE_NAME_LENGTH,
  MAX_CATALOGUE_TEXT_LENGTH,
  MAX_CATALOGUE_SHORT_TEXT_LENGTH,
  MISSION_DIFFICULTIES,
  RARITIES,
} from './rules';

export const CATALOGUE_MESSAGES = {
  nameRequired: 'Name is required',
  healthRequired: 'Health is required',
  healthNumber: 'Health must be a number',
  healthRange: `Health must be a whole number between 1 and ${MAX_SPECIES_HEALTH}`,
  captureRateRequired: 'Capture rate is required',
  captureRateNumber: 'Capture rate must be a number',
  captureRateRange: 'Capture rate must be between 0 and 1',
  rarity: `Rarity must be one of ${RARITIES.join(', ')}`,
  diet: `Diet must be one of ${DIET_TYPES.join(', ')}`,
  locomotion: `Locomotion must be one of ${LOCOMOTION_TYPES.join(', ')}`,
  maxPlayersRequired: 'Max players is required',
  maxPlayersRange: `Max players must be a whole number between 1 and ${MAX_MISSION_MAX_PLAYERS}`,
  difficulty: `Difficulty must be one of ${MISSION_DIFFICULTIES.join(', ')}`,
  durationRange: `Duration must be a whole number of minutes between 1 and ${MAX_MISSION_DURATION_MIN}`,
  objectives: `At most ${MAX_MISSION_OBJECTIVES} objectives of ${MAX_OBJECTIVE_LENGTH} characters each`,
  creditsPositive: 'Credits must be a positive whole number',
  creditsTooMany: `At most ${MAX_CREDITS_GRANT} credits can be added at once`,
} as const;

/** Where a species' fossils were found: a sentence or two. */
const MAX_CATALOGUE_SHORT_FACT_LENGTH = 400;

const tooLong = (n: number) => `Must be at most ${n} characters`;

/** '' and null become undefined; strings are trimmed. */
const blankToUndefined = (v: unknown) => {
  if (v === null) return undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : t;
  }
  return v;
};

/** A number sent as a number or a numeric string; anything else is left for the schema to refuse. */
const toNumber = (v: unknown) => decimalToNumber(blankToUndefined(v));

/** On update, a field sent blank clears the stored value (null); a field not sent is kept. */
const blankToNull = (v: unknown) => {
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? null : t;
  }
  return v;
};

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().max(max, tooLong(max)).optional());
const clearableText = (max: number) =>
  z.preprocess(blankToNull, z.string().max(max, tooLong(max)).nullable().optional());

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => lower(blankToUndefined(v)), z.enum(values, { error: message }).optional());
const clearableEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => lower(blankToNull(v)), z.enum(values, { error: message }).nullable().optional());

// --- Species ---

export const SpeciesFields = z.object({
  name: z.preprocess(
    blankToUndefined,
    z
      .string({ error: CATALOGUE_MESSAGES.nameRequired })
      .max(MAX_CATALOGUE_NAME_LENGTH, tooLong(MAX_CATALOGUE_NAME_LENGTH)),
  ),
  scientificName: optionalText(MAX_CATALOGUE_NAME_LENGTH),
  description: optionalText(MAX_CATALOGUE_TEXT_LENGTH),
  rarity: optionalEnum(RARITIES, CATALOGUE_MESSAGES.rarity),
  dietType: optionalEnum(DIET_TYPES, CATALOGUE_MESSAGES.diet),
  locomotionType: optionalEnum(LOCOMOTION_TYPES, CATALOGUE_MESSAGES.locomotion),
  length: optionalText(MAX_CATALOGUE_SHORT_TEXT_LENGTH),
  weight: optionalText(MAX_CATALOGUE_SHORT_TEXT_LENGTH),
  /** Knowledge facts (issue #44): the geological period, and where its fossils were found. */
  period: optionalText(MAX_CATALOGUE_NAME_LENGTH),
  fossilSites: optionalText(MAX_CATALOGUE_SHORT_FACT_LENGTH),
  /** Absent means the default (100) on create and "unchanged" on update. */
  health: z.preprocess(
    toNumber,
    z
      .number({ error: CATALOGUE_MESSAGES.healthNumber })
      .int(CATALOGUE_MESSAGES.healthRange)
      .min(1, CATALOGUE_MESSAGES.healthRange)
      .max(MAX_SPECIES_HEALTH, CATALOGUE_MESSAGES.healthRange)
      .optional(),
  ),
  /** Absent means the default (0.5) on create and "unchanged" on update. */
  captureRate: z.preprocess(
    toNumber,
    z
      .number({ error: CATALOGUE_MESSAGES.captureRateNumber })
      .min(0, CATALOGUE_MESSAGES.captureRateRange)
      .max(1, CATALOGUE_MESSAGES.captureRateRange)
      .optional(),
  ),
});
export type SpeciesFields = z.output<typeof SpeciesFields>;

/** The admin form's name for captureRate: the 'Observation rate' hunters see, as a percentage (issue 23). */
export const OBSERVATION_RATE_MESSAGES = {
  required: 'Observation rate is required',
  number: 'Observation rate must be a number',
  range: 'Observation rate must be between 0 and 100%',
} as const;

/** captureRate (0-1, what the API stores) as the percentage the admin form shows, to 0.1 %. */
export const captureRateToPercent = (rate: number): number => Math.round(rate * 1000) / 10;
/** The admin form's percentage back to the stored captureRate (0-1). */
export const percentToCaptureRate = (percent: number): number => Math.round(percent * 10) / 1000;

/** The admin form: as the API, but health and captureRate must be filled in (the spec's form rule). */
export const SpeciesFormSchema = SpeciesFields.extend({
  health: z.preprocess(
    toNumber,
    z
      .number({ error: (i) => (i.input === undefined ? CATALOGUE_MESSAGES.healthRequired : CATALOGUE_MESSAGES.healthNumber) })
      .int(CATALOGUE_MESSAGES.healthRange)
      .min(1, CATALOGUE_MESSAGES.healthRange)
      .max(MAX_SPECIES_HEALTH, CATALOGUE_MESSAGES.healthRange),
  ),
  captureRate: z.preprocess(
    toNumber,
    z
      .number({
        error: (i) => (i.input === undefined ? CATALOGUE_MESSAGES.captureRateRequired : CATALOGUE_MESSAGES.captureRateNumber),
      })
      .min(0, CATALOGUE_MESSAGES.captureRateRange)
      .max(1, CATALOGUE_MESSAGES.captureRateRange),
  ),
});

/**
 * Update: every field optional. A field that is sent replaces the stored value;
 * an optional text or choice sent blank clears it; health, captureRate and name
 * sent blank are kept.
 */
export const SpeciesUpdateFields = SpeciesFields.extend({
  name: z.preprocess(
    blankToUndefined,
    z
      .string({ error: CATALOGUE_MESSAGES.nameRequired })
      .max(MAX_CATALOGUE_NAME_LENGTH, tooLong(MAX_CATALOGUE_NAME_LENGTH))
      .optional(),
  ),
  scientificName: clearableText(MAX_CATALOGUE_NAME_LENGTH),
  description: clearableText(MAX_CATALOGUE_TEXT_LENGTH),
  rarity: clearableEnum(RARITIES, CATALOGUE_MESSAGES.rarity),
  dietType: clearableEnum(DIET_TYPES, CATALOGUE_MESSAGES.diet),
  locomotionType: clearableEnum(LOCOMOTION_TYPES, CATALOGUE_MESSAGES.locomotion),
  length: clearableText(MAX_CATALOGUE_SHORT_TEXT_LENGTH),
  weight: clearableText(MAX_CATALOGUE_SHORT_TEXT_LENGTH),
  period: clearableText(MAX_CATALOGUE_NAME_LENGTH),
  fossilSites: clearableText(MAX_CATALOGUE_SHORT_FACT_LENGTH),
});
export type SpeciesUpdateFields = z.output<typeof SpeciesUpdateFields>;

// --- Missions ---

/** Objectives: an array, a JSON array string, or newline-separated text. Blank lines are dropped. */
export function parseObjectives(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  const list: unknown[] = [];
  const add = (v: unknown) => {
    if (typeof v !== 'string') {
      list.push(v);
      return;
    }
    const t = v.trim();
    if (t.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(t);
        if (Array.isArray(parsed)) {
          list.push(...parsed.map((x) => (typeof x === 'string' ? x.trim() : x)));
          return;
        }
      } catch {
        // Not JSON: treat as text.
      }
    }
    list.push(...t.split(/\r?\n/).map((line) => line.trim()));
  };
  if (Array.isArray(value)) value.forEach(add);
  else add(value);
  return list.filter((x) => x !== '');
}

const Objectives = z.preprocess(
  parseObjectives,
  z
    .array(z.string({ error: CATALOGUE_MESSAGES.objectives }).max(MAX_OBJECTIVE_LENGTH, CATALOGUE_MESSAGES.objectives), {
      error: CATALOGUE_MESSAGES.objectives,
    })
    .max(MAX_MISSION_OBJECTIVES, CATALOGUE_MESSAGES.objectives)
    .optional(),
);

const MaxPlayers = z
  .number({ error: CATALOGUE_MESSAGES.maxPlayersRange })
  .int(CATALOGUE_MESSAGES.maxPlayersRange)
  .min(1, CATALOGUE_MESSAGES.maxPlayersRange)
  .max(MAX_MISSION_MAX_PLAYERS, CATALOGUE_MESSAGES.maxPlayersRange);

const Duration = z
  .number({ error: CATALOGUE_MESSAGES.durationRange })
  .int(CATALOGUE_MESSAGES.durationRange)
  .min(1, CATALOGUE_MESSAGES.durationRange)
  .max(MAX_MISSION_DURATION_MIN, CATALOGUE_MESSAGES.durationRange);

export const MissionFields = z.object({
  name: z.preprocess(
    blankToUndefined,
    z
      .string({ error: CATALOGUE_MESSAGES.nameRequired })
      .max(MAX_CATALOGUE_NAME_LENGTH, tooLong(MAX_CATALOGUE_NAME_LENGTH)),
  ),
  description: optionalText(MAX_CATALOGUE_TEXT_LENGTH),
  difficulty: optionalEnum(MISSION_DIFFICULTIES, CATALOGUE_MESSAGES.difficulty),
  /** Minutes; optional. */
  duration: z.preprocess(toNumber, Duration.optional()),
  /** Absent means the default (20) on create and "unchanged" on update. */
  maxPlayers: z.preprocess(toNumber, MaxPlayers.optional()),
  objectives: Objectives,
});
export type MissionFields = z.output<typeof MissionFields>;

/** The admin form: as the API, but maxPlayers must be filled in (the spec's form rule). */
export const MissionFormSchema = MissionFields.extend({
  maxPlayers: z.preprocess(
    toNumber,
    z
      .number({
        error: (i) => (i.input === undefined ? CATALOGUE_MESSAGES.maxPlayersRequired : CATALOGUE_MESSAGES.maxPlayersRange),
      })
      .int(CATALOGUE_MESSAGES.maxPlayersRange)
      .min(1, CATALOGUE_MESSAGES.maxPlayersRange)
      .max(MAX_MISSION_MAX_PLAYERS, CATALOGUE_MESSAGES.maxPlayersRange),
  ),
});

/** Update: as for species, blank clears description, difficulty and duration; name and maxPlayers are kept. */
export const MissionUpdateFields = MissionFields.extend({
  name: z.preprocess(
    blankToUndefined,
    z
      .string({ error: CATALOGUE_MESSAGES.nameRequired })
      .max(MAX_CATALOGUE_NAME_LENGTH, tooLong(MAX_CATALOGUE_NAME_LENGTH))
      .optional(),
  ),
  description: clearableText(MAX_CATALOGUE_TEXT_LENGTH),
  difficulty: clearableEnum(MISSION_DIFFICULTIES, CATALOGUE_MESSAGES.difficulty),
  duration: z.preprocess((v) => decimalToNumber(blankToNull(v)), Duration.nullable().optional()),
});
export type MissionUpdateFields = z.output<typeof MissionUpdateFields>;

// --- Credits ---

export const AddCreditsFields = z.object({
  credits: z.preprocess(
    toNumber,
    z
      .number({ error: CATALOGUE_MESSAGES.creditsPositive })
      .int(CATALOGUE_MESSAGES.creditsPositive)
      .positive(CATALOGUE_MESSAGES.creditsPositive)
      .max(MAX_CREDITS_GRANT, CATALOGUE_MESSAGES.creditsTooMany),
  ),
});

/** The admin's numeric prompt: only a positive whole number acts; anything else does nothing. */
export function parseCreditsPrompt(value: unknown): number | null {
  const parsed = AddCreditsFields.shape.credits.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The admin species form as it is shown: the observation rate as a percentage (0-100),
 * sent as captureRate (0-1). The REST fields are unchanged.
 */
export const SpeciesAdminFormSchema = SpeciesFormSchema.omit({ captureRate: true }).extend({
  observationRate: z.preprocess(
    toNumber,
    z
      .number({
        error: (i) => (i.input === undefined ? OBSERVATION_RATE_MESSAGES.required : OBSERVATION_RATE_MESSAGES.number),
      })
      .min(0, OBSERVATION_RATE_MESSAGES.range)
      .max(100, OBSERVATION_RATE_MESSAGES.range),
  ),
});
