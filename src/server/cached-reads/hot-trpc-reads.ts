// The same polled reads over tRPC, as the web client sends them: httpBatchLink's GET batch
// (`/trpc/comms.list,stats.hunterStats?batch=1&input={"0":...,"1":...}`, one call or several),
// answered without tRPC's Fetch adapter (no Request, Headers, AbortController or Response per
// request) and through the read cache. Same answers as the REST door (hot-reads-answers.ts:
// the procedures' own rules and schemas), same superjson body, status and headers as
// @trpc/server 11's resolveResponse gives the batch. A batch with any other procedure, a
// request without `batch=1` (the client never sends one), HEAD, streaming, connection
// parameters or input that is not JSON goes to tRPC's own handler.
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_MAX_BATCH_SIZE } from '../../domain/transport';
import { signInOf } from '../context';
import type { AppDeps } from '../deps';
import { faultError, setRetryAfter } from '../errors';
import { appRouter } from '../routers';
import type { HotInput } from './hot-input';
import { HOT_ANSWERS, HOT_READS, type HotCall, hotCall, trpcBody } from './hot-reads-answers';

type Options = {
  deps: AppDeps;
  onError: (opts: { error: { code: string }; path?: string }) => void;
};

type HotRead = (typeof HOT_READS)[number];

/** A batch as the web client's httpBatchLink sends it: `?batch=1&input={"0":...,"1":...}`, no streaming. */
function batchInputs(request: FastifyRequest, count: number): unknown[] | undefined {
  if (request.headers['trpc-accept'] !== undefined) return undefined;
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
  if (!batch || count > TRPC_MAX_BATCH_SIZE) return undefined;
  if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw))) return undefined;
  const inputs: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const one = (raw as Record<string, unknown> | undefined)?.[i];
    try {
      inputs.push(one === undefined ? undefined : transformer.input.deserialize(one));
    } catch {
      return undefined;
    }
  }
  return inputs;
}

/** The deserialized `input` of one call; its URL key names the call's place in the batch. */
class TrpcInput implements HotInput {
  constructor(
    readonly url: string,
    private readonly input: unknown,
  ) {}

  read(): unknown {
    return this.input;
  }
}

/** One call's item in a batch's answer (tRPC's JSON, transformed) and its HTTP status. */
async function answerCall(
  call: HotCall,
  path: HotRead,
  input: TrpcInput,
  onError: Options['onError'],
): Promise<{ status: number; body: Buffer; retryAfter?: string }> {
  try {
    return { status: 200, body: trpcBody(await HOT_ANSWERS[path](call, input)) };
  } catch (cause) {
    // The database away: 503 with Retry-After as tRPC's handler answers it (trpc.ts), not a 500.
    const fault = faultError(cause);
    let retryAfter: string | undefined;
    if (fault) setRetryAfter(fault, (_name, value) => (retryAfter = value));
    const error = fault ?? getTRPCErrorFromUnknown(cause);
    onError({ error, path });
    // The error formatter reads only the error (no context).
    const response = { error: getErrorShape({ config, ctx: undefined, error, input: input.read(), path, type: 'query' }) };
    const body = Buffer.from(JSON.stringify(transformTRPCResponse(config, response as never)));
    return { status: getHTTPStatusCode(response as never), body, retryAfter };
  }
}

const config = appRouter._def._config;
const transformer = config.transformer;
const HOT = new Set<string>(HOT_READS);
const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/**
 * Answers a GET batch of polled reads as tRPC's handler would, and says so; false leaves the
 * request to tRPC's handler (another procedure in the batch, streaming, HEAD, odd input).
 */
async function answerBatch(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  paths: string[],
  onError: Options['onError'],
): Promise<boolean> {
  if (request.method !== 'GET' || !paths.every((p) => HOT.has(p))) return false;
  const inputs = batchInputs(request, paths.length);
  if (!inputs) return false;
  // One sign-in per request, as tRPC creates one context per batch.
  const signIn = await signInOf(deps, request.headers.cookie, (cookie) => reply.header('set-cookie', cookie)).catch((err: unknown) => {
    // The database away: tRPC's handler answers instead, in a batch's shape (503 for each call).
    if (faultError(err)) return null;
    throw err;
  });
  if (!signIn) return false;
  const call = hotCall(deps, signIn);
  const parts: Buffer[] = [OPEN];
  const statuses = new Set<number>();
  for (const [i, path] of paths.entries()) {
    // The URL determines every input of the batch: validated once per URL and place (hot-input.ts).
    const answer = await answerCall(call, path as HotRead, new TrpcInput(`${i} ${request.url}`, inputs[i]), onError);
    statuses.add(answer.status);
    if (answer.retryAfter !== undefined) reply.header('retry-after', answer.retryAfter);
    if (i > 0) parts.push(COMMA);
    parts.push(answer.body);
  }
  parts.push(CLOSE);
  reply
    // tRPC's status for a batch: the calls' one status, or 207 when they differ.
    .code(statuses.size === 1 ? statuses.values().next().value! : 207)
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    // A Buffer: Fastify would add `; charset=utf-8` to a string's type, which tRPC's answer has not.
    .send(Buffer.concat(parts));
  return true;
}

/**
 * Before tRPC's Fastify plugin registers: its one route (`<prefix>/:path`) answers a GET batch
 * of polled reads here, before its handler; anything else goes on to the handler.
 */
export function installHotTrpcBatches(app: FastifyInstance, prefix: string, { deps, onError }: Options): void {
  app.addHook('onRoute', (route) => {
    if (route.url !== `${prefix}/:path`) return;
    if (route.preHandler) throw new Error(`${route.url} has a preHandler already`);
    route.preHandler = (request, reply, done) => {
      const paths = (request.params as { path: string }).path.split(',');
      // Answered here (no done()), or left to tRPC's handler; a failure outside the calls (the sign-in's lookup) goes to Fastify.
      void answerBatch(deps, request, reply, paths, onError).then(
        (answered) => {
          if (!answered) done();
        },
        (err: unknown) => done(err as Error),
      );
    };
  });
}
