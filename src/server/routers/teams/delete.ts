import * as teams from '../../services/teams';
import { ownedSessionProcedure } from '../../trpc';
import { DeleteTeamOutput, TeamInput, TEAM_DOOR_ERRORS, tags } from './teams.types';

/** The game master deletes a team: its hunters are in no team (their observations stay theirs). */
export const remove = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/game-sessions/{id}/teams/{teamId}',
      tags,
      operationId: 'deleteTeam',
      summary: 'Delete a team: its hunters are left in no team',
      description:
        "For the owning game master and admins (403 for anyone else). The team's channel goes with it. 409 once the session has ended.",
      errorResponses: { ...TEAM_DOOR_ERRORS, 403: 'Not the owning game master', 409: 'Session ended' },
    },
  })
  .input(TeamInput)
  .output(DeleteTeamOutput)
  .mutation(({ ctx, input }) => teams.deleteTeam(ctx, ctx.gameSession, input.teamId));
