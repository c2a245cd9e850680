import * as teams from '../../services/teams';
import { ownedSessionProcedure } from '../../trpc';
import { AutoBalanceOutput, SessionTeamsInput, TEAM_DOOR_ERRORS, tags } from './teams.types';

/** The game master's auto-balance (decision 975). */
export const autoBalance = ownedSessionProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/teams/auto-balance',
      tags,
      operationId: 'autoBalanceTeams',
      summary: 'Put every hunter without a team in the smallest team, then even the teams out',
      description:
        'Hunters without a team join the smallest team with room; then hunters move from the largest team to the smallest ' +
        'until no two differ by more than one, the latest joined first (decision 975). For the owning game master and admins; ' +
        '409 without teams, in a solo session, or once it has ended.',
      errorResponses: { ...TEAM_DOOR_ERRORS, 403: 'Not the owning game master', 409: 'No teams, solo session, or session ended' },
    },
  })
  .input(SessionTeamsInput)
  .output(AutoBalanceOutput)
  .mutation(({ ctx }) => teams.autoBalanceTeams(ctx, ctx.gameSession));
