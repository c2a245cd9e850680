// The same polled reads over tRPC (`GET /trpc/<procedure>?input=...`, one call, no batch),
// answered without tRPC's Fetch adapter: no Request, Headers, AbortController or Response
// per call. Same answer as the REST door (hot-reads-answers.ts: the procedure's own rules
// and schemas), same superjson body, status and headers as
// @trpc/server 11's resolveResponse gives a single query. Anything else (a batch, HEAD,
// streaming or connection parameters, input that is not JSON) goes to tRPC's own handler.
import type { AnyProcedure } from '@trpc/server';
import { fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import {
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TRPC_MAX_BATCH_SIZE } from '../../domain/rules';
import { type Context, signInOf } from '../context';
import type { AppDeps } from '../deps';
import { appRouter } from '../routers';
import type { HotInput } from './hot-input';
import { HOT_READS } from './hot-reads';
import { HOT_ANSWERS, hotCall, trpcBody } from './hot-reads-answers';

type Options = {
  deps: AppDeps;
  /** For the calls tRPC's own handler takes (batches, HEAD, ...). */
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => Promise<Context>;
  onError: (opts: { error: { code: string }; path?: string }) => void;
};

/** Parsed `input`, or undefined when this request is not a plain single call (tRPC's handler takes it). */
function plainCallInput(request: FastifyRequest): { input: unknown } | undefined {
  if (request.headers['trpc-accept'] !== undefined) return undefined;
  let input: unknown;
  for (const [key, value] of Object.entries(request.query as Record<string, unknown>)) {
    if (key !== 'input' || typeof value !== 'string') return undefined;
    try {
      input = appRouter._def._config.transformer.input.deserialize(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return { input };
}

/** The deserialized `input` of a plain call (a class, not a closure per request: tsx's keepNames names those). */
class TrpcInput implements HotInput {
  constructor(
    readonly url: string,
    private readonly input: unknown,
  ) {}

  read(): unknown {
    return this.input;
  }
}

export function registerHotTrpcReads(app: FastifyInstance, prefix: string, { deps, createContext, onError }: Options): void {
  const config = appRouter._def._config;
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  for (const path of HOT_READS) {
    const procedure = procedures[path];
    if (procedure?._def.type !== 'query') throw new Error(`${path} is not a query`);
    // HEAD stays with tRPC's handler (it answers 204).
    // A plain call is answered synchronously (no promise per request); tRPC's handler returns its own.
    app.get(`${prefix}/${path}`, { exposeHeadRoute: false }, (request, reply) => {
      const call = plainCallInput(request);
      if (!call) {
        // The same batch cap as the /trpc plugin (app.ts): `/trpc/<hot read>?batch=1` comes here.
        return fastifyRequestHandler({
          router: appRouter,
          createContext,
          onError,
          req: request,
          res: reply,
          path,
          maxBatchSize: TRPC_MAX_BATCH_SIZE,
        } as never);
      }
      let status = 200;
      let body: Buffer;
      try {
        const signIn = signInOf(deps, request.headers.cookie, (cookie) => reply.header('set-cookie', cookie));
        // The URL determines the input: validated once per URL (hot-input.ts).
        body = trpcBody(HOT_ANSWERS[path](hotCall(deps, signIn), new TrpcInput(request.url, call.input)));
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        onError({ error, path });
        // The error formatter reads only the error (no context).
        const response = { error: getErrorShape({ config, ctx: undefined, error, input: call.input, path, type: 'query' }) };
        status = getHTTPStatusCode(response as never);
        body = Buffer.from(JSON.stringify(transformTRPCResponse(config, response as never)));
      }
      reply
        .code(status)
        .header('vary', 'trpc-accept, accept')
        .header('content-type', 'application/json')
        // A Buffer: Fastify would add `; charset=utf-8` to a string's type, which tRPC's answer has not.
        .send(body);
    });
  }
}
