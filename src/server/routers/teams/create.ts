import { TeamOutput } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { authedProcedure } from '../../trpc';
import { CREATE_TEAM_EXAMPLES } from '../openapi-examples';
import { CreateTeamInput, TEAM_DOOR_ERRORS, tags } from './teams.types';

/** A hunter of an open session creates a team and joins it; the game master creates an empty team in either mode. */
export const create = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/teams',
      tags,
      operationId: 'createTeam',
      examples: CREATE_TEAM_EXAMPLES,
      summary: 'Create a team (a hunter of an open session creates and joins it; the game master creates an empty one)',
      description:
        'name: 2-32 characters, unique in the session (case and accents folded), not refused by the profanity filter. ' +
        'A hunter may create one only in an open session, and is moved into it (leaving their team, which counts as a switch). ' +
        'The answer holds the new team\'s code. 400 for a bad or refused name; 409 for a taken name, a session at 20 teams, ' +
        'a solo or assigned session (hunters), a switch after the start where not allowed, or an ended session; 429 past the ' +
        'team changes allowed per minute.',
      errorResponses: {
        ...TEAM_DOOR_ERRORS,
        409: 'Name taken, too many teams, team mode does not allow it, switch after the start, or session ended',
        429: 'Too many team changes',
      },
    },
  })
  .input(CreateTeamInput)
  .output(TeamOutput)
  .mutation(({ ctx, input }) => teams.createTeam(ctx, input.id, input.name));
