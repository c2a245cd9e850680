// Teams (issue 42). Contract commit: the procedures answer 'not implemented' until the next commit.
import type { User } from 'lucia';
import type { TeamMembershipOutput, TeamOutput, TeamRanking, TeamsOutput } from '../../domain/contracts/teams';
import type { TeamSettingsEdit } from '../../domain/team-schemas';
import type { AppDeps } from '../deps';
import type { GameSessionRow } from '../db/schema';
import { AppError } from '../errors';

export type TeamsCtx = Pick<AppDeps, 'db' | 'bus' | 'now'> & { user: User };

const notYet = (): never => {
  throw new AppError(503, 'Teams are not implemented yet');
};

export async function listTeams(_ctx: TeamsCtx, _sessionId: number): Promise<TeamsOutput> {
  return notYet();
}
export async function teamRanking(_ctx: TeamsCtx, _sessionId: number): Promise<TeamRanking> {
  return notYet();
}
export async function createTeam(_ctx: TeamsCtx, _sessionId: number, _name: string): Promise<TeamOutput> {
  return notYet();
}
export async function joinTeam(_ctx: TeamsCtx, _sessionId: number, _teamId: number, _code?: string): Promise<TeamMembershipOutput> {
  return notYet();
}
export async function joinTeamByCode(_ctx: TeamsCtx, _sessionId: number, _code: string): Promise<TeamMembershipOutput> {
  return notYet();
}
export async function leaveTeam(_ctx: TeamsCtx, _sessionId: number): Promise<TeamMembershipOutput> {
  return notYet();
}
export async function updateTeam(
  _ctx: TeamsCtx,
  _sessionId: number,
  _teamId: number,
  _change: { name?: string | undefined; locked?: boolean | undefined },
): Promise<TeamOutput> {
  return notYet();
}
export async function deleteTeam(_ctx: TeamsCtx, _session: GameSessionRow, _teamId: number): Promise<{ success: true; teamId: number }> {
  return notYet();
}
export async function assignHunter(_ctx: TeamsCtx, _session: GameSessionRow, _teamId: number, _playerId: number): Promise<TeamMembershipOutput> {
  return notYet();
}
export async function removeMember(_ctx: TeamsCtx, _session: GameSessionRow, _teamId: number, _playerId: number): Promise<TeamMembershipOutput> {
  return notYet();
}
export async function autoBalanceTeams(_ctx: TeamsCtx, _session: GameSessionRow): Promise<{ sessionId: number; moved: number; unplaced: number }> {
  return notYet();
}
export async function setTeamSettings(_ctx: TeamsCtx, _session: GameSessionRow, _edit: TeamSettingsEdit): Promise<TeamsOutput> {
  return notYet();
}
