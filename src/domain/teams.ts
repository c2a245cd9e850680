// Teams' pure rules (issue 42): team names and codes, who may join or switch, the team score and
// ranking (decision 973) and the game master's auto-balance. Imports only the rules and text keys,
// so the server and the screens decide alike.
import {
  DEFAULT_MAX_TEAM_SIZE,
  MAX_TEAM_NAME_LENGTH,
  MAX_TEAMS_PER_SESSION,
  MIN_TEAM_NAME_LENGTH,
  TEAM_CODE_ALPHABET,
  TEAM_CODE_LENGTH,
  TEAM_COLORS,
  type TEAM_MODES,
} from './rules';
import { foldKey } from './text-keys';

export type TeamMode = (typeof TEAM_MODES)[number];

/** Every refusal of the team doors, in the words the caller reads. */
export const TEAM_MESSAGES = {
  nameTooShort: `Team name must be at least ${MIN_TEAM_NAME_LENGTH} characters`,
  nameTooLong: `Team name must be at most ${MAX_TEAM_NAME_LENGTH} characters`,
  nameInvisible: 'Team name must not contain invisible characters',
  nameNotAllowed: 'Choose another team name: this one is not allowed',
  handleNotAllowed: 'Choose another hunter handle: this one is not allowed',
  nameTaken: (name: string) => `A team named "${name}" already exists in this session`,
  tooManyTeams: `A session has at most ${MAX_TEAMS_PER_SESSION} teams`,
  solo: 'This session is played solo: it has no teams',
  assignedOnly: 'In this session the game master assigns the teams',
  full: (name: string, max: number) => `Team "${name}" is full (${max} of ${max} hunters)`,
  locked: (name: string) => `Team "${name}" is locked: ask one of its hunters for the team code`,
  wrongCode: 'No team of this session has this code',
  codeFormat: `A team code is ${TEAM_CODE_LENGTH} letters and digits`,
  switchAfterStart: 'Switching teams after the start is not allowed in this session',
  alreadyInTeam: (name: string) => `You are already in team "${name}"`,
  notInTeam: 'You are not in a team',
  notYourTeam: 'Only the hunters of this team and the game master may change it',
  teamNotFound: 'Team not found',
  hunterNotFound: 'Hunter not found in this session',
  hunterNotInTeam: 'This hunter is not in this team',
  ended: 'The session has ended: its teams can no longer change',
  modeAfterStart: 'The team mode can only change before the session starts',
  maxTeamSizeRange: (max: number) => `Max team size must be a whole number from 2 to ${max} (the session's player cap)`,
  maxTeamSizeBelowMembers: (name: string, members: number) =>
    `Team "${name}" already has ${members} hunters: the max team size cannot be smaller`,
  guessesExhausted: 'Too many wrong team codes: try again later',
  tooManyChanges: 'Too many team changes: try again in a minute',
  hunterAlreadyInTeam: (hunter: string, team: string) => `${hunter} is already in team "${team}"`,
  noTeams: 'Create teams first: there is no team to balance',
  notAHunter: "Only the session's hunters join teams: the game master assigns them",
} as const;

/**
 * The max team size a session keeps: the one asked for (at most the player cap), or DEFAULT_MAX_TEAM_SIZE
 * capped to the player cap. A string: the refusal of a size above the cap.
 */
export function resolveMaxTeamSize(requested: number | undefined, maxPlayers: number): number | string {
  if (requested === undefined) return Math.min(DEFAULT_MAX_TEAM_SIZE, maxPlayers);
  return requested > maxPlayers ? TEAM_MESSAGES.maxTeamSizeRange(maxPlayers) : requested;
}

/** Two names a person reads as the same get the same key (case, Unicode forms and accents folded). */
export function teamNameKey(name: string): string {
  return foldKey(name).normalize('NFD').replace(/\p{M}/gu, '');
}

/** A new team code from a source of uniform numbers in [0, 1) (the server passes a cryptographic one). */
export function generateTeamCode(random: () => number): string {
  let code = '';
  for (let i = 0; i < TEAM_CODE_LENGTH; i++) code += TEAM_CODE_ALPHABET[Math.floor(random() * TEAM_CODE_ALPHABET.length)];
  return code;
}

/**
 * A code as typed, in its stored form: capitals, spaces and dashes dropped, and the letters people
 * confuse read as the code's own (O as 0 is not in the alphabet: O and 0 never appear, I/L never).
 * null when it cannot be a code.
 */
export function normalizeTeamCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== TEAM_CODE_LENGTH) return null;
  for (const ch of code) if (!TEAM_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The first colour no team of the session wears yet (the list's order), or the least worn when all are. */
export function nextTeamColor(worn: readonly string[]): string {
  const free = TEAM_COLORS.find((c) => !worn.includes(c));
  if (free) return free;
  const counts = TEAM_COLORS.map((c) => worn.filter((w) => w === c).length);
  return TEAM_COLORS[counts.indexOf(Math.min(...counts))]!;
}

/** What a team has scored (decision 973). */
export type TeamTally = {
  teamId: number;
  /** Species the team observed at least once. */
  uniqueSpecies: number;
  /** Successful observations. */
  observations: number;
  /** Darts the team's hunters used (every observation attempt uses one). */
  dartsUsed: number;
  /** When the team reached its current score (its last successful observation; ms), null before any. */
  reachedAt: number | null;
};

/** Successful observations per dart used, as a whole percent (0 with no dart used). */
export function teamAccuracy(tally: Pick<TeamTally, 'observations' | 'dartsUsed'>): number {
  return tally.dartsUsed === 0 ? 0 : Math.round((100 * tally.observations) / tally.dartsUsed);
}

/**
 * Decision 973: more unique species first, then more observations, then better darts accuracy;
 * equal on all three, the team that reached its score first. Negative: `a` ranks above `b`.
 */
export function compareTeams(a: TeamTally, b: TeamTally): number {
  return (
    b.uniqueSpecies - a.uniqueSpecies ||
    b.observations - a.observations ||
    teamAccuracy(b) - teamAccuracy(a) ||
    reachedFirst(a.reachedAt, b.reachedAt)
  );
}

/** Earlier first; a team that has not scored (null) after any that has. */
function reachedFirst(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/**
 * The teams in rank order with their rank (1 = first). Teams equal in every part of the rule
 * (including when they reached it; in practice, teams that have scored nothing) share a rank, as
 * in "1, 2, 2, 4"; within a shared rank the older team (smaller id) is listed first.
 */
export function rankTeams<T extends TeamTally>(tallies: readonly T[]): (T & { rank: number; accuracy: number })[] {
  const sorted = [...tallies].sort((a, b) => compareTeams(a, b) || a.teamId - b.teamId);
  const ranked: (T & { rank: number; accuracy: number })[] = [];
  sorted.forEach((tally, i) => {
    const previous = ranked[i - 1];
    const rank = previous && compareTeams(previous, tally) === 0 ? previous.rank : i + 1;
    ranked.push({ ...tally, rank, accuracy: teamAccuracy(tally) });
  });
  return ranked;
}

/** A team as auto-balance sees it: its members (player ids) and size limit. */
export type BalanceTeam = { teamId: number; members: readonly number[]; maxSize: number };
/** One hunter's move: into teamId, from fromTeamId (null: they had no team). */
export type BalanceMove = { playerId: number; teamId: number; fromTeamId: number | null };

/**
 * The game master's auto-balance (decision 975): every hunter without a team joins the smallest
 * team with room (ties: the older team), then hunters move from the largest team to the smallest
 * until no two teams differ by more than one. Moves the fewest hunters, the latest joined first
 * (the highest player id), so teams the game master arranged by hand change least. Hunters no team
 * has room for stay without one.
 */
export function autoBalance(teams: readonly BalanceTeam[], unassigned: readonly number[]): BalanceMove[] {
  const state = teams.map((t) => ({ teamId: t.teamId, maxSize: t.maxSize, members: [...t.members] }));
  const moves: BalanceMove[] = [];
  const smallestWithRoom = () =>
    state
      .filter((t) => t.members.length < t.maxSize)
      .sort((a, b) => a.members.length - b.members.length || a.teamId - b.teamId)[0];
  for (const playerId of [...unassigned].sort((a, b) => a - b)) {
    const team = smallestWithRoom();
    if (!team) break;
    team.members.push(playerId);
    moves.push({ playerId, teamId: team.teamId, fromTeamId: null });
  }
  for (;;) {
    const largest = [...state].sort((a, b) => b.members.length - a.members.length || a.teamId - b.teamId)[0];
    const smallest = smallestWithRoom();
    if (!largest || !smallest || largest.members.length - smallest.members.length <= 1) break;
    const latest = Math.max(...largest.members);
    largest.members.splice(largest.members.indexOf(latest), 1);
    smallest.members.push(latest);
    const earlier = moves.find((m) => m.playerId === latest);
    if (earlier) earlier.teamId = smallest.teamId;
    else moves.push({ playerId: latest, teamId: smallest.teamId, fromTeamId: largest.teamId });
  }
  return moves.filter((m) => m.teamId !== m.fromTeamId);
}

/** Where a hunter stands when they ask to join a team (the server reads it; the screens show the same refusal). */
export type JoinSituation = {
  mode: TeamMode;
  /** The session's status: a switch after the start needs teamSwitchAfterStart. */
  status: string;
  teamSwitchAfterStart: boolean;
  /** The team the hunter is in now (null: none). */
  currentTeamId: number | null;
  /** The team asked for, with its members now. */
  team: { id: number; name: string; locked: boolean; memberCount: number; maxSize: number };
  /** The right code came with the request (a locked team admits only with its code). */
  withCode: boolean;
};

/** Why the running session makes a hunter's team change impossible, or null (a switch after the start where forbidden, an ended session). */
export function teamChangeRefusal(s: Pick<JoinSituation, 'mode' | 'status' | 'teamSwitchAfterStart' | 'currentTeamId'>): string | null {
  if (s.mode === 'solo') return TEAM_MESSAGES.solo;
  if (s.status === 'completed') return TEAM_MESSAGES.ended;
  if (s.mode === 'assigned') return TEAM_MESSAGES.assignedOnly;
  const started = s.status === 'active' || s.status === 'paused';
  if (started && s.currentTeamId !== null && !s.teamSwitchAfterStart) return TEAM_MESSAGES.switchAfterStart;
  return null;
}

/** Why a hunter may not join this team, or null. The order is the one the caller can act on first. */
export function joinRefusal(s: JoinSituation): string | null {
  if (s.currentTeamId === s.team.id) return TEAM_MESSAGES.alreadyInTeam(s.team.name);
  const change = teamChangeRefusal(s);
  if (change) return change;
  if (s.team.locked && !s.withCode) return TEAM_MESSAGES.locked(s.team.name);
  if (s.team.memberCount >= s.team.maxSize) return TEAM_MESSAGES.full(s.team.name, s.team.maxSize);
  return null;
}
