// Zod schemas of the sessions area (creation, lifecycle, joining, deployment,
// observations), shared by the game master's and hunters' forms and the server's
// inputs, with the specification's messages. Imports only zod and the rules.
import { z } from 'zod';
import {
  DEFAULT_DURATION_MIN,
  DEFAULT_MAX_PLAYERS,
  FALLBACK_DURATION_MIN,
  MAX_DURATION_MIN,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PLAYER_OPTIONS,
  MIN_DURATION_MIN,
  MIN_SESSION_PASSWORD_LENGTH,
  SESSION_PASSWORD_KINDS,
} from './rules';
import { characterKinds } from './session-password';
import { decimalToNumber, positiveId, strictNumber } from './decimal';
import { ExpeditionFields } from './expeditions';
import { HunterHandle } from './schemas';
import { TeamSettingsFields } from './team-schemas';
import { cleanName } from './text-keys';

export const SESSION_MESSAGES = {
  nameRequired: 'Session name is required',
  passwordRequired: 'Session password is required',
  passwordTooShort: `Session password must be at least ${MIN_SESSION_PASSWORD_LENGTH} characters`,
  passwordTooSimple: 'Session password must mix letters with digits or symbols (for example amber-raptor-4821)',
  /** Server-side (the common-password list is too large for the client bundle). */
  passwordTooCommon: 'This session password is too common: choose one that is harder to guess',
  maxPlayers: 'Max players must be 10, 15, 20 or 25',
  duration: `Duration must be between ${MIN_DURATION_MIN} and ${MAX_DURATION_MIN} minutes`,
  missionInvalid: 'Invalid mission',
  scheduleInvalid: 'Scheduled start time must be a valid date and time',
  schedulePast: 'Scheduled start time cannot be in the past',
  scheduleTooFar: 'Scheduled start time must be within a year from now',
  selectSpecies: 'Select a Species First',
  speciesError: 'Species Error',
  latitude: 'Latitude must be a number between -90 and 90',
  longitude: 'Longitude must be a number between -180 and 180',
  sessionMismatch: 'sessionId does not match the session in the path',
  sessionRequired: 'Session Error',
  dinosaurRequired: 'Observation Failed: No dinosaur found to observe',
  handleTooShort: 'Hunter handle must be at least 3 characters',
  joinNameRequired: 'Session name is required',
  joinPasswordRequired: 'Session password is required',
  deploymentLimit: 'Deployment Limit Reached: Maximum 15 dinosaurs per session. Remove dinosaurs to deploy new ones.',
  joinFailed: 'Session not found or invalid password',
} as const;

const tooLong = (n: number) => `Must be at most ${n} characters`;

/** A number, or a numeric string (the spec's clients send coordinates as strings). */
const numeric = (message: string) =>
  z.preprocess(
    (v) => decimalToNumber(typeof v === 'string' ? v.trim() : v),
    z.number({ error: message }).refine(Number.isFinite, message),
  );

/** The spec's duration parsing: missing -> default 120; not numeric -> 60; otherwise 15..120 minutes. */
export function parseDuration(value: unknown, whenMissing: number | undefined = DEFAULT_DURATION_MIN): number | undefined {
  if (value === undefined || value === null || value === '') return whenMissing;
  const n = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
  return Number.isFinite(n) ? Math.trunc(n) : FALLBACK_DURATION_MIN;
}

const durationNumber = z
  .number()
  .int(SESSION_MESSAGES.duration)
  .min(MIN_DURATION_MIN, SESSION_MESSAGES.duration)
  .max(MAX_DURATION_MIN, SESSION_MESSAGES.duration);

/** Minutes, as a number or numeric string; see parseDuration. */
const durationInput = z.union([z.number(), z.string(), z.null()], { error: SESSION_MESSAGES.duration }).optional();

const createDuration = durationInput.transform((v) => parseDuration(v)).pipe(durationNumber);
const startDuration = durationInput.transform((v) => parseDuration(v, undefined)).pipe(durationNumber.optional());

const maxPlayersField = z
  .union([z.number(), z.string()], { error: SESSION_MESSAGES.maxPlayers })
  .optional()
  .transform((v) => (v === undefined || v === '' ? DEFAULT_MAX_PLAYERS : strictNumber(v)))
  .pipe(
    z
      .number({ error: SESSION_MESSAGES.maxPlayers })
      .refine((n) => (MAX_PLAYER_OPTIONS as readonly number[]).includes(n), SESSION_MESSAGES.maxPlayers),
  );

/** 'none', '' and null mean no mission (the form's 'none' option). */
const missionIdField = z
  .union([z.number(), z.string(), z.null()], { error: SESSION_MESSAGES.missionInvalid })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' || v === 'none' ? null : strictNumber(v)))
  .pipe(
    z
      .number({ error: SESSION_MESSAGES.missionInvalid })
      .int(SESSION_MESSAGES.missionInvalid)
      .positive(SESSION_MESSAGES.missionInvalid)
      .nullable(),
  );

/** A session name as typed: NFKC, single spaces (joining by name compares foldKey of it). */
const sessionNameField = (required: string) => {
  // Checked as typed (so the OpenAPI document shows the lengths) and again once cleaned.
  const length = z.string({ error: required }).trim().min(1, required).max(MAX_NAME_LENGTH, tooLong(MAX_NAME_LENGTH));
  return length.transform(cleanName).pipe(length);
};

export const CreateSessionInput = z.object({
  name: sessionNameField(SESSION_MESSAGES.nameRequired),
  password: z
    .string({ error: SESSION_MESSAGES.passwordRequired })
    .trim()
    .min(1, SESSION_MESSAGES.passwordRequired)
    .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH))
    // Refinements, not .min(): the REST contract's declared schema stays as wide as before (decision 931), the
    // description says the rule. Only once long enough is the mix checked: one message at a time.
    .refine((p) => p.length === 0 || p.length >= MIN_SESSION_PASSWORD_LENGTH, SESSION_MESSAGES.passwordTooShort)
    .refine((p) => p.length < MIN_SESSION_PASSWORD_LENGTH || characterKinds(p) >= SESSION_PASSWORD_KINDS, SESSION_MESSAGES.passwordTooSimple)
    .meta({
      description:
        `The password hunters type to join (trimmed). New passwords: at least ${MIN_SESSION_PASSWORD_LENGTH} characters mixing ` +
        'letters with digits or symbols, and not a common password (decision 931); joining still accepts older, weaker ones.',
      example: 'amber-raptor-4821',
    }),
  maxPlayers: maxPlayersField,
  duration: createDuration,
  missionId: missionIdField,
  // A public expedition (decision 835): optional, private by default; the server requires a meeting point when public.
  ...ExpeditionFields.shape,
  // Teams (issue 42): solo unless asked; the server checks maxTeamSize against maxPlayers.
  ...TeamSettingsFields.shape,
});
export type CreateSessionInput = z.infer<typeof CreateSessionInput>;
export type CreateSessionForm = z.input<typeof CreateSessionInput>;

/** A date-time as an ISO string or milliseconds since the epoch. */
const dateTimeField = z
  .union([z.string(), z.number(), z.null()], { error: SESSION_MESSAGES.scheduleInvalid })
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? null : typeof v === 'number' ? v : Date.parse(v)))
  .pipe(z.number({ error: SESSION_MESSAGES.scheduleInvalid }).refine(Number.isFinite, SESSION_MESSAGES.scheduleInvalid).nullable());

export const StartSessionBody = z.object({
  /** Missing keeps the session's duration; a non-numeric value falls back to 60. */
  duration: startDuration,
  /** Start later instead of now; must not be in the past. */
  scheduledStartTime: dateTimeField,
});
export type StartSessionBody = z.infer<typeof StartSessionBody>;



const sessionPasswordField = z
  .string({ error: SESSION_MESSAGES.joinPasswordRequired })
  .trim()
  .min(1, SESSION_MESSAGES.joinPasswordRequired)
  .max(MAX_PASSWORD_LENGTH, tooLong(MAX_PASSWORD_LENGTH));

/** Field Operations' Join Mission form: an account hunter joins by session name and password. */
export const JoinByNameInput = z.object({
  sessionName: sessionNameField(SESSION_MESSAGES.joinNameRequired),
  password: sessionPasswordField,
  /** Defaults to the account's username. */
  hunterHandle: HunterHandle.optional(),
});
export type JoinByNameInput = z.infer<typeof JoinByNameInput>;

/** POST /game-sessions/{id}/join: the password is required (never matched on the client). */
export const JoinByIdBody = z.object({
  password: sessionPasswordField,
  hunterHandle: HunterHandle.optional(),
});
export type JoinByIdBody = z.infer<typeof JoinByIdBody>;

const idField = positiveId;

export const DeployDinosaurBody = z.object({
  /** The spec's payload repeats the session id; when present it must match the path. */
  sessionId: idField(SESSION_MESSAGES.sessionMismatch).optional(),
  speciesId: idField(SESSION_MESSAGES.selectSpecies),
  latitude: numeric(SESSION_MESSAGES.latitude).pipe(
    z.number().min(-90, SESSION_MESSAGES.latitude).max(90, SESSION_MESSAGES.latitude),
  ),
  longitude: numeric(SESSION_MESSAGES.longitude).pipe(
    z.number().min(-180, SESSION_MESSAGES.longitude).max(180, SESSION_MESSAGES.longitude),
  ),
});
export type DeployDinosaurBody = z.infer<typeof DeployDinosaurBody>;

/** A dinosaur dragged to a new position on HQ's map (issue 26): the deploy body's coordinates. */
export const MoveDinosaurBody = DeployDinosaurBody.pick({ latitude: true, longitude: true });
export type MoveDinosaurBody = z.infer<typeof MoveDinosaurBody>;

export const ObservationInput = z.object({
  sessionId: idField(SESSION_MESSAGES.sessionRequired),
  dinosaurId: idField(SESSION_MESSAGES.dinosaurRequired),
  /** The client's own distance estimate: stored for comparison, never trusted. */
  distance: numeric('Distance must be a number').optional(),
  /** The client's local hunter id (hunter_{timestamp}_{random}); identity comes from the session cookie. */
  hunterId: z.string().max(200).optional(),
});
export type ObservationInput = z.infer<typeof ObservationInput>;
