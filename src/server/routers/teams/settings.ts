import { TeamsOutput } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { ownedSessionProcedure } from '../../trpc';
import { TEAM_DOOR_ERRORS, TeamSettingsInput, tags } from './teams.types';

/** The session's team settings after its creation (the edit of POST /game-sessions' team fields). */
export const settings = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'PUT',
      path: '/game-sessions/{id}/team-settings',
      tags,
      operationId: 'setTeamSettings',
      summary: "Change the session's team mode, max team size or switch rule",
      description:
        'Fields left out stay. teamMode only before the start (409 after; back to solo deletes the teams). maxTeamSize from 2 ' +
        "to the session's maxPlayers (400), never below a team's current size (409). teamSwitchAfterStart at any time before " +
        'the end. For the owning game master and admins; 409 once the session has ended. Answers the teams read.',
      errorResponses: { ...TEAM_DOOR_ERRORS, 403: 'Not the owning game master', 409: 'Mode after the start, size below a team, or session ended' },
    },
  })
  .input(TeamSettingsInput)
  .output(TeamsOutput)
  .mutation(({ ctx, input: { id: _id, ...edit } }) => teams.setTeamSettings(ctx, ctx.gameSession, edit));
