// Contracts of the teams router (issue 42): inputs beside the answers of domain/contracts/teams.ts.
import { z } from 'zod';
import { PlayerIdField, TeamCode, TeamName, TeamSettingsEdit } from '../../../domain/team-schemas';
import { idParam } from '../../trpc';

export const tags = ['teams'];

const session = { id: idParam('Invalid session id') };
const team = { ...session, teamId: idParam('Invalid team id') };

export const SessionTeamsInput = z.object(session);
export const CreateTeamInput = z.object({ ...session, name: TeamName });
export const JoinTeamInput = z.object({
  ...team,
  code: TeamCode.optional().describe("The team's code: needed only for a locked team"),
});
export const JoinByCodeInput = z.object({ ...session, code: TeamCode });
export const UpdateTeamInput = z.object({
  ...team,
  name: TeamName.optional(),
  locked: z.boolean({ error: 'locked must be true or false' }).optional().describe('Locked: joined only with the code or by assignment'),
});
export const TeamInput = z.object(team);
export const AssignHunterInput = z.object({ ...team, playerId: PlayerIdField().describe("The hunter's player id (teams read: members, unassigned)") });
export const RemoveMemberInput = z.object({ ...team, playerId: idParam('Invalid player id') });
export const TeamSettingsInput = TeamSettingsEdit.extend(session);

export const AutoBalanceOutput = z.object({
  sessionId: z.number().int(),
  moved: z.number().int().describe('Hunters who changed team (or got one)'),
  unplaced: z.number().int().describe('Hunters left without a team: every team is full'),
});
export const DeleteTeamOutput = z.object({ success: z.literal(true), teamId: z.number().int() });

/** The answers every team door may give besides its own. */
export const TEAM_DOOR_ERRORS = {
  400: 'Validation failed',
  401: 'Not signed in',
  403: 'Not part of this session',
  404: 'Session or team not found',
};

