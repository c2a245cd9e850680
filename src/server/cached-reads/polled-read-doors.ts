// The polled reads' doors (decision 957): the 8 reads a live game polls every few seconds, over REST at their
// specification paths and over tRPC as the web client batches them, answered without the public adapters'
// per-request machinery (a fetch Request, Headers and AbortController per request and its abort on close; a URL,
// the catch-all's walk through every path pattern; a web stream for the body). Only the HTTP framing is written
// here: each call goes through the procedure itself (`callTRPCProcedure`, as tRPC's own HTTP handler calls it),
// so sign-in, role, access, the cache step, input and output schemas are the procedure's own, once per call.
// A kept answer's body text is made once (answer-transformer.ts).
//
// The framing is the adapters' (trpc-to-openapi 3.3 `adapters/node-http/core`, @trpc/server 11 `resolveResponse`;
// cached-answers.test.ts compares every door's bytes with the cache on and off):
// - REST: input `{ ...query (first value of each non-empty key), ...path parameters }`, answer
//   `JSON.stringify(data)` as `application/json` with 200; errors `{ ...errorShape, message, code, issues }` with
//   the code's status. Path ids must be plain digits: anything else (an encoded or odd segment) is not routed here
//   and reaches the catch-all, which answers it as before.
// - tRPC: a GET batch `?batch=1&input={"0":...}` (httpBatchLink's, one call or several) of these procedures only;
//   one context per batch, the calls in parallel, `[{"result":{"data":...}}|{"error":...},...]`, the calls' one
//   status or 207, `vary: trpc-accept, accept`. Anything else (another procedure in the batch, HEAD, streaming,
//   input that is not JSON) is left to tRPC's handler before any call runs.
import { callTRPCProcedure, getErrorShape, getTRPCErrorFromUnknown, type TRPCError, transformTRPCResponse } from '@trpc/server';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getErrorFromUnknown, getPathRegExp, TRPC_ERROR_CODE_HTTP_STATUS } from 'trpc-to-openapi';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE } from '../../domain/transport';
import type { Context } from '../context';
import { statusOf } from '../errors';
import { appRouter } from '../routers';
import { trpcWireConfig } from '../trpc';
import { jsonOf, trpcResultOf } from './answer-transformer';

/** The polled reads: their procedure and their REST path (as in their `.meta`). */
export const POLLED_READS = {
  'comms.list': { rest: '/game-sessions/{id}/communications' },
  'comms.hunterLocations': { rest: '/game-sessions/{id}/hunter-locations' },
  'deploy.list': { rest: '/game-sessions/{id}/dinosaurs' },
  'deploy.listBySession': { rest: '/game-dinosaurs/{sessionId}' },
  'sessions.get': { rest: '/game-sessions/{id}' },
  'sessions.timeStatus': { rest: '/game-sessions/{id}/time-status' },
  'stats.hunterStats': { rest: '/hunter/stats' },
  'stats.sessionHunterStats': { rest: '/game-sessions/{id}/hunter-stats' },
} as const;

/**
 * Calls the query at `path` as tRPC's own handler does (its public `callTRPCProcedure`): the procedure's whole chain,
 * once, without a caller's proxy per request. Inputs come from the URL and are the procedure's to validate.
 */
function callPolledRead(path: PolledRead, ctx: Context, input: unknown, batchIndex = 0): Promise<unknown> {
  return callTRPCProcedure({ router: appRouter, path, ctx, type: 'query', getRawInput: async () => input, signal: undefined, batchIndex });
}

type PolledRead = keyof typeof POLLED_READS;
const isPolledRead = (path: string): path is PolledRead => Object.hasOwn(POLLED_READS, path);

type CreateContext = (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<Context>;
type OnError = (opts: { error: TRPCError; path?: string }) => void;
type Options = { createContext: CreateContext; onRestError: OnError; onTrpcError: OnError };

/** A path parameter routed here: plain digits only (decoded and raw alike). */
const DIGITS = '^\\d+$';

/** Registers the REST routes and the tRPC batch door; before tRPC's Fastify plugin (whose route the door joins). */
export function registerPolledReadDoors(app: FastifyInstance, prefixes: { rest: string; trpc: string }, options: Options): void {
  for (const [procedure, { rest }] of Object.entries(POLLED_READS) as [PolledRead, (typeof POLLED_READS)[PolledRead]][]) {
    const url = prefixes.rest + rest.replace(/\{(\w+)\}/g, (_, name: string) => `:${name}(${DIGITS})`);
    // Fastify decodes parameters (`%31` is `1` here); the catch-all reads them undecoded (`%31` fails as an id): so does this door.
    const rawParams = rest.includes('{') ? getPathRegExp(prefixes.rest + rest) : undefined;
    app.get(url, (request, reply) => answerRest(procedure, rawParams, request, reply, options));
  }
  installTrpcBatchDoor(app, `${prefixes.trpc}/:path`, options);
}

/** trpc-to-openapi's answer to a GET of `procedure`. */
async function answerRest(procedure: PolledRead, rawParams: RegExp | undefined, request: FastifyRequest, reply: FastifyReply, options: Options) {
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.query as Record<string, string | string[]>)) {
    if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
  }
  if (rawParams) {
    const url = request.url;
    const end = url.indexOf('?');
    const path = end === -1 ? url : url.slice(0, end);
    // A path without '%' decodes to itself: Fastify's parameters are the raw ones, with no pattern to run.
    Object.assign(input, path.includes('%') ? rawParams.exec(path)?.groups : request.params);
  }
  let ctx: Context | undefined;
  try {
    ctx = await options.createContext({ req: request, res: reply });
    const data = await callPolledRead(procedure, ctx, input);
    return reply.code(200).header('Content-Type', 'application/json').send(jsonOf(data));
  } catch (cause) {
    const error = getErrorFromUnknown(cause);
    options.onRestError({ error, path: procedure });
    const shape = getErrorShape({ config: trpcWireConfig, error, type: 'query', path: procedure, input, ctx });
    const invalidInput = error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';
    const body = {
      ...shape,
      message: invalidInput ? 'Input validation failed' : (shape?.message ?? error.message ?? 'An error occurred'),
      code: error.code,
      issues: invalidInput ? (error.cause as unknown as { issues: unknown }).issues : undefined,
    };
    return reply
      // An AppError's own status (507 shares its code with 503), as the REST plugin's responseMeta (app.ts).
      .code(statusOf(error) ?? TRPC_ERROR_CODE_HTTP_STATUS[error.code] ?? 500)
      .header('Content-Type', 'application/json')
      .send(JSON.stringify(body));
  }
}

/** A batch as the web client's httpBatchLink sends it (`?batch=1&input={"0":...}`, no streaming), else undefined. */
function batchInputs(request: FastifyRequest, count: number): unknown[] | undefined {
  if (request.headers['trpc-accept'] !== undefined || count > TRPC_MAX_BATCH_SIZE) return undefined;
  let batch = false;
  let raw: unknown;
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (key === 'batch' && value === '1') batch = true;
    else if (key === 'input' && typeof value === 'string') {
      try {
        raw = JSON.parse(value);
      } catch {
        return undefined;
      }
    } else return undefined;
  }
  if (!batch || (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw)))) return undefined;
  const inputs: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const one = (raw as Record<string, unknown> | undefined)?.[i];
    try {
      inputs.push(one === undefined ? undefined : superjson.deserialize(one as never));
    } catch {
      return undefined;
    }
  }
  return inputs;
}

type CallAnswer = { status: number; body: string };

/** One call's item in a batch's answer and its HTTP status. */
async function answerCall(path: PolledRead, input: unknown, context: Promise<Context>, batchIndex: number, onError: OnError): Promise<CallAnswer> {
  let ctx: Context | undefined;
  try {
    ctx = await context;
    return { status: 200, body: trpcResultOf(await callPolledRead(path, ctx, input, batchIndex)) };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    onError({ error, path });
    const response = { error: getErrorShape({ config: trpcWireConfig, ctx, error, input, path, type: 'query' }) };
    return { status: getHTTPStatusCode(response), body: JSON.stringify(transformTRPCResponse(trpcWireConfig, response)) };
  }
}

/** Answers a GET batch of polled reads as tRPC's handler would, and says so; false leaves it to tRPC's handler. */
async function answerBatch(request: FastifyRequest, reply: FastifyReply, options: Options): Promise<boolean> {
  if (request.method !== 'GET') return false;
  const paths = (request.params as { path: string }).path.split(',');
  if (!paths.every(isPolledRead)) return false;
  const inputs = batchInputs(request, paths.length);
  if (!inputs) return false;
  // One context per batch, as tRPC's handler makes.
  const context = options.createContext({ req: request, res: reply });
  const answers = await Promise.all(paths.map((path, i) => answerCall(path, inputs[i], context, i, options.onTrpcError)));
  let status = answers[0]!.status;
  let body = '[';
  for (const [i, answer] of answers.entries()) {
    if (answer.status !== status) status = 207;
    body += i === 0 ? answer.body : `,${answer.body}`;
  }
  reply
    .code(status)
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    // A Buffer: Fastify would add `; charset=utf-8` to a string's type, which tRPC's answer has not.
    .send(Buffer.from(`${body}]`));
  return true;
}

/** tRPC's Fastify route (`<prefix>/:path`) answers a GET batch of polled reads in a preHandler, before its handler. */
function installTrpcBatchDoor(app: FastifyInstance, route: string, options: Options): void {
  app.addHook('onRoute', (options_) => {
    if (options_.url !== route) return;
    if (options_.preHandler) throw new Error(`${route} has a preHandler already`);
    options_.preHandler = (request, reply, done) => {
      // Answered here (no done()), or left to tRPC's handler; a failure outside the calls goes to Fastify.
      answerBatch(request, reply, options).then(
        (answered) => {
          if (!answered) done();
        },
        (err: unknown) => done(err as Error),
      );
    };
  });
}
