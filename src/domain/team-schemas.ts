// Zod schemas of the teams area (issue 42), shared by the screens' forms and the server's inputs:
// a session's team settings (create, edit, Run again, saved layouts), team names and codes.
import { z } from 'zod';
import { positiveId } from './decimal';
import { DEFAULT_TEAM_MODE, MAX_TEAM_NAME_LENGTH, MIN_TEAM_NAME_LENGTH, MIN_TEAM_SIZE, TEAM_CODE_LENGTH, TEAM_MODES } from './rules';
import { TEAM_MESSAGES } from './teams';
import { cleanName, hasInvisibleCharacters } from './text-keys';

const teamModeMessage = `teamMode must be one of ${TEAM_MODES.join(', ')}`;

export const TeamModeField = z.enum(TEAM_MODES, { error: teamModeMessage });

/** Max team size as typed: a whole number of at least MIN_TEAM_SIZE (the server caps it to the player cap). */
export const MaxTeamSizeField = z
  .number({ error: `Max team size must be a whole number of at least ${MIN_TEAM_SIZE}` })
  .int(`Max team size must be a whole number of at least ${MIN_TEAM_SIZE}`)
  .min(MIN_TEAM_SIZE, `Max team size must be a whole number of at least ${MIN_TEAM_SIZE}`)
  .meta({ description: `Most hunters a team may hold: ${MIN_TEAM_SIZE} up to the session's maxPlayers (default 4, capped to maxPlayers)`, example: 4 });

/**
 * The team fields of a session's creation (and Run again): all optional. Left out, a session is
 * solo; a team session without maxTeamSize gets DEFAULT_MAX_TEAM_SIZE (capped to maxPlayers).
 */
export const TeamSettingsFields = z.object({
  teamMode: TeamModeField.default(DEFAULT_TEAM_MODE).meta({
    description: "solo (default: today's game), open (hunters create and join teams) or assigned (the game master makes the teams)",
    example: 'open',
  }),
  maxTeamSize: MaxTeamSizeField.optional(),
  teamSwitchAfterStart: z
    .boolean({ error: 'teamSwitchAfterStart must be true or false' })
    .default(false)
    .meta({ description: 'Whether hunters may switch or leave their team once the session has started (default false)' }),
});
export type TeamSettingsFields = z.infer<typeof TeamSettingsFields>;

/** The team settings' edit (PUT /game-sessions/{id}/team-settings): what is left out stays as it is. */
export const TeamSettingsEdit = z.object({
  teamMode: TeamModeField.optional(),
  maxTeamSize: MaxTeamSizeField.optional(),
  teamSwitchAfterStart: z.boolean({ error: 'teamSwitchAfterStart must be true or false' }).optional(),
});
export type TeamSettingsEdit = z.infer<typeof TeamSettingsEdit>;

const nameLength = z
  .string({ error: TEAM_MESSAGES.nameTooShort })
  .trim()
  .min(MIN_TEAM_NAME_LENGTH, TEAM_MESSAGES.nameTooShort)
  .max(MAX_TEAM_NAME_LENGTH, TEAM_MESSAGES.nameTooLong);

/** A team name as typed: 2-32 characters once cleaned (NFKC, single spaces), nothing invisible. The profanity filter runs on the server. */
export const TeamName = nameLength
  .refine((s) => !hasInvisibleCharacters(s), TEAM_MESSAGES.nameInvisible)
  .transform(cleanName)
  .pipe(nameLength)
  .meta({ description: `${MIN_TEAM_NAME_LENGTH}-${MAX_TEAM_NAME_LENGTH} characters, unique in the session (case and accents folded)`, example: 'Raptor Squad' });

/** A team code as typed (spaces, dashes and case ignored). */
export const TeamCode = z
  .string({ error: TEAM_MESSAGES.codeFormat })
  .trim()
  .min(1, TEAM_MESSAGES.codeFormat)
  .max(TEAM_CODE_LENGTH * 2, TEAM_MESSAGES.codeFormat)
  .meta({ description: `The team's ${TEAM_CODE_LENGTH}-character join code (case, spaces and dashes ignored)`, example: 'K7M2QX' });

export const TeamIdField = (message = 'Invalid team id') => positiveId(message);
export const PlayerIdField = (message = 'Invalid player id') => positiveId(message);
