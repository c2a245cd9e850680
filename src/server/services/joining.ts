// Hunters joining a session: guests by session id + password + handle (they get
// a server session bound to that game session), account hunters by session name
// or id + password. Passwords are always checked here, never on the client.
import crypto from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { strictNumber } from '../../domain/decimal';
import type { HunterJoinInput } from '../../domain/schemas';
import { foldKey } from '../../domain/text-keys';
import type { JoinByIdBody, JoinByNameInput } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import type { Context } from '../context';
import { type GameSessionRow, gameSessions, sessionPlayers, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import { startSession } from './accounts';
import { joinFailures, type JoinTarget } from './auth-limits';
import { countPlayers, refreshSession } from './game-sessions';
import { findPlayer, type PlayerRow } from './session-access';

type JoinCtx = Pick<
  Context,
  | 'db'
  | 'bus'
  | 'now'
  | 'lucia'
  | 'signOuts'
  | 'setCookie'
  | 'setHeader'
  | 'user'
  | 'authSession'
  | 'authLimits'
  | 'ip'
  | 'cookieHeader'
>;

export type JoinOutput = { sessionId: number; hunterHandle: string; sessionName: string; status: GameSessionRow['status'] };

const joinFailed = () => notFound(SESSION_MESSAGES.joinFailed);

const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
/** Constant-time comparison of a session password. */
function passwordMatches(row: GameSessionRow, password: string): boolean {
  return crypto.timingSafeEqual(digest(row.password), digest(password.trim()));
}

/**
 * Checks a session password under the per-session-and-address failure limit (auth-limits.ts):
 * refused (429) while that session is locked for this address, even for the right password,
 * unless this browser is known to the session; a wrong one counts a failure. `targets` are
 * the sessions the attempt was aimed at; `matched` the ids whose password was right.
 */
async function checkPassword(ctx: JoinCtx, targets: JoinTarget[], matched: () => number[]): Promise<void> {
  await joinFailures.refuseWhenLocked(ctx, targets);
  const ids = matched();
  if (ids.length > 0) return joinFailures.succeeded(ctx, ids);
  await joinFailures.count(ctx, targets);
  throw joinFailed();
}

const sessionKey = (id: number | string) => `session:${id}`;
const target = (session: GameSessionRow | undefined, typed: number | string): JoinTarget =>
  session ? { key: sessionKey(session.id), session } : { key: sessionKey(typed) };

const GUEST_ELSEWHERE = 'Guests can only act within their own game session: join again with a new handle';

/**
 * Adds the user to the session, atomically: an ended session, a handle taken
 * by someone else (whatever its case) or a full session are refused; joining
 * again returns the existing membership and counts nothing.
 * `createGuest` inserts the guest's user row in the same transaction.
 */
function addPlayer(
  ctx: JoinCtx,
  session: GameSessionRow,
  userId: string,
  handle: string,
  createGuest = false,
): { player: PlayerRow; created: boolean } {
  const current = refreshSession(ctx, session);
  const result = ctx.db.transaction(
    (tx) => {
      const row = tx.select().from(gameSessions).where(eq(gameSessions.id, current.id)).get();
      if (!row) throw joinFailed();
      if (row.status === 'completed') throw conflict('This session has ended: it cannot be joined');
      const existing = createGuest ? undefined : findPlayer(ctx.db, row.id, userId);
      if (existing) return { player: existing, created: false };
      const handleKey = foldKey(handle);
      const clash = tx
        .select({ id: sessionPlayers.id })
        .from(sessionPlayers)
        .where(and(eq(sessionPlayers.sessionId, row.id), eq(sessionPlayers.handleKey, handleKey)))
        .get();
      if (clash) throw conflict(`The hunter handle "${handle}" is already taken in this session`);
      const players = countPlayers({ db: ctx.db }, row.id);
      if (players >= row.maxPlayers) {
        throw conflict(`Session is full: ${players}/${row.maxPlayers} hunters have joined`, {
          currentPlayers: players,
          maxPlayers: row.maxPlayers,
        });
      }
      if (createGuest) {
        tx.insert(users)
          .values({ id: userId, username: null, email: null, firstName: handle, role: 'hunter', isGuest: true })
          .run();
      }
      const player = tx
        .insert(sessionPlayers)
        .values({ sessionId: row.id, userId, handle, handleKey, joinedAt: ctx.now() })
        .returning()
        .get();
      return { player, created: true };
    },
    { behavior: 'immediate' },
  );
  if (result.created) {
    ctx.bus.publish({
      sessionId: session.id,
      type: 'hunter_joined',
      payload: {
        sessionId: session.id,
        timestamp: ctx.now(),
        userId,
        playerId: result.player.id,
        hunterHandle: result.player.handle,
        currentPlayers: countPlayers({ db: ctx.db }, session.id),
      },
    });
  }
  return result;
}

function output(session: GameSessionRow, player: PlayerRow): JoinOutput {
  return { sessionId: session.id, hunterHandle: player.handle, sessionName: session.name, status: session.status };
}

function findById(ctx: JoinCtx, id: number): GameSessionRow | undefined {
  return ctx.db.select().from(gameSessions).where(eq(gameSessions.id, id)).get();
}

/**
 * POST /api/hunter/join-session. A signed-in hunter account joins as itself; a
 * guest already in this session gets its membership back; anyone else becomes a
 * new guest hunter with a server session bound to this game session.
 */
export async function joinAsGuest(ctx: JoinCtx, input: HunterJoinInput & { sessionId: string }): Promise<JoinOutput> {
  const id = strictNumber(input.sessionId);
  const session = Number.isSafeInteger(id) && id > 0 ? findById(ctx, id) : undefined;
  await checkPassword(ctx, [target(session, input.sessionId.trim())], () =>
    session && passwordMatches(session, input.password) ? [session.id] : [],
  );
  if (!session) throw joinFailed();
  const handle = input.hunterHandle.trim();
  const user = ctx.user;
  if (user && !user.isGuest) {
    if (user.role !== 'hunter') {
      throw forbidden('Game masters and admins cannot join a session as hunters: sign out first');
    }
    const { player } = addPlayer(ctx, session, user.id, handle);
    return output(session, player);
  }
  if (user?.isGuest && ctx.authSession?.gameSessionId === session.id) {
    const existing = findPlayer(ctx.db, session.id, user.id);
    if (existing) return output(refreshSession(ctx, session), existing);
  }
  const guestId = crypto.randomUUID();
  const { player } = addPlayer(ctx, session, guestId, handle, true);
  if (ctx.authSession) {
    // The previous sign-in (another guest, or a signed-out account's stale cookie) ends with its sockets.
    await ctx.lucia.invalidateSession(ctx.authSession.id);
    ctx.signOuts.revoke(ctx.authSession.id);
  }
  await startSession(ctx, guestId, session.id);
  return output(session, player);
}

/** Field Operations: an account hunter joins by session name and password. */
export async function joinByName(
  ctx: JoinCtx & { user: NonNullable<JoinCtx['user']> },
  input: JoinByNameInput,
): Promise<JoinOutput> {
  const nameKey = foldKey(input.sessionName);
  const named = ctx.db
    .select()
    .from(gameSessions)
    .where(eq(gameSessions.nameKey, nameKey))
    .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id))
    .all();
  // A wrong password counts against every session of that name (or the name, when none has it).
  const targets = named.length > 0 ? named.map((row) => target(row, row.id)) : [{ key: `name:${nameKey}` }];
  const candidates = named.filter((row) => passwordMatches(row, input.password));
  await checkPassword(ctx, targets, () => candidates.map((row) => row.id));
  // The newest matching session that has not ended; an ended one is refused as such.
  const session = candidates.find((row) => row.status !== 'completed') ?? candidates[0];
  if (!session) throw joinFailed();
  return joinAccount(ctx, session, input.hunterHandle);
}

/** POST /api/game-sessions/{id}/join: the password is required. */
export async function joinById(
  ctx: JoinCtx & { user: NonNullable<JoinCtx['user']> },
  id: number,
  body: JoinByIdBody,
): Promise<JoinOutput> {
  const session = findById(ctx, id);
  await checkPassword(ctx, [target(session, id)], () => (session && passwordMatches(session, body.password) ? [id] : []));
  if (!session) throw joinFailed();
  if (ctx.user.isGuest) {
    const existing = ctx.authSession?.gameSessionId === id ? findPlayer(ctx.db, id, ctx.user.id) : undefined;
    if (!existing) throw forbidden(GUEST_ELSEWHERE);
    return output(refreshSession(ctx, session), existing);
  }
  return joinAccount(ctx, session, body.hunterHandle);
}

function joinAccount(
  ctx: JoinCtx & { user: NonNullable<JoinCtx['user']> },
  session: GameSessionRow,
  hunterHandle: string | undefined,
): JoinOutput {
  if (ctx.user.isGuest) throw forbidden(GUEST_ELSEWHERE);
  const handle = hunterHandle ?? ctx.user.username ?? ctx.user.firstName;
  const { player } = addPlayer(ctx, session, ctx.user.id, handle);
  return output(refreshSession(ctx, session), player);
}
