// Procedure builders. The raw `t.procedure` is never exported: the first word of
// every procedure says who may call it.
import { type AnyTRPCRootTypes, initTRPC, type TRPCDefaultErrorShape, TRPCError, type TRPCRootConfig } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import type { Session, User } from 'lucia';
import { z } from 'zod';
import { positiveId } from '../domain/decimal';
import { isSignInLive } from './auth/sign-outs';
import { answerTransformer } from './cached-reads/answer-transformer';
import { type ReadKey, readThroughCache } from './cached-reads/cache-step';
import type { Context } from './context';
import { preparedQuery } from './db/prepared';
import { type GameSessionRow, gameSessions } from './db/schema';
import { describeError, faultError, forbidden, notFound, setRetryAfter, statusOf, unauthorized } from './errors';
import type { DinohuntMeta } from './openapi-meta';
import { takeAddressAttempt } from './services/auth-limits';
import { requireSubscription } from './services/plan-limits';

type Role = 'gamemaster' | 'hunter' | 'admin';

/**
 * REST bodies read `error`; tRPC clients read `message` and `data.fieldErrors`.
 * No stack traces, whatever the mode.
 */
function errorFormatter({ shape, error }: { shape: TRPCDefaultErrorShape; error: TRPCError }) {
  const { message, fieldErrors, details } = describeError(error);
  return {
    message,
    code: shape.code,
    error: message,
    ...details,
    data: {
      code: shape.data.code,
      httpStatus: statusOf(error) ?? shape.data.httpStatus,
      path: shape.data.path,
      fieldErrors,
    },
  };
}

/**
 * The router's wire options (its transformer and error formatter, never stack traces), for
 * tRPC's public response helpers (transformTRPCResponse, getTRPCErrorShape) where a socket
 * writes tRPC's frames itself (realtime/trpc-socket.ts, and the polled reads' doors in cached-reads/) instead of
 * reading the router's internal definition.
 */
export const trpcWireConfig: TRPCRootConfig<AnyTRPCRootTypes> = {
  $types: null as never,
  transformer: answerTransformer,
  errorFormatter,
  allowOutsideOfServer: false,
  isServer: true,
  isDev: false,
};

// superjson, a kept answer's serialized once (cached-reads/answer-transformer.ts).
const t = initTRPC.context<Context>().meta<DinohuntMeta>().create({ transformer: answerTransformer, errorFormatter });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * A WebSocket connection's context outlives requests: a sign-in that has ended since it
 * connected (logout, deleted account, expiry) counts as signed out.
 */
export async function signInEndedSince(ctx: Pick<Context, 'longLived' | 'authSession' | 'db' | 'now'>): Promise<boolean> {
  return ctx.longLived && ctx.authSession !== null && !(await isSignInLive(ctx.db, ctx.authSession.id, ctx.now()));
}

/**
 * Outermost: a failure of the infrastructure under a procedure (the database restarting, a full
 * disk) answers 503 with Retry-After or 507 with a message (errors.ts faultError), never a 500.
 */
const infrastructureFaults = t.middleware(async ({ ctx, next }) => passFaultsAsAnswers(ctx, await next()));

/** Throws `cause` as its answer: an infrastructure fault as its 503/507 (with Retry-After), anything else as it is. */
function throwAsAnswer(ctx: Pick<Context, 'setHeader'>, cause: unknown): never {
  const fault = faultError(cause);
  if (fault) setRetryAfter(fault, ctx.setHeader);
  throw fault ?? cause;
}

/** A failed result whose cause is an infrastructure fault is thrown as its 503/507 answer; anything else passes. */
function passFaultsAsAnswers<R extends { ok: boolean; error?: unknown }>(ctx: Pick<Context, 'setHeader'>, result: R): R {
  if (result.ok || !faultError(result.error)) return result;
  return throwAsAnswer(ctx, result.error);
}

/** Every procedure starts here (signInEndedSince). */
export const publicProcedure = t.procedure.use(infrastructureFaults).use(async ({ ctx, next }) => {
  if (await signInEndedSince(ctx)) return next({ ctx: { ...ctx, user: null, authSession: null } });
  return next();
});

/**
 * Middleware of every procedure that checks a password (sign-in, registration, the join
 * doors): AUTH_RATE_LIMIT calls a minute per client address, whatever the door, each call
 * of a batch counted on its own. Not a builder of its own: it adds to whoever may call.
 */
export const passwordAttempt = t.middleware(async ({ ctx, next }) => {
  await takeAddressAttempt(ctx.authLimits, ctx);
  return next();
});

/** No sign-in: 401. */
export function requireSignIn(ctx: Pick<Context, 'user' | 'authSession'>): { user: User; authSession: Session } {
  if (!ctx.user || !ctx.authSession) throw unauthorized();
  return { user: ctx.user, authSession: ctx.authSession };
}

/**
 * Anyone signed in, including a guest hunter bound to one game session. One middleware (publicProcedure's check,
 * then the sign-in), not publicProcedure plus one: every step of tRPC's chain copies its options, and every poll
 * of a live game passes here (decision 957).
 */
export const authedProcedure = t.procedure.use(async ({ ctx, next }) => {
  const signIn = signedIn(ctx);
  if (signIn) await signIn;
  // Outermost step of these chains too: faults under the procedure answer 503/507 (infrastructureFaults).
  return passFaultsAsAnswers(ctx, await next(narrowedCtx<{ user: User; authSession: Session }>()));
});

/** A context whose sign-in has been checked (signedIn). */
export type SignedInContext = Context & { user: User; authSession: Session };

/**
 * authedProcedure's check: 401 without a sign-in, or with a socket's sign-in that has ended since it connected.
 * A promise only for a socket's context (an HTTP request does not wait for a lookup), else undefined once checked.
 */
function signedIn(ctx: Context): Promise<void> | undefined {
  if (!ctx.longLived) {
    requireSignIn(ctx);
    return undefined;
  }
  return signInEndedSince(ctx).then(
    (ended) => {
      if (ended) throw unauthorized();
      requireSignIn(ctx);
    },
    (cause: unknown) => throwAsAnswer(ctx, cause),
  );
}

/**
 * `next`'s options for a middleware that only narrows ctx's type, its values being what the type says already
 * (requireSignIn has thrown otherwise): without a ctx, as a falsy one, tRPC hands the same ctx on instead of
 * copying its 25 fields into a new one (and a spread of undefined would keep them all too).
 */
function narrowedCtx<T extends object>(): { ctx: T } {
  return { ctx: undefined as unknown as T };
}

/** A role the caller does not hold: 403. */
export function requireRole(user: User, roles: readonly Role[]): void {
  if (!roles.includes(user.role)) throw forbidden('You do not have permission to do this');
}

export function roleProcedure(...roles: Role[]) {
  return authedProcedure.use(({ ctx, next }) => {
    requireRole(ctx.user, roles);
    return next();
  });
}

/** Signed-in accounts (not guests) of any role. */
export const accountProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.isGuest) throw forbidden('This needs an account');
  return next();
});

export const hunterProcedure = roleProcedure('hunter');
/** Who may call game-master procedures. */
export const GAME_MASTER_ROLES: readonly Role[] = ['gamemaster', 'admin'];
/**
 * Game-master procedures: game masters with an active subscription, and admins
 * (who may act on any session and need no subscription). A game master without
 * one gets 403 'Subscription Required'; anyone else 403.
 */
export const gameMasterProcedure = authedProcedure.use(async ({ ctx, next }) => {
  // The role, then the subscription, in one step (each step of tRPC's chain copies its options; decision 957).
  requireRole(ctx.user, GAME_MASTER_ROLES);
  await requireSubscription(ctx, ctx.user);
  return next();
});
export const adminProcedure = roleProcedure('admin');
/**
 * A positive id in a REST path or query string (plain decimal only, see
 * positiveId). A preprocessed schema reads as optional to the OpenAPI
 * generator, so the parameter is marked required here.
 */
export const idParam = (message: string) => positiveId(message).meta({ param: { required: true } });

/** Path parameter `{id}` of /api/game-sessions/{id}/...: a positive integer. */
export const SessionIdParam = z.object({
  id: idParam('Invalid session id'),
});

/**
 * Game-master procedures on one session: the caller must own it (admins may act
 * on any) and, being a game master, hold an active subscription. Loads the session once and hands it on as `ctx.gameSession`.
 */
export const ownedSessionProcedure = gameMasterProcedure.input(SessionIdParam).use(async ({ ctx, input, next }) => {
  return next({ ctx: { gameSession: await requireOwnedSession(ctx, ctx.user, input.id) } });
});

// Prepared once (db/prepared.ts): the game master's polled reads (tracking, hunter stats) all start here.
const sessionById = preparedQuery('game_session_by_id', (q) =>
  q
    .select()
    .from(gameSessions)
    .where(eq(gameSessions.id, sql.placeholder('id')))
    .limit(1),
);

/** The session, when the caller owns it or is an admin: 404 when it does not exist, else 403. */
export async function requireOwnedSession(ctx: Pick<Context, 'db'>, user: User, sessionId: number): Promise<GameSessionRow> {
  const [gameSession] = await sessionById(ctx.db, { id: sessionId });
  if (!gameSession) throw notFound('Session not found');
  if (gameSession.ownerId !== user.id && user.role !== 'admin') {
    throw forbidden('You do not own this session');
  }
  return gameSession;
}


/**
 * What a polled read's access step found: where its answer is kept (`read`; null: this caller's answer is not kept)
 * and what the service needs from the check (`ctx`, added to the procedure's ctx on a miss).
 */
export type SessionRead<TExtra extends object> = { read: ReadKey | null; ctx: TExtra };

/**
 * A polled read of one game session (CONVENTIONS 27; decisions 955, 970): sign-in, `callerCheck` (checks of the
 * caller alone, such as a role), the procedure's input, `access`
 * (role and the caller's part in the session, which also names where the answer is kept), then the cache, in ONE
 * step of the procedure's chain, then `.input()`, `.output()` and the service. A hit ends the chain in that step:
 * every step of tRPC's chain copies its options, and every poll of a live game passes here. The input is parsed
 * in the step with the procedure's own schema (the same error as tRPC's input step) because access needs it
 * before the cache; on a miss `.input()` parses it again for the rest of the chain. Same checks, same order and
 * same errors as `authedProcedure.input(input).use(access and cache)`; faults answer 503/507 as there.
 */
export function cachedSessionRead<TInput extends z.ZodType, TExtra extends object>(
  input: TInput,
  access: (ctx: SignedInContext, input: z.output<TInput>) => Promise<SessionRead<TExtra>>,
  /** Checks of the caller alone that come before the input (a game master's role and subscription). */
  callerCheck?: (ctx: SignedInContext) => Promise<void>,
) {
  return t.procedure
    .use(async ({ ctx, getRawInput, next }) => {
      const signIn = signedIn(ctx);
      if (signIn) await signIn;
      const caller = ctx as SignedInContext;
      let found: SessionRead<TExtra>;
      try {
        if (callerCheck) await callerCheck(caller);
        found = await access(caller, parsedInput(input, await getRawInput()));
      } catch (cause) {
        throwAsAnswer(ctx, cause);
      }
      const { read, ctx: extra } = found;
      const miss = () => next({ ctx: { ...extra, user: caller.user, authSession: caller.authSession } });
      return passFaultsAsAnswers(ctx, await readThroughCache(ctx.readCache, read, miss));
    })
    .input(input);
}

/**
 * A polled read of one session by its game master (ownedSessionProcedure's checks: sign-in, role and subscription,
 * the session's `{id}`, ownership), kept under `readKeyOf(gameSession)`: cachedSessionRead's one step.
 */
export function ownedSessionRead(readKeyOf: (gameSession: GameSessionRow) => ReadKey) {
  return cachedSessionRead(
    SessionIdParam,
    async (ctx, input) => {
      const gameSession = await requireOwnedSession(ctx, ctx.user, input.id);
      return { read: readKeyOf(gameSession), ctx: { gameSession } };
    },
    // gameMasterProcedure's step, before the input as there.
    async (ctx) => {
      requireRole(ctx.user, GAME_MASTER_ROLES);
      await requireSubscription(ctx, ctx.user);
    },
  );
}

/** The input as the procedure's `.input()` step parses it, with its error (400, the schema's issues as the cause). */
function parsedInput<TInput extends z.ZodType>(schema: TInput, raw: unknown): z.output<TInput> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new TRPCError({ code: 'BAD_REQUEST', cause: result.error });
  return result.data;
}
