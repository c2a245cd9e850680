import { TeamMembershipOutput } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { ownedSessionProcedure } from '../../trpc';
import { AssignHunterInput, RemoveMemberInput, TEAM_DOOR_ERRORS, tags } from './teams.types';

const GM_ERRORS = { ...TEAM_DOOR_ERRORS, 403: 'Not the owning game master', 404: 'Session, team or hunter not found' };

/** The game master puts a hunter in a team (moving them from theirs): the drag between teams at HQ. */
export const assign = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/teams/{teamId}/members',
      tags,
      operationId: 'assignTeamHunter',
      summary: 'Assign a hunter to a team (moving them from their team)',
      description:
        "For the owning game master and admins, in an open or assigned session, before or during the hunt (the switch rule " +
        'binds hunters, not the game master). 409 for a full team, a solo session or an ended one.',
      errorResponses: { ...GM_ERRORS, 409: 'Team full, already in it, solo session, or session ended' },
    },
  })
  .input(AssignHunterInput)
  .output(TeamMembershipOutput)
  .mutation(({ ctx, input }) => teams.assignHunter(ctx, ctx.gameSession, input.teamId, input.playerId));

/** The game master takes a hunter out of a team (they stay in the session, in no team). */
export const removeMember = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/game-sessions/{id}/teams/{teamId}/members/{playerId}',
      tags,
      operationId: 'removeTeamHunter',
      summary: 'Take a hunter out of a team (they stay in the session)',
      description: "For the owning game master and admins. 404 when the hunter is not in this team; 409 once the session has ended.",
      errorResponses: { ...GM_ERRORS, 409: 'Session ended' },
    },
  })
  .input(RemoveMemberInput)
  .output(TeamMembershipOutput)
  .mutation(({ ctx, input }) => teams.removeMember(ctx, ctx.gameSession, input.teamId, input.playerId));
