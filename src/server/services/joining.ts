// Hunters joining a session, by its name or its id + password (decision 740): guests
// with a handle (they get a server session bound to that game session, and their
// browser a hunter key to rejoin as the same hunter), account hunters as their
// account. Passwords are always checked here, never on the client.
import crypto from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { chooseJoinSession, sessionIdOf } from '../../domain/join-choice';
import type { HunterJoinInput } from '../../domain/schemas';
import { TEAM_MESSAGES } from '../../domain/teams';
import { foldKey } from '../../domain/text-keys';
import { EXPEDITION_MESSAGES } from '../../domain/expeditions';
import type { JoinByIdBody, JoinByNameInput } from '../../domain/session-schemas';
import { SESSION_MESSAGES } from '../../domain/session-schemas';
import { newHunterKey, readHunterKey, rejoinKeyMatches, rejoinKeyOf, setHunterKey } from '../auth/hunter-key';
import type { Context } from '../context';
import { lockFor } from '../db/locks';
import { type GameSessionRow, gameSessions, sessionPlayers, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../errors';
import { logout, startSession } from './accounts';
import { joinFailures, type JoinTarget } from './auth-limits';
import { countPlayers, refreshSession } from './game-sessions';
import { nameFilter } from './name-filter';
import { findPlayer, type PlayerRow, removedFrom } from './session-access';
import type { z } from 'zod';
import type { JoinOutputSchema } from '../routers/sessions/sessions.types';

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

/** The answer as the procedure's output schema declares it (one contract: sessions.types). */
export type JoinOutput = z.infer<typeof JoinOutputSchema>;

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
async function checkPassword(ctx: JoinCtx, targets: JoinTarget[], matched: () => Promise<number[]>): Promise<void> {
  await joinFailures.refuseWhenLocked(ctx, targets);
  const ids = await matched();
  if (ids.length > 0) return joinFailures.succeeded(ctx, ids);
  await joinFailures.count(ctx, targets);
  throw joinFailed();
}

const sessionKey = (id: number | string) => `session:${id}`;
const target = (session: GameSessionRow | undefined, typed: number | string): JoinTarget =>
  session ? { key: sessionKey(session.id), session } : { key: sessionKey(typed) };

const GUEST_ELSEWHERE = 'Guests can only act within their own game session: join again with a new handle';

/** A handle someone else holds in this session; a guest's own handle from another browser reads the same (decision 740). */
export const handleTaken = (handle: string) =>
  `The hunter handle "${handle}" is already taken in this session. If it is yours, rejoin from the phone or browser you joined with; otherwise choose another handle.`;

const SESSION_ENDED = 'This session has ended: it cannot be joined';

/**
 * Adds the user to the session, atomically: an ended session, a handle taken
 * by someone else (whatever its case) or a full session are refused; joining
 * again returns the existing membership and counts nothing.
 * `createGuest` inserts the guest's user row in the same transaction; `rejoinKey`
 * is stored on the player row (a guest's, see auth/hunter-key.ts).
 */
async function addPlayer(
  ctx: JoinCtx,
  session: GameSessionRow,
  userId: string,
  handle: string,
  createGuest = false,
  rejoinKey: string | null = null,
): Promise<{ player: PlayerRow; created: boolean }> {
  const current = await refreshSession(ctx, session);
  return ctx.db.transaction(async (tx) => {
    // Racing joins: the second waits here until the first has counted and inserted (PostgreSQL).
    await lockFor(tx, 'game-session', current.id);
    const [row] = await tx.select().from(gameSessions).where(eq(gameSessions.id, current.id)).limit(1);
    if (!row) throw joinFailed();
    if (row.status === 'completed') throw conflict(SESSION_ENDED);
    const existing = createGuest ? undefined : await findPlayer(tx, row.id, userId);
    if (existing?.removedAt != null) throw removedFrom(row);
    if (existing) return { player: existing, created: false };
    // Other hunters (children among them) read the handle: a refused word is refused (decision 977).
    if (nameFilter.refuses(handle)) throw badRequest(TEAM_MESSAGES.handleNotAllowed, { fieldErrors: { hunterHandle: TEAM_MESSAGES.handleNotAllowed } });
    const handleKey = foldKey(handle);
    const [clash] = await tx
      .select({ id: sessionPlayers.id })
      .from(sessionPlayers)
      .where(and(eq(sessionPlayers.sessionId, row.id), eq(sessionPlayers.handleKey, handleKey)))
      .limit(1);
    if (clash) throw conflict(handleTaken(handle));
    const players = await countPlayers({ db: tx }, row.id);
    if (players >= row.maxPlayers) {
      throw conflict(`Session is full: ${players}/${row.maxPlayers} hunters have joined`, {
        currentPlayers: players,
        maxPlayers: row.maxPlayers,
      });
    }
    if (createGuest) {
      await tx.insert(users).values({ id: userId, username: null, email: null, firstName: handle, role: 'hunter', isGuest: true });
    }
    const [player] = await tx
      .insert(sessionPlayers)
      .values({ sessionId: row.id, userId, handle, handleKey, joinedAt: ctx.now(), rejoinKey })
      .returning();
    await ctx.bus.publish(tx, {
      sessionId: session.id,
      type: 'hunter_joined',
      payload: {
        sessionId: session.id,
        timestamp: ctx.now(),
        userId,
        playerId: player!.id,
        hunterHandle: player!.handle,
        currentPlayers: players + 1,
      },
    });
    return { player: player!, created: true };
  });
}

function output(session: GameSessionRow, player: PlayerRow): JoinOutput {
  return { sessionId: session.id, hunterHandle: player.handle, sessionName: session.name, status: session.status };
}

async function findById(ctx: JoinCtx, id: number): Promise<GameSessionRow | undefined> {
  const [row] = await ctx.db.select().from(gameSessions).where(eq(gameSessions.id, id)).limit(1);
  return row;
}

/**
 * The session a hunter means by what they typed, its name or its id, and the password
 * (decision 740): every session with that id or that name (any case or script) is a
 * candidate; a wrong password counts against each of them (or against the name, when
 * none has it). Among those whose password matches, domain/join-choice decides:
 * not ended, then one the caller already plays in (`isMember`), then the id, then the newest.
 */
async function findSession(
  ctx: JoinCtx,
  typed: string,
  password: string,
  isMember: (row: GameSessionRow) => Promise<boolean>,
): Promise<GameSessionRow> {
  const id = sessionIdOf(typed);
  const nameKey = foldKey(typed);
  const candidates = await ctx.db
    .select()
    .from(gameSessions)
    .where(id === null ? eq(gameSessions.nameKey, nameKey) : or(eq(gameSessions.id, id), eq(gameSessions.nameKey, nameKey)))
    .orderBy(desc(gameSessions.createdAt), desc(gameSessions.id));
  const targets: JoinTarget[] = candidates.length > 0 ? candidates.map((row) => target(row, row.id)) : [{ key: `name:${nameKey}` }];
  const matching = candidates.filter((row) => passwordMatches(row, password));
  await checkPassword(ctx, targets, async () => matching.map((row) => row.id));
  const choices = [];
  for (const row of matching) {
    choices.push({
      row,
      id: row.id,
      ended: row.status === 'completed',
      member: await isMember(row),
      matchedById: row.id === id,
      createdAt: row.createdAt,
    });
  }
  const chosen = chooseJoinSession(choices);
  if (!chosen) throw joinFailed();
  return chosen.row;
}

/** The player holding this handle (any case or Unicode form) in the session, if any. */
async function playerByHandle(ctx: JoinCtx, sessionId: number, handle: string): Promise<PlayerRow | undefined> {
  const [player] = await ctx.db
    .select()
    .from(sessionPlayers)
    .where(and(eq(sessionPlayers.sessionId, sessionId), eq(sessionPlayers.handleKey, foldKey(handle))))
    .limit(1);
  return player;
}

/** A guest hunter of this browser (its hunter key) holding this handle in the session: the guest may come back as it. */
async function ownGuestHunter(ctx: JoinCtx, session: GameSessionRow, handle: string, key: string | null): Promise<PlayerRow | undefined> {
  if (key === null) return undefined;
  const player = await playerByHandle(ctx, session.id, handle);
  return player && rejoinKeyMatches(player.rejoinKey, session.id, key) ? player : undefined;
}

/** Whether a hunter removed from this session joined it from this browser (its hunter key). */
async function removedFromBrowser(ctx: JoinCtx, session: GameSessionRow, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: sessionPlayers.id })
    .from(sessionPlayers)
    .where(
      and(
        eq(sessionPlayers.sessionId, session.id),
        eq(sessionPlayers.rejoinKey, rejoinKeyOf(session.id, key)),
        isNotNull(sessionPlayers.removedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Ends the sign-in this request came with (another guest, or a signed-out account's stale cookie) and its sockets. */
async function endCurrentSignIn(ctx: JoinCtx): Promise<void> {
  if (!ctx.authSession) return;
  await ctx.lucia.invalidateSession(ctx.authSession.id);
  ctx.signOuts.revoke(ctx.authSession.id);
}

/**
 * POST /api/hunter/join-session, `sessionId` being the session's id or its name. A
 * signed-in hunter account joins as itself; a guest already signed in to this session
 * gets its membership back; a guest whose browser holds the hunter key of the typed
 * handle's hunter comes back as that hunter (same stats), after a logout too; anyone
 * else becomes a new guest hunter (a handle held by another hunter is refused).
 */
export async function joinAsGuest(ctx: JoinCtx, input: HunterJoinInput & { sessionId: string }): Promise<JoinOutput> {
  const handle = input.hunterHandle.trim();
  const user = ctx.user;
  const key = readHunterKey(ctx);
  const signedInHere = (row: GameSessionRow) => Boolean(user?.isGuest && ctx.authSession?.gameSessionId === row.id);
  const session = await findSession(ctx, input.sessionId, input.password, async (row) =>
    user && !user.isGuest
      ? (await findPlayer(ctx.db, row.id, user.id)) !== undefined
      : signedInHere(row) || (await ownGuestHunter(ctx, row, handle, key)) !== undefined,
  );
  if (user && !user.isGuest) {
    if (user.role !== 'hunter') {
      throw forbidden('Game masters and admins cannot join a session as hunters: sign out first');
    }
    const { player } = await addPlayer(ctx, session, user.id, handle);
    return output(session, player);
  }
  if (user && signedInHere(session)) {
    const existing = await findPlayer(ctx.db, session.id, user.id);
    if (existing?.removedAt != null) throw removedFrom(session);
    if (existing) return output(await refreshSession(ctx, session), existing);
  }
  const own = key === null ? undefined : await ownGuestHunter(ctx, session, handle, key);
  if (own && key !== null) return rejoinAsGuest(ctx, session, own, key);
  // A guest the game master removed does not come back from the same browser under another handle (decision 836).
  if (key !== null && (await removedFromBrowser(ctx, session, key))) throw removedFrom(session);
  const guestId = crypto.randomUUID();
  const browserKey = key ?? newHunterKey();
  const { player } = await addPlayer(ctx, session, guestId, handle, true, rejoinKeyOf(session.id, browserKey));
  setHunterKey(ctx, browserKey);
  await endCurrentSignIn(ctx);
  await startSession(ctx, guestId, session.id);
  return output(session, player);
}

/** This browser's own guest hunter signs in again: same user, same player row, same stats. */
async function rejoinAsGuest(ctx: JoinCtx, session: GameSessionRow, player: PlayerRow, key: string): Promise<JoinOutput> {
  if (player.removedAt !== null) throw removedFrom(session);
  const current = await refreshSession(ctx, session);
  if (current.status === 'completed') throw conflict(SESSION_ENDED);
  setHunterKey(ctx, key); // another HUNTER_KEY_MAX_AGE_S for this browser
  await endCurrentSignIn(ctx);
  await startSession(ctx, player.userId, session.id);
  return output(current, player);
}

/**
 * "Start over as a new hunter" (the terminal's reset): a signed-in guest's browser
 * forgets its hunter, which nobody can rejoin as afterwards (its results stay in the
 * hunt), and the guest is signed out. For anyone else it is a plain logout.
 */
export async function forgetGuestHunter(ctx: JoinCtx): Promise<void> {
  if (ctx.user?.isGuest) {
    // A removed guest's key is kept: it is what stops this browser rejoining that session (decision 836).
    await ctx.db
      .update(sessionPlayers)
      .set({ rejoinKey: null })
      .where(and(eq(sessionPlayers.userId, ctx.user.id), isNull(sessionPlayers.removedAt)));
  }
  await logout(ctx);
}

/** Field Operations: an account hunter joins by session name (or id) and password. */
export async function joinByName(
  ctx: JoinCtx & { user: NonNullable<JoinCtx['user']> },
  input: JoinByNameInput,
): Promise<JoinOutput> {
  const user = ctx.user;
  const session = await findSession(
    ctx,
    input.sessionName,
    input.password,
    async (row) => (await findPlayer(ctx.db, row.id, user.id)) !== undefined,
  );
  return joinAccount(ctx, session, input.hunterHandle);
}

/** POST /api/game-sessions/{id}/join: the password is required. */
export async function joinById(
  ctx: JoinCtx & { user: NonNullable<JoinCtx['user']> },
  id: number,
  body: JoinByIdBody,
): Promise<JoinOutput> {
  const session = await findById(ctx, id);
  await checkPassword(ctx, [target(session, id)], async () => (session && passwordMatches(session, body.password) ? [id] : []));
  if (!session) throw joinFailed();
  if (ctx.user.isGuest) {
    const existing = ctx.authSession?.gameSessionId === id ? await findPlayer(ctx.db, id, ctx.user.id) : undefined;
    if (!existing) throw forbidden(GUEST_ELSEWHERE);
    if (existing.removedAt !== null) throw removedFrom(session);
    return output(await refreshSession(ctx, session), existing);
  }
  return joinAccount(ctx, session, body.hunterHandle);
}

async function joinAccount(
  ctx: JoinCtx & { user: NonNullable<JoinCtx['user']> },
  session: GameSessionRow,
  hunterHandle: string | undefined,
): Promise<JoinOutput> {
  if (ctx.user.isGuest) throw forbidden(GUEST_ELSEWHERE);
  const handle = hunterHandle ?? ctx.user.username ?? ctx.user.firstName;
  const { player } = await addPlayer(ctx, session, ctx.user.id, handle);
  return output(await refreshSession(ctx, session), player);
}

/**
 * A hunter account joins a public expedition (decision 835): no password, the same
 * addPlayer as every door (an ended or full session, a taken handle and a removed hunter
 * refused; the player cap holds). Guests are refused (they join by password).
 */
export async function joinPublicExpedition(
  ctx: JoinCtx & { user: NonNullable<JoinCtx['user']> },
  id: number,
  hunterHandle: string | undefined,
): Promise<JoinOutput> {
  if (ctx.user.isGuest) throw forbidden(EXPEDITION_MESSAGES.accountsOnly);
  if (ctx.user.role !== 'hunter') throw forbidden(EXPEDITION_MESSAGES.notAHunter);
  const session = await findById(ctx, id);
  // A private session reads as missing: the public door says nothing about sessions it does not list.
  if (!session?.isPublic) throw notFound(EXPEDITION_MESSAGES.notPublic);
  return joinAccount(ctx, session, hunterHandle);
}
