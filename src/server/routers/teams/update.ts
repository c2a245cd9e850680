import { TeamOutput } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { authedProcedure } from '../../trpc';
import { TEAM_DOOR_ERRORS, tags, UpdateTeamInput } from './teams.types';

/** Rename, lock or unlock a team: the game master, or (open sessions) the team's own hunters. */
export const update = authedProcedure
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/game-sessions/{id}/teams/{teamId}',
      tags,
      operationId: 'updateTeam',
      summary: 'Rename a team, or lock or unlock it',
      description:
        "For the owning game master and admins, and in an open session for the team's own hunters (403 for anyone else, " +
        "another team's hunters included). name as on creation (400 bad or refused, 409 taken); locked: a locked team is " +
        'joined only with its code or by assignment. 409 once the session has ended.',
      errorResponses: { ...TEAM_DOOR_ERRORS, 403: "Not the game master nor one of the team's hunters", 409: 'Name taken, or session ended' },
    },
  })
  .input(UpdateTeamInput)
  .output(TeamOutput)
  .mutation(({ ctx, input: { id, teamId, ...change } }) => teams.updateTeam(ctx, id, teamId, change));
