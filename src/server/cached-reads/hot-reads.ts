// The polled REST reads of a live game (issue #15), served by their own Fastify routes
// instead of trpc-to-openapi's catch-all: no URL, AbortSignal or caller proxy per request,
// and no walk through every procedure's path pattern. The answer (hot-reads-answers.ts)
// runs the procedure's own rules (sign-in, roles, ownership), zod input and output schemas
// and errors, so the body is the same too; the document does not change (routes here are
// not described again: the procedures already are).
//
// What trpc-to-openapi 3.3 does per request (adapters/node-http/core), kept here:
// input = { ...query (first value of each non-empty key), ...path parameters (raw) },
// number fields coerced, answer `JSON.stringify(data)` as `application/json` with 200,
// errors as `{ ...errorShape, message, code, issues }` with the code's HTTP status.
// Path ids here must be plain digits: anything else (an encoded or odd segment) falls
// through to the catch-all, which answers it exactly as before.
import type { AnyProcedure } from '@trpc/server';
import { getErrorShape } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  coerceSchema,
  getErrorFromUnknown,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeObject,
  TRPC_ERROR_CODE_HTTP_STATUS,
  unwrapZodType,
  zodSupportsCoerce,
} from 'trpc-to-openapi';
import { signInOf } from '../context';
import type { AppDeps } from '../deps';
import { AppError, faultError, setRetryAfter } from '../errors';
import { appRouter } from '../routers';
import type { HotInput } from './hot-input';
import { HOT_ANSWERS, HOT_READS, hotCall } from './hot-reads-answers';

export { HOT_READS };

type Options = {
  deps: AppDeps;
  onError: (opts: { error: { code: string } }) => void;
};

type OpenApiMeta = { openapi: { method: string; path: string } };

const DIGITS = '^\\d+$';

/** The catch-all's input: { ...query (first value of each non-empty key), ...path parameters (raw) }. */
class RestInput implements HotInput {
  readonly url: string;

  constructor(
    private readonly request: FastifyRequest,
    private readonly rawParams: RegExp,
  ) {
    this.url = request.url;
  }

  read(): Record<string, unknown> {
    const input: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(this.request.query as Record<string, string | string[]>)) {
      if (value) input[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
    }
    const end = this.url.indexOf('?');
    return Object.assign(input, this.rawParams.exec(end === -1 ? this.url : this.url.slice(0, end))?.groups);
  }
}

export function registerHotReads(app: FastifyInstance, { deps, onError }: Options): void {
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  for (const procedurePath of HOT_READS) {
    const procedure = procedures[procedurePath];
    const meta = procedure?._def.meta as OpenApiMeta | undefined;
    if (!procedure || meta?.openapi.method !== 'GET') throw new Error(`${procedurePath} is not a REST GET`);
    // find-my-way regex parameters: only ids that are plain digits once decoded reach this door.
    const url = `/api${meta.openapi.path.replace(/\{(\w+)\}/g, (_, name: string) => `:${name}(${DIGITS})`)}`;
    // The catch-all reads path parameters undecoded (`%31` stays `%31`, and fails as an id): so does this door.
    const rawParams = getPathRegExp(`/api${meta.openapi.path}`);
    // The same one-off schema change the catch-all makes on its first call (coerce numbers from strings).
    const schema = unwrapZodType(getInputOutputParsers(procedure as never).inputParser as never, true);
    if (zodSupportsCoerce && instanceofZodTypeObject(schema)) coerceSchema(schema);

    app.get(url, async (request, reply) => {
      // The URL determines the input: validated once per URL (hot-input.ts).
      const input = new RestInput(request, rawParams);
      try {
        const signIn = await signInOf(deps, request.headers.cookie, (cookie) => reply.header('set-cookie', cookie));
        const answer = await HOT_ANSWERS[procedurePath](hotCall(deps, signIn), input);
        return reply.code(200).header('Content-Type', 'application/json').send(answer.json);
      } catch (cause) {
        const fault = faultError(cause);
        if (fault) setRetryAfter(fault, (name, value) => reply.header(name, value));
        const error = fault ?? getErrorFromUnknown(cause);
        onError({ error });
        const shape = getErrorShape({
          config: appRouter._def._config,
          error,
          type: 'query',
          path: procedurePath,
          input: input.read(),
          ctx: undefined, // the error formatter reads only the error
        }) as Record<string, unknown>;
        const invalidInput = error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';
        const body = {
          ...shape,
          message: invalidInput ? 'Input validation failed' : (shape?.message ?? error.message ?? 'An error occurred'),
          code: error.code,
          issues: invalidInput ? (error.cause as unknown as { issues: unknown }).issues : undefined,
        };
        return reply
          .code(error instanceof AppError ? error.status : (TRPC_ERROR_CODE_HTTP_STATUS[error.code] ?? 500))
          .header('Content-Type', 'application/json')
          .send(JSON.stringify(body));
      }
    });
  }
}
