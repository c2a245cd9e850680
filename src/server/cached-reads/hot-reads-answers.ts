// The hot reads' answers, for both doors (REST hot-reads.ts, tRPC hot-trpc-reads.ts), without
// tRPC's middleware chain (it copied ctx at every step). Each answer runs its procedure's own
// rule functions in the procedure's order (sign-in, role and subscription, input, the caller's
// part in the session), parses input and output with the procedure's own schemas and throws
// the same errors. hot-reads.test.ts and hot-trpc-reads.test.ts compare every answer with
// trpc-to-openapi's and tRPC's own handlers.
//
// Authorization runs on every request; only what follows it is kept, in the read cache, per
// game session (read-cache.ts): the dinosaur list and the game master's ranking and
// tracking are the same for every viewer allowed to read them, a message page per viewer
// (a hunter sees their own messages to headquarters) and query, a hunter's stats per hunter
// (checked against their own row and the clock, read fresh). Time status reads the clock and the
// session itself may end on a read: never kept.
import type { AnyProcedure } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import type { User } from 'lucia';
import type { ListMessagesInput } from '../../domain/comms-schemas';
import type { SignIn } from '../context';
import type { AppDeps } from '../deps';
import { appRouter } from '../routers';
import { commsAccess } from '../services/comms-access';
import { messagesViewer, visibleMessages } from '../services/communications';
import { deployedDinosaurs, mayListDinosaurs } from '../services/dinosaurs';
import { getSession, timeStatusOf } from '../services/game-sessions';
import { type HunterProgressRow, hunterStatsTarget, ownStatsFingerprint, sessionHunterStats, statsOf } from '../services/hunter-stats';
import { requireSubscription } from '../services/plan-limits';
import { latestPositions } from '../services/positions';
import { GAME_MASTER_ROLES, requireOwnedSession, requireRole, requireSignIn, signInEndedSince } from '../trpc';
import { type HotInput, ValidatedInputs } from './hot-input';
import type { CachedAnswer } from './read-cache';

/** The procedures a Hunter Terminal and a game master's screens poll every few seconds (both doors serve them). */
export const HOT_READS = [
  'comms.list', // GET /game-sessions/{id}/communications
  'deploy.list', // GET /game-sessions/{id}/dinosaurs
  'deploy.listBySession', // GET /game-dinosaurs/{sessionId}
  'sessions.timeStatus', // GET /game-sessions/{id}/time-status
  'stats.hunterStats', // GET /hunter/stats
  'stats.sessionHunterStats', // GET /game-sessions/{id}/hunter-stats
  'comms.hunterLocations', // GET /game-sessions/{id}/hunter-locations
  'sessions.get', // GET /game-sessions/{id}: the Hunter Terminal's tRPC polls batch it with comms.list every 10 s
] as const;

type Schema = { parse(value: unknown): unknown };
/**
 * What a hot read needs of its request: a few deps and the sign-in, validated for this request
 * (context.ts signInOf). Not a whole tRPC context, which copies every dep on every request.
 */
export type HotCall = Pick<AppDeps, 'db' | 'bus' | 'now' | 'readCache'> & SignIn & { longLived: false };
type Answer = (call: HotCall, input: HotInput) => Promise<CachedAnswer>;

/** The hot call of an HTTP request: never long-lived (a WebSocket's context is). */
export const hotCall = (deps: AppDeps, signIn: SignIn): HotCall => ({
  db: deps.db,
  bus: deps.bus,
  now: deps.now,
  readCache: deps.readCache,
  user: signIn.user,
  authSession: signIn.authSession,
  longLived: false,
});

const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;

/** The procedure's input and output schemas (one input each: the hot reads have no other). */
function schemasOf(path: string): { input: Schema; output: Schema } {
  const def = procedures[path]?._def as { inputs: Schema[]; output?: Schema } | undefined;
  if (def?.inputs.length !== 1 || !def.output) throw new Error(`${path}: expected one input and an output`);
  return { input: def.inputs[0]!, output: def.output };
}

/** Valid inputs, once per URL (hot-input.ts). */
const validatedInputs = new ValidatedInputs();

/** tRPC's input middleware: a failed parse is BAD_REQUEST with the zod error as its cause. */
function parseInput<T>(schema: Schema, input: HotInput): T {
  try {
    return validatedInputs.parse(schema, input) as T;
  } catch (cause) {
    throw new TRPCError({ code: 'BAD_REQUEST', cause });
  }
}

/** tRPC's output middleware, then the JSON once. */
function answerOf(schema: Schema, data: unknown): CachedAnswer {
  let parsed: unknown;
  try {
    parsed = schema.parse(data);
  } catch (cause) {
    throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
  }
  return { data: parsed, json: JSON.stringify(parsed) };
}

const SIGNED_OUT = { user: null, authSession: null };

/** publicProcedure then authedProcedure: the signed-in caller, or 401. */
async function signedIn(ctx: HotCall): Promise<User> {
  return requireSignIn((await signInEndedSince(ctx)) ? SIGNED_OUT : ctx).user;
}

/** gameMasterProcedure's rules after the sign-in: role, then subscription. */
async function gameMaster(ctx: HotCall): Promise<User> {
  const user = await signedIn(ctx);
  requireRole(user, GAME_MASTER_ROLES);
  await requireSubscription(ctx, user);
  return user;
}

/** The services' context: deps and the caller. */
const serviceCtx = (ctx: HotCall, user: User) => ({ db: ctx.db, bus: ctx.bus, now: ctx.now, user });

/**
 * The kept answer for `key`, or the one `compute` gives (kept for the next read, unless an
 * event of the session came while it was computed: it may predate that change).
 */
async function cachedAnswer(
  ctx: HotCall,
  sessionId: number,
  key: string,
  compute: () => Promise<CachedAnswer>,
  opts?: { fingerprint?: string; movesWithPositions?: boolean },
): Promise<CachedAnswer> {
  const hit = ctx.readCache.get(sessionId, key);
  if (hit && hit.fingerprint === opts?.fingerprint) return hit;
  const version = ctx.readCache.version(sessionId);
  const answer = await compute();
  if (opts?.fingerprint !== undefined) answer.fingerprint = opts.fingerprint;
  ctx.readCache.set(sessionId, key, answer, { ...opts, version });
  return answer;
}

const comms = schemasOf('comms.list');
const dinosaurs = schemasOf('deploy.list');
const dinosaursBySession = schemasOf('deploy.listBySession');
const timeStatus = schemasOf('sessions.timeStatus');
const stats = schemasOf('stats.hunterStats');
const ranking = schemasOf('stats.sessionHunterStats');
const tracking = schemasOf('comms.hunterLocations');
const session = schemasOf('sessions.get');

/** The session's ranking (GM hunter-stats; a hunter's stats tell their place in it). */
const rankingAnswer = (ctx: HotCall, sessionId: number) =>
  cachedAnswer(ctx, sessionId, 'ranking', async () => answerOf(ranking.output, await sessionHunterStats(ctx, sessionId)));

async function dinosaurList(ctx: HotCall, user: User, sessionId: number, output: Schema): Promise<CachedAnswer> {
  const c = serviceCtx(ctx, user);
  if (!(await mayListDinosaurs(c, sessionId))) return answerOf(output, []);
  return cachedAnswer(ctx, sessionId, 'dinosaurs', async () => answerOf(output, await deployedDinosaurs(c, sessionId)));
}

/** A hunter's stats, their place read from the session's ranking. */
async function statsAnswer(
  ctx: HotCall,
  at: Pick<HotCall, 'db' | 'now'>,
  target: Awaited<ReturnType<typeof hunterStatsTarget>>,
): Promise<CachedAnswer> {
  const ranking = (await rankingAnswer(ctx, target.session.id)).data as HunterProgressRow[];
  return answerOf(stats.output, await statsOf(at, target.session, target.userId, ranking));
}

export const HOT_ANSWERS: Record<(typeof HOT_READS)[number], Answer> = {
  'comms.list': async (ctx, raw) => {
    const user = await signedIn(ctx);
    const { id, ...query } = parseInput<ListMessagesInput & { id: number }>(comms.input, raw);
    const c = serviceCtx(ctx, user);
    const access = await commsAccess(c, id);
    const key = `comms|${messagesViewer(c, access)}|${query.afterId}|${query.beforeId}|${query.limit}`;
    return cachedAnswer(ctx, id, key, async () => answerOf(comms.output, await visibleMessages(c, access, query)));
  },
  'deploy.list': async (ctx, raw) => {
    const user = await signedIn(ctx);
    return dinosaurList(ctx, user, parseInput<{ id: number }>(dinosaurs.input, raw).id, dinosaurs.output);
  },
  'deploy.listBySession': async (ctx, raw) => {
    const user = await signedIn(ctx);
    const { sessionId } = parseInput<{ sessionId: number }>(dinosaursBySession.input, raw);
    return dinosaurList(ctx, user, sessionId, dinosaursBySession.output);
  },
  'sessions.timeStatus': async (ctx, raw) => {
    const user = await signedIn(ctx);
    const { id } = parseInput<{ id: number }>(timeStatus.input, raw);
    return answerOf(timeStatus.output, await timeStatusOf(serviceCtx(ctx, user), id));
  },
  'stats.hunterStats': async (ctx, raw) => {
    const user = await signedIn(ctx);
    const input = parseInput<{ sessionId: number; hunterId?: string }>(stats.input, raw);
    const target = await hunterStatsTarget(serviceCtx(ctx, user), input);
    const sessionId = target.session.id;
    // One clock reading for the fingerprint and the answer (minutes in the session).
    const now = ctx.now();
    const at = { db: ctx.db, now: () => now };
    // A game master's or admin's read of one hunter is not kept: it is not polled by every guest.
    if (!target.ownPlayer) return statsAnswer(ctx, at, target);
    const fingerprint = ownStatsFingerprint(target.session, target.ownPlayer, now);
    return cachedAnswer(ctx, sessionId, `stats|${target.userId}`, () => statsAnswer(ctx, at, target), { fingerprint });
  },
  // Not kept: reading it may end an expired session (refreshSession), and it counts the players.
  'sessions.get': async (ctx, raw) => {
    const user = await signedIn(ctx);
    const { id } = parseInput<{ id: number }>(session.input, raw);
    return answerOf(session.output, await getSession(serviceCtx(ctx, user), id));
  },
  'stats.sessionHunterStats': async (ctx, raw) => {
    const user = await gameMaster(ctx);
    const { id } = parseInput<{ id: number }>(ranking.input, raw);
    return rankingAnswer(ctx, (await requireOwnedSession(ctx, user, id)).id);
  },
  'comms.hunterLocations': async (ctx, raw) => {
    const user = await gameMaster(ctx);
    const { id } = parseInput<{ id: number }>(tracking.input, raw);
    const sessionId = (await requireOwnedSession(ctx, user, id)).id;
    return cachedAnswer(ctx, sessionId, 'tracking', async () => answerOf(tracking.output, await latestPositions(ctx.db, sessionId)), {
      movesWithPositions: true,
    });
  },
};

/** The tRPC body of an answer (superjson envelope, as tRPC's handler writes it), built once per answer. */
export function trpcBody(answer: CachedAnswer): Buffer {
  answer.trpc ??= Buffer.from(JSON.stringify(transformTRPCResponse(appRouter._def._config, { result: { data: answer.data } } as never)));
  return answer.trpc;
}
