// Teams as the API answers them (issue 42): the teams reads and writes (REST and tRPC) and the team_*
// events. A hunter never reads another team's code, nor any email; positions are in positions.ts.
import { z } from 'zod';
import { TEAM_MODES } from '../rules';

export const TeamModeSchema = z
  .enum(TEAM_MODES)
  .describe("solo: every hunter for themselves (today's game); open: hunters create teams and join them by the list or a code; assigned: the game master makes the teams and assigns hunters");

export const TeamMember = z.object({
  playerId: z.number().int().describe("The hunter's player id in this session"),
  userId: z.string().describe("The hunter's user id (as in positions and hunter-stats)"),
  hunterName: z.string().describe("The hunter's handle"),
});
export type TeamMember = z.infer<typeof TeamMember>;

export const TeamScore = z.object({
  uniqueSpecies: z.number().int().describe('Species the team observed at least once'),
  observations: z.number().int().describe('Successful observations'),
  dartsUsed: z.number().int().describe('Darts used by the team (one per observation attempt)'),
  accuracy: z.number().int().describe('Successful observations per dart used, in whole percent'),
  rank: z.number().int().describe('1 = first; teams equal on every part of the rule share a rank (decision 973)'),
  reachedAt: z.string().nullable().describe('When the team reached its score (ISO 8601): breaks ties, earlier first'),
});
export type TeamScore = z.infer<typeof TeamScore>;

/** A team as everyone in the session sees it: the events carry this. */
export const TeamPublic = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  name: z.string(),
  color: z.string().describe('#rrggbb: the team on maps and lists'),
  locked: z.boolean().describe('A locked team is not joined from the list: only with its code, or by the game master'),
  members: z.array(TeamMember),
  memberCount: z.number().int(),
  maxSize: z.number().int().describe("The session's max team size"),
  score: TeamScore,
});
export type TeamPublic = z.infer<typeof TeamPublic>;

/** A team as the teams read answers it: with its code for the game master and the team's own hunters. */
export const TeamOutput = TeamPublic.extend({
  code: z
    .string()
    .optional()
    .describe("The team's join code (6 characters): only for the game master and the team's own hunters"),
});
export type TeamOutput = z.infer<typeof TeamOutput>;

/** The session's team settings: its create and edit fields, and the teams read. */
export const TeamSettings = z.object({
  teamMode: TeamModeSchema,
  maxTeamSize: z.number().int().describe('Most hunters a team may hold (2 up to the session player cap)'),
  teamSwitchAfterStart: z.boolean().describe('Whether hunters may switch or leave their team once the session has started'),
});
export type TeamSettings = z.infer<typeof TeamSettings>;

export const TeamsOutput = TeamSettings.extend({
  sessionId: z.number().int(),
  teams: z.array(TeamOutput).describe('In rank order'),
  myTeamId: z.number().int().nullable().describe("The caller's team (hunters); null for none and for the game master"),
  unassigned: z.array(TeamMember).describe('Hunters of the session in no team'),
});
export type TeamsOutput = z.infer<typeof TeamsOutput>;

export const TeamRankingEntry = TeamScore.extend({
  teamId: z.number().int(),
  name: z.string(),
  color: z.string(),
  memberCount: z.number().int(),
});
export type TeamRankingEntry = z.infer<typeof TeamRankingEntry>;

export const TeamRanking = z.object({
  sessionId: z.number().int(),
  ranking: z.array(TeamRankingEntry).describe('Every team, first first'),
});
export type TeamRanking = z.infer<typeof TeamRanking>;

/** What a join, switch, leave, assignment or removal answers: the hunter's team now. */
export const TeamMembershipOutput = z.object({
  sessionId: z.number().int(),
  playerId: z.number().int(),
  teamId: z.number().int().nullable(),
  previousTeamId: z.number().int().nullable(),
});
export type TeamMembershipOutput = z.infer<typeof TeamMembershipOutput>;
