import { TeamMembershipOutput } from '../../../domain/contracts/teams';
import * as teams from '../../services/teams';
import { authedProcedure } from '../../trpc';
import { JOIN_TEAM_EXAMPLES } from '../openapi-examples';
import { JoinByCodeInput, JoinTeamInput, TEAM_DOOR_ERRORS, tags } from './teams.types';

const JOIN_ERRORS = {
  ...TEAM_DOOR_ERRORS,
  403: 'Not a hunter of this session, or the team is locked (join it with its code)',
  404: 'Session or team not found, or no team has this code',
  409: 'Team full, already in it, team mode does not allow it, switch after the start, or session ended',
  429: 'Too many team changes, or too many wrong codes',
};

/** A hunter of an open session joins a team from the list (a locked one with its code); from another team, a switch. */
export const join = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/teams/{teamId}/join',
      tags,
      operationId: 'joinTeam',
      examples: JOIN_TEAM_EXAMPLES,
      summary: 'Join a team of an open session (or switch to it)',
      description:
        "For the session's hunters, in an open session. A locked team needs its code (403 without it, 404 for a wrong one). " +
        'From another team it is a switch: after the start only where the game master allowed it (409). 409 for a full ' +
        'team, a solo or assigned session, or an ended one; 429 past the team changes allowed per minute or too many wrong codes.',
      errorResponses: JOIN_ERRORS,
    },
  })
  .input(JoinTeamInput)
  .output(TeamMembershipOutput)
  .mutation(({ ctx, input }) => teams.joinTeam(ctx, input.id, input.teamId, input.code));

/** A hunter of an open session joins the team whose code they were given (locked or not). */
export const joinByCode = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/game-sessions/{id}/teams/join-by-code',
      tags,
      operationId: 'joinTeamByCode',
      summary: "Join the team whose code a teammate gave (case, spaces and dashes ignored)",
      description:
        "For the session's hunters, in an open session. 404 'No team of this session has this code' for a wrong code (too many " +
        'wrong codes: 429), and the refusals of joining a team otherwise (full, switch after the start, mode, ended).',
      errorResponses: JOIN_ERRORS,
    },
  })
  .input(JoinByCodeInput)
  .output(TeamMembershipOutput)
  .mutation(({ ctx, input }) => teams.joinTeamByCode(ctx, input.id, input.code));
