import { TeamsOutput } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { authedProcedure } from '../../trpc';
import { TEAMS_LIST_EXAMPLES } from '../openapi-examples';
import { SessionTeamsInput, tags } from './teams.types';

/** The session's teams as the caller may see them (the codes: the game master's and the caller's own team's). */
export const list = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/game-sessions/{id}/teams',
      tags,
      operationId: 'listSessionTeams',
      examples: TEAMS_LIST_EXAMPLES,
      summary: "The session's team mode, its teams in rank order with members and scores, and the caller's team",
      description:
        'For the owning game master, admins and the hunters of the session. Every team shows its name, colour, members ' +
        '(handles), size and score; a team\'s join code only to the game master and to that team\'s own hunters. ' +
        'A solo session answers teamMode solo and no teams. 401 without a sign-in, 403 with no part in the session, 404 for an unknown session.',
      errorResponses: { 401: 'Not signed in', 403: 'Not part of this session', 404: 'Session not found' },
    },
  })
  .input(SessionTeamsInput)
  .output(TeamsOutput)
  .query(({ ctx, input }) => teams.listTeams(ctx, input.id));
