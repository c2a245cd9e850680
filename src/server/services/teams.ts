// The team doors (issue 42): hunters create, join, switch and leave teams in an open session; the
// game master makes teams, assigns and removes hunters, balances and sets the session's team rules.
// Every change runs under the session's lock, re-reads what it decides on, and publishes its events
// (team_* of domain/contracts/events.ts) in its transaction. The rules are domain/teams.ts's.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { User } from 'lucia';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { TeamMembershipOutput, TeamOutput, TeamRanking, TeamsOutput } from '../../domain/contracts/teams';
import { MAX_TEAMS_PER_SESSION, TEAM_CODE_ALPHABET } from '../../domain/rules';
import type { TeamSettingsEdit } from '../../domain/team-schemas';
import {
  autoBalance,
  generateTeamCode,
  joinRefusal,
  nextTeamColor,
  normalizeTeamCode,
  TEAM_MESSAGES,
  teamChangeRefusal,
  teamNameKey,
} from '../../domain/teams';
import type { PublishInput } from '../event-bus';
import type { Tx } from '../db/client';
import { lockFor } from '../db/locks';
import {
  deleteTeams,
  sessionHunter,
  setHunterTeam,
  type TeamHunter,
  type TeamRow,
  teamByCode,
  teamByNameKey,
  teamOfSession,
  teamsOfSession,
  updateTeamSettings,
} from '../db/queries/teams';
import { type GameSessionRow, gameSessions, teams } from '../db/schema';
import type { AppDeps } from '../deps';
import { type AppError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors';
import { refreshSession } from './game-sessions';
import { nameFilter } from './name-filter';
import { requireSubscription } from './plan-limits';
import { requireSessionAccess, type SessionAccess } from './session-access';
import { publicTeam, rankingOf, readTeamBoard, type TeamBoard, teamsOutputFor, withCode } from './team-board';
import { withinWriteBudget } from './write-limits';

export type TeamsCtx = Pick<AppDeps, 'db' | 'bus' | 'now' | 'writeLimits'> & {
  user: User;
  setHeader?: ((name: string, value: string) => void) | undefined;
};

// --- Reads -------------------------------------------------------------------

/** GET /game-sessions/{id}/teams: the owner, admins and the session's hunters (403/404 otherwise). */
export async function listTeams(ctx: TeamsCtx, sessionId: number): Promise<TeamsOutput> {
  const access = await requireSessionAccess(ctx, sessionId);
  const board = await readTeamBoard(ctx.db, access.gameSession);
  return teamsOutputFor(board, { seesAll: access.role !== 'player', myTeamId: access.player?.teamId ?? null });
}

/** GET /game-sessions/{id}/teams/ranking. */
export async function teamRanking(ctx: TeamsCtx, sessionId: number): Promise<TeamRanking> {
  const access = await requireSessionAccess(ctx, sessionId);
  return { sessionId, ranking: rankingOf(await readTeamBoard(ctx.db, access.gameSession)) };
}

// --- What every change shares ---------------------------------------------------

/** The session's row under its lock: team changes of one session happen one at a time. */
async function lockedSession(tx: Tx, sessionId: number): Promise<GameSessionRow> {
  await lockFor(tx, 'game-session', sessionId);
  const [row] = await tx.select().from(gameSessions).where(eq(gameSessions.id, sessionId)).limit(1);
  if (!row) throw notFound('Session not found');
  return row;
}

function requireTeamsOpenFor(session: GameSessionRow, byGameMaster: boolean): void {
  if (session.teamMode === 'solo') throw conflict(TEAM_MESSAGES.solo);
  if (session.status === 'completed') throw conflict(TEAM_MESSAGES.ended);
  if (!byGameMaster && session.teamMode === 'assigned') throw conflict(TEAM_MESSAGES.assignedOnly);
}

async function requireTeam(tx: Tx, sessionId: number, teamId: number): Promise<TeamRow> {
  const team = await teamOfSession(tx, sessionId, teamId);
  if (!team) throw notFound(TEAM_MESSAGES.teamNotFound);
  return team;
}

/** The caller as a hunter of the session (the game master joins no team: 403). */
async function requireHunter(ctx: TeamsCtx, sessionId: number): Promise<Extract<SessionAccess, { role: 'player' }>> {
  const access = await requireSessionAccess(ctx, sessionId);
  if (access.role !== 'player') throw forbidden(TEAM_MESSAGES.notAHunter);
  return access;
}

/** The game master's writes need an active plan (admins pass), as every other game-master write. */
async function requireGameMasterWrite(ctx: TeamsCtx, access: SessionAccess): Promise<void> {
  if (access.role === 'owner') await requireSubscription(ctx, ctx.user);
}

/** A name everyone in the session reads: the profanity filter, then unique in the session (case and accents folded). */
async function checkTeamName(tx: Tx, sessionId: number, name: string, exceptTeamId?: number): Promise<string> {
  if (nameFilter.refuses(name)) throw badRequest(TEAM_MESSAGES.nameNotAllowed, { fieldErrors: { name: TEAM_MESSAGES.nameNotAllowed } });
  const key = teamNameKey(name);
  const clash = await teamByNameKey(tx, sessionId, key);
  if (clash && clash.id !== exceptTeamId) throw conflict(TEAM_MESSAGES.nameTaken(clash.name));
  return key;
}

/** A code no team of the session holds (codes are drawn from about 8.9e8: a clash is rare, a second draw rarer). */
async function freshCode(tx: Tx, sessionId: number): Promise<string> {
  for (;;) {
    const code = generateTeamCode(() => crypto.randomInt(TEAM_CODE_ALPHABET.length) / TEAM_CODE_ALPHABET.length);
    if (!(await teamByCode(tx, sessionId, code))) return code;
  }
}

/** A hunter's team changes within their budget (429 past it; refused changes give it back). */
function withinTeamBudget<T>(ctx: TeamsCtx, sessionId: number, change: () => Promise<T>): Promise<T> {
  return withinWriteBudget(ctx.writeLimits, 'team', `${ctx.user.id}:${sessionId}`, change, ctx.setHeader);
}

/** The events of one step of team changes, published together from the board read after them. */
class TeamEvents {
  /** In order; a created team is filled in from the board at publish time. */
  private readonly steps: (PublishInput | { createdTeamId: number })[] = [];
  /** Teams whose members, name or lock changed: team_updated each, unless created or deleted in the step. */
  private readonly touched = new Set<number>();
  private readonly gone = new Set<number>();

  constructor(
    private readonly ctx: Pick<TeamsCtx, 'bus' | 'now'>,
    private readonly sessionId: number,
  ) {}

  private base() {
    return { sessionId: this.sessionId, timestamp: this.ctx.now() };
  }

  created(teamId: number): this {
    this.steps.push({ createdTeamId: teamId });
    this.gone.add(teamId);
    return this;
  }

  updated(teamId: number | null): this {
    if (teamId !== null) this.touched.add(teamId);
    return this;
  }

  deleted(team: Pick<TeamRow, 'id' | 'name'>): this {
    this.steps.push({ sessionId: this.sessionId, type: 'team_deleted', payload: { ...this.base(), teamId: team.id, name: team.name } });
    this.gone.add(team.id);
    return this;
  }

  membership(hunter: TeamHunter, teamId: number | null): this {
    this.steps.push({
      sessionId: this.sessionId,
      type: 'team_membership',
      payload: { ...this.base(), playerId: hunter.playerId, userId: hunter.userId, hunterName: hunter.hunterName, teamId, previousTeamId: hunter.teamId },
    });
    return this.updated(hunter.teamId).updated(teamId);
  }

  settings(session: Pick<GameSessionRow, 'teamMode' | 'maxTeamSize' | 'teamSwitchAfterStart'>): this {
    const { teamMode, maxTeamSize, teamSwitchAfterStart } = session;
    this.steps.push({ sessionId: this.sessionId, type: 'team_settings', payload: { ...this.base(), teamMode, maxTeamSize, teamSwitchAfterStart } });
    return this;
  }

  /** Publishes the step in order, then team_updated for every other team touched, then (when asked) the ranking. */
  async publish(tx: Tx, board: TeamBoard, opts: { ranking: boolean }): Promise<void> {
    const events: PublishInput[] = [];
    for (const step of this.steps) {
      if (!('createdTeamId' in step)) events.push(step);
      else {
        const team = publicTeam(board, step.createdTeamId);
        if (team) events.push({ sessionId: this.sessionId, type: 'team_created', payload: { ...this.base(), team } });
      }
    }
    for (const id of this.touched) {
      const team = this.gone.has(id) ? undefined : publicTeam(board, id);
      if (team) events.push({ sessionId: this.sessionId, type: 'team_updated', payload: { ...this.base(), team } });
    }
    if (opts.ranking) events.push({ sessionId: this.sessionId, type: 'team_ranking', payload: { ...this.base(), ranking: rankingOf(board) } });
    if (events.length > 0) await this.ctx.bus.publishAll(tx, events);
  }
}

/** Moves a hunter to `teamId` (null: no team). An emptied team stays (the game master deletes teams). */
async function moveHunter(tx: Tx, hunter: TeamHunter, teamId: number | null, events: TeamEvents): Promise<void> {
  await setHunterTeam(tx, hunter.playerId, teamId);
  events.membership(hunter, teamId);
}

const membershipOut = (sessionId: number, hunter: TeamHunter, teamId: number | null): TeamMembershipOutput => ({
  sessionId,
  playerId: hunter.playerId,
  teamId,
  previousTeamId: hunter.teamId,
});

// --- Hunters' doors (open sessions) ------------------------------------------------

/** POST /game-sessions/{id}/teams: a hunter creates a team and joins it; the game master creates an empty one. */
export async function createTeam(ctx: TeamsCtx, sessionId: number, name: string): Promise<TeamOutput> {
  const access = await requireSessionAccess(ctx, sessionId);
  const byGameMaster = access.role !== 'player';
  await requireGameMasterWrite(ctx, access);
  await refreshSession(ctx, access.gameSession);
  const create = () =>
    ctx.db.transaction(async (tx) => {
      const session = await lockedSession(tx, sessionId);
      requireTeamsOpenFor(session, byGameMaster);
      const hunter = access.player ? await sessionHunter(tx, sessionId, access.player.id) : undefined;
      if (access.player && !hunter) throw forbidden('You are not part of this session');
      if (hunter) {
        const refusal = teamChangeRefusal({ ...session, mode: session.teamMode, currentTeamId: hunter.teamId });
        if (refusal) throw conflict(refusal);
      }
      const existing = await teamsOfSession(tx, sessionId);
      if (existing.length >= MAX_TEAMS_PER_SESSION) throw conflict(TEAM_MESSAGES.tooManyTeams);
      const nameKey = await checkTeamName(tx, sessionId, name);
      const [row] = await tx
        .insert(teams)
        .values({
          sessionId,
          name,
          nameKey,
          code: await freshCode(tx, sessionId),
          color: nextTeamColor(existing.map((t) => t.color)),
          createdAt: ctx.now(),
        })
        .returning();
      const events = new TeamEvents(ctx, sessionId).created(row!.id);
      if (hunter) await moveHunter(tx, hunter, row!.id, events);
      const board = await readTeamBoard(tx, session);
      await events.publish(tx, board, { ranking: true });
      return withCode(board, publicTeam(board, row!.id)!);
    });
  return byGameMaster ? create() : withinTeamBudget(ctx, sessionId, create);
}

/** A hunter joins a team (from another one: a switch). `withCode`: they gave the team's right code. */
async function joinAs(ctx: TeamsCtx, access: Extract<SessionAccess, { role: 'player' }>, teamId: number, withCode: boolean) {
  const sessionId = access.gameSession.id;
  return ctx.db.transaction(async (tx) => {
    const session = await lockedSession(tx, sessionId);
    const hunter = await sessionHunter(tx, sessionId, access.player.id);
    if (!hunter) throw forbidden('You are not part of this session');
    if (session.teamMode === 'solo') throw conflict(TEAM_MESSAGES.solo);
    const board = await readTeamBoard(tx, session);
    const row = board.rows.find((r) => r.id === teamId);
    if (!row) throw notFound(TEAM_MESSAGES.teamNotFound);
    const team = publicTeam(board, teamId)!;
    const refusal = joinRefusal({
      mode: session.teamMode,
      status: session.status,
      teamSwitchAfterStart: session.teamSwitchAfterStart,
      currentTeamId: hunter.teamId,
      team: { id: row.id, name: row.name, locked: row.locked, memberCount: team.memberCount, maxSize: session.maxTeamSize },
      withCode,
    });
    if (refusal) throw refusal === TEAM_MESSAGES.locked(row.name) ? forbidden(refusal) : conflict(refusal);
    const events = new TeamEvents(ctx, sessionId);
    await moveHunter(tx, hunter, teamId, events);
    await events.publish(tx, await readTeamBoard(tx, session), { ranking: false });
    return membershipOut(sessionId, hunter, teamId);
  });
}

/** POST /game-sessions/{id}/teams/{teamId}/join. */
export async function joinTeam(ctx: TeamsCtx, sessionId: number, teamId: number, code?: string): Promise<TeamMembershipOutput> {
  const access = await requireHunter(ctx, sessionId);
  await refreshSession(ctx, access.gameSession);
  return withinTeamBudget(ctx, sessionId, async () => {
    let withCode = false;
    if (code !== undefined) {
      const team = await codeTeam(ctx, sessionId, code);
      if (team.id !== teamId) throw await wrongCode(ctx, sessionId);
      withCode = true;
    }
    return joinAs(ctx, access, teamId, withCode);
  });
}

/** POST /game-sessions/{id}/teams/join-by-code. */
export async function joinTeamByCode(ctx: TeamsCtx, sessionId: number, code: string): Promise<TeamMembershipOutput> {
  const access = await requireHunter(ctx, sessionId);
  await refreshSession(ctx, access.gameSession);
  return withinTeamBudget(ctx, sessionId, async () => joinAs(ctx, access, (await codeTeam(ctx, sessionId, code)).id, true));
}

const guessKey = (ctx: TeamsCtx, sessionId: number) => `${ctx.user.id}:${sessionId}`;

/** The team a typed code names: 404 for a wrong one, counted; 429 once too many were wrong (even for a right one). */
async function codeTeam(ctx: TeamsCtx, sessionId: number, typed: string): Promise<TeamRow> {
  const window = await ctx.writeLimits.teamCodeGuesses.get(guessKey(ctx, sessionId));
  if (window && window.remainingPoints <= 0) throw guessesExhausted(ctx, window.msBeforeNext);
  const code = normalizeTeamCode(typed);
  if (code === null) throw badRequest(TEAM_MESSAGES.codeFormat, { fieldErrors: { code: TEAM_MESSAGES.codeFormat } });
  const team = await teamByCode(ctx.db, sessionId, code);
  if (!team) throw await wrongCode(ctx, sessionId);
  return team;
}

async function wrongCode(ctx: TeamsCtx, sessionId: number): Promise<AppError> {
  try {
    await ctx.writeLimits.teamCodeGuesses.consume(guessKey(ctx, sessionId));
  } catch (err) {
    if (err instanceof RateLimiterRes) return guessesExhausted(ctx, err.msBeforeNext);
    throw err;
  }
  return notFound(TEAM_MESSAGES.wrongCode);
}

function guessesExhausted(ctx: TeamsCtx, msBeforeNext: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  ctx.setHeader?.('retry-after', String(retryAfterSeconds));
  return tooManyRequests(TEAM_MESSAGES.guessesExhausted, { retryAfterSeconds });
}

/** POST /game-sessions/{id}/teams/leave. */
export async function leaveTeam(ctx: TeamsCtx, sessionId: number): Promise<TeamMembershipOutput> {
  const access = await requireHunter(ctx, sessionId);
  await refreshSession(ctx, access.gameSession);
  return withinTeamBudget(ctx, sessionId, () =>
    ctx.db.transaction(async (tx) => {
      const session = await lockedSession(tx, sessionId);
      const hunter = await sessionHunter(tx, sessionId, access.player.id);
      if (!hunter) throw forbidden('You are not part of this session');
      const refusal = teamChangeRefusal({ ...session, mode: session.teamMode, currentTeamId: hunter.teamId });
      if (refusal) throw conflict(refusal);
      if (hunter.teamId === null) throw conflict(TEAM_MESSAGES.notInTeam);
      const events = new TeamEvents(ctx, sessionId);
      await moveHunter(tx, hunter, null, events);
      await events.publish(tx, await readTeamBoard(tx, session), { ranking: false });
      return membershipOut(sessionId, hunter, null);
    }),
  );
}

/** PATCH /game-sessions/{id}/teams/{teamId}: the game master, or in an open session the team's own hunters. */
export async function updateTeam(
  ctx: TeamsCtx,
  sessionId: number,
  teamId: number,
  change: { name?: string | undefined; locked?: boolean | undefined },
): Promise<TeamOutput> {
  const access = await requireSessionAccess(ctx, sessionId);
  await requireGameMasterWrite(ctx, access);
  return ctx.db.transaction(async (tx) => {
    const session = await lockedSession(tx, sessionId);
    const team = await requireTeam(tx, sessionId, teamId);
    if (access.role === 'player') {
      const hunter = await sessionHunter(tx, sessionId, access.player.id);
      if (session.teamMode !== 'open' || hunter?.teamId !== teamId) throw forbidden(TEAM_MESSAGES.notYourTeam);
    }
    if (session.status === 'completed') throw conflict(TEAM_MESSAGES.ended);
    const set: Partial<TeamRow> = {};
    if (change.name !== undefined && change.name !== team.name) {
      set.nameKey = await checkTeamName(tx, sessionId, change.name, teamId);
      set.name = change.name;
    }
    if (change.locked !== undefined) set.locked = change.locked;
    if (Object.keys(set).length > 0) await tx.update(teams).set(set).where(eq(teams.id, teamId));
    const board = await readTeamBoard(tx, session);
    await new TeamEvents(ctx, sessionId).updated(teamId).publish(tx, board, { ranking: set.name !== undefined });
    return withCode(board, publicTeam(board, teamId)!);
  });
}

// --- The game master's doors ---------------------------------------------------------

/** DELETE /game-sessions/{id}/teams/{teamId}. */
export async function deleteTeam(ctx: TeamsCtx, owned: GameSessionRow, teamId: number): Promise<{ success: true; teamId: number }> {
  return ctx.db.transaction(async (tx) => {
    const session = await lockedSession(tx, owned.id);
    if (session.status === 'completed') throw conflict(TEAM_MESSAGES.ended);
    const team = await requireTeam(tx, session.id, teamId);
    const board = await readTeamBoard(tx, session);
    const events = new TeamEvents(ctx, session.id);
    for (const hunter of board.hunters.filter((h) => h.teamId === teamId)) events.membership(hunter, null);
    await deleteTeams(tx, [teamId]);
    events.deleted(team);
    await events.publish(tx, await readTeamBoard(tx, session), { ranking: true });
    return { success: true as const, teamId };
  });
}

/** POST /game-sessions/{id}/teams/{teamId}/members: the game master puts a hunter in a team. */
export async function assignHunter(ctx: TeamsCtx, owned: GameSessionRow, teamId: number, playerId: number): Promise<TeamMembershipOutput> {
  await refreshSession(ctx, owned);
  return ctx.db.transaction(async (tx) => {
    const session = await lockedSession(tx, owned.id);
    requireTeamsOpenFor(session, true);
    const team = await requireTeam(tx, session.id, teamId);
    const hunter = await sessionHunter(tx, session.id, playerId);
    if (!hunter) throw notFound(TEAM_MESSAGES.hunterNotFound);
    if (hunter.teamId === teamId) throw conflict(TEAM_MESSAGES.hunterAlreadyInTeam(hunter.hunterName, team.name));
    const board = await readTeamBoard(tx, session);
    if (publicTeam(board, teamId)!.memberCount >= session.maxTeamSize) throw conflict(TEAM_MESSAGES.full(team.name, session.maxTeamSize));
    const events = new TeamEvents(ctx, session.id);
    await moveHunter(tx, hunter, teamId, events);
    await events.publish(tx, await readTeamBoard(tx, session), { ranking: false });
    return membershipOut(session.id, hunter, teamId);
  });
}

/** DELETE /game-sessions/{id}/teams/{teamId}/members/{playerId}: the hunter stays in the session, in no team. */
export async function removeMember(ctx: TeamsCtx, owned: GameSessionRow, teamId: number, playerId: number): Promise<TeamMembershipOutput> {
  return ctx.db.transaction(async (tx) => {
    const session = await lockedSession(tx, owned.id);
    if (session.status === 'completed') throw conflict(TEAM_MESSAGES.ended);
    await requireTeam(tx, session.id, teamId);
    const hunter = await sessionHunter(tx, session.id, playerId);
    if (!hunter) throw notFound(TEAM_MESSAGES.hunterNotFound);
    if (hunter.teamId !== teamId) throw notFound(TEAM_MESSAGES.hunterNotInTeam);
    const events = new TeamEvents(ctx, session.id);
    await moveHunter(tx, hunter, null, events);
    await events.publish(tx, await readTeamBoard(tx, session), { ranking: false });
    return membershipOut(session.id, hunter, null);
  });
}

/** POST /game-sessions/{id}/teams/auto-balance (decision 975). */
export async function autoBalanceTeams(ctx: TeamsCtx, owned: GameSessionRow): Promise<{ sessionId: number; moved: number; unplaced: number }> {
  await refreshSession(ctx, owned);
  return ctx.db.transaction(async (tx) => {
    const session = await lockedSession(tx, owned.id);
    requireTeamsOpenFor(session, true);
    const board = await readTeamBoard(tx, session);
    if (board.rows.length === 0) throw conflict(TEAM_MESSAGES.noTeams);
    const moves = autoBalance(
      board.rows.map((r) => ({ teamId: r.id, maxSize: session.maxTeamSize, members: board.hunters.filter((h) => h.teamId === r.id).map((h) => h.playerId) })),
      board.hunters.filter((h) => h.teamId === null).map((h) => h.playerId),
    );
    const events = new TeamEvents(ctx, session.id);
    for (const move of moves) {
      const hunter = board.hunters.find((h) => h.playerId === move.playerId)!;
      await moveHunter(tx, hunter, move.teamId, events);
    }
    await events.publish(tx, await readTeamBoard(tx, session), { ranking: false });
    const placed = new Set(moves.map((m) => m.playerId));
    return { sessionId: session.id, moved: moves.length, unplaced: board.hunters.filter((h) => h.teamId === null && !placed.has(h.playerId)).length };
  });
}

/** PUT /game-sessions/{id}/team-settings: the edit of the session's team fields. */
export async function setTeamSettings(ctx: TeamsCtx, owned: GameSessionRow, edit: TeamSettingsEdit): Promise<TeamsOutput> {
  await refreshSession(ctx, owned);
  return ctx.db.transaction(async (tx) => {
    const session = await lockedSession(tx, owned.id);
    const after = await writeTeamSettings(ctx, tx, session, edit);
    return teamsOutputFor(after, { seesAll: true, myTeamId: null });
  });
}

/**
 * Writes the session's team settings (the edit, and a saved layout applied) under its lock, with
 * team_settings and what follows from it: back to solo, the teams go (their hunters in none).
 */
export async function writeTeamSettings(
  ctx: Pick<TeamsCtx, 'bus' | 'now'>,
  tx: Tx,
  session: GameSessionRow,
  edit: TeamSettingsEdit,
): Promise<TeamBoard> {
  if (session.status === 'completed') throw conflict(TEAM_MESSAGES.ended);
  const next = {
    teamMode: edit.teamMode ?? session.teamMode,
    maxTeamSize: edit.maxTeamSize ?? session.maxTeamSize,
    teamSwitchAfterStart: edit.teamSwitchAfterStart ?? session.teamSwitchAfterStart,
  };
  if (next.teamMode !== session.teamMode && session.status !== 'preparing') throw conflict(TEAM_MESSAGES.modeAfterStart);
  if (next.maxTeamSize > session.maxPlayers) {
    const message = TEAM_MESSAGES.maxTeamSizeRange(session.maxPlayers);
    throw badRequest(message, { fieldErrors: { maxTeamSize: message } });
  }
  const board = await readTeamBoard(tx, session);
  const crowded = board.teams.find((t) => t.memberCount > next.maxTeamSize);
  if (crowded) throw conflict(TEAM_MESSAGES.maxTeamSizeBelowMembers(crowded.name, crowded.memberCount));
  const events = new TeamEvents(ctx, session.id);
  if (next.teamMode === 'solo' && board.rows.length > 0) {
    for (const hunter of board.hunters.filter((h) => h.teamId !== null)) events.membership(hunter, null);
    await deleteTeams(
      tx,
      board.rows.map((r) => r.id),
    );
    for (const row of board.rows) events.deleted(row);
  }
  await updateTeamSettings(tx, session.id, next);
  const updated = { ...session, ...next };
  events.settings(updated);
  // A new size limit shows on every team.
  if (next.maxTeamSize !== session.maxTeamSize) for (const row of board.rows) events.updated(row.id);
  const after = await readTeamBoard(tx, updated);
  await events.publish(tx, after, { ranking: false });
  return after;
}

/** The teams' ranking after an observation by a team's hunter (in its transaction): team_ranking, to everyone. */
export async function publishTeamRanking(ctx: Pick<TeamsCtx, 'bus' | 'now'>, tx: Tx, session: GameSessionRow): Promise<void> {
  await new TeamEvents(ctx, session.id).publish(tx, await readTeamBoard(tx, session), { ranking: true });
}

/**
 * A hunter leaves the session's teams with the session (the game master removed them, decision 836):
 * in the removal's transaction, with its team_membership and team_updated events.
 */
export async function dropFromTeam(
  ctx: Pick<TeamsCtx, 'bus' | 'now'>,
  tx: Tx,
  session: GameSessionRow,
  hunter: TeamHunter,
): Promise<void> {
  if (hunter.teamId === null) return;
  const events = new TeamEvents(ctx, session.id);
  await setHunterTeam(tx, hunter.playerId, null);
  events.membership(hunter, null);
  await events.publish(tx, await readTeamBoard(tx, session), { ranking: false });
}

