/**
 * Which session a join means, when what the hunter typed (a session's name or its
 * id) and the password match more than one (decision 740). Names are not unique
 * across game masters, so "Lunch Hunt" with password "raptor" may be two hunts.
 *
 * Pure: the server finds the candidates (same id, or same folded name, AND the
 * right password) and says which of them the caller already plays in.
 */
export interface JoinCandidate {
  readonly id: number;
  /** Ended sessions cannot be joined: chosen only when nothing else matches (the answer then says it ended). */
  readonly ended: boolean;
  /** The caller already plays in it (same account, or this browser's hunter with the typed handle). */
  readonly member: boolean;
  /** What was typed is this session's id (a name that happens to be a number comes second). */
  readonly matchedById: boolean;
  /** ms since the epoch. */
  readonly createdAt: number;
}

/**
 * Order of preference: not ended; then a session the caller already plays in (a
 * rejoin finds its own hunt); then an id match over a name match; then the newest
 * (a game master's hunt of today over last week's of the same name); then the
 * highest id. Undefined when there is no candidate.
 */
export function chooseJoinSession<T extends JoinCandidate>(candidates: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const c of candidates) if (best === undefined || prefer(c, best)) best = c;
  return best;
}

function prefer(a: JoinCandidate, b: JoinCandidate): boolean {
  if (a.ended !== b.ended) return !a.ended;
  if (a.member !== b.member) return a.member;
  if (a.matchedById !== b.matchedById) return a.matchedById;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

/** A session reference as typed: its id when it is a whole positive number, else null (then it is only a name). */
export function sessionIdOf(typed: string): number | null {
  const t = typed.trim();
  if (!/^\d{1,15}$/.test(t)) return null;
  const n = Number(t);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
