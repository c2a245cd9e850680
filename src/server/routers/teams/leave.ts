import { TeamMembershipOutput } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { authedProcedure } from '../../trpc';
import { SessionTeamsInput, TEAM_DOOR_ERRORS, tags } from './teams.types';

/** A hunter of an open session leaves their team (an emptied team stays: the game master deletes teams). */
export const leave = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/teams/leave',
      tags,
      operationId: 'leaveTeam',
      summary: 'Leave your team (open sessions)',
      description:
        "For the session's hunters, in an open session: after the start only where the game master allows switching (409). " +
        "409 when not in a team, for a solo or assigned session or an ended one; 429 past the team changes allowed per minute.",
      errorResponses: { ...TEAM_DOOR_ERRORS, 409: 'Not in a team, team mode does not allow it, after the start, or ended', 429: 'Too many team changes' },
    },
  })
  .input(SessionTeamsInput)
  .output(TeamMembershipOutput)
  .mutation(({ ctx, input }) => teams.leaveTeam(ctx, input.id));
