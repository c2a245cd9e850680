import { TeamRanking } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { authedProcedure } from '../../trpc';
import { SessionTeamsInput, tags } from './teams.types';

/** The teams' ranking (decision 973), as the team_ranking event carries it. */
export const ranking = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/game-sessions/{id}/teams/ranking',
      tags,
      operationId: 'getTeamRanking',
      summary: "The teams' ranking: unique species, then observations, then darts accuracy; ties by who reached the score first",
      description:
        'Every team of the session, first first, with its score and rank (the event team_ranking carries the same after each ' +
        "observation by a team's hunter). For the owning game master, admins and the session's hunters: 401, 403, 404 otherwise.",
      errorResponses: { 401: 'Not signed in', 403: 'Not part of this session', 404: 'Session not found' },
    },
  })
  .input(SessionTeamsInput)
  .output(TeamRanking)
  .query(({ ctx, input }) => teams.teamRanking(ctx, input.id));
