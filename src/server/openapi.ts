// The generated OpenAPI 3 document: every procedure with OpenAPI meta, plus the
// plain multipart/webhook routes, which describe themselves in http/*.ts.
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { Config } from './config';
import { appRouter } from './routers';

/** Paths served by plain route handlers (multipart uploads, webhooks, downloads). */
const extraPaths: ZodOpenApiPathsObject[] = [];

export function registerOpenApiPaths(paths: ZodOpenApiPathsObject): void {
  extraPaths.push(paths);
}

type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

let cached: OpenAPIObject | undefined;

/**
 * What every error answer really carries (the generator's default schemas know
 * only message/code/issues): `error` is the human message the spec's client reads.
 */
function errorBodySchema(code: string, title: unknown): SchemaObject {
  return {
    type: 'object',
    title: typeof title === 'string' ? title : `${code} error`,
    description: 'An error answer. Read `error`; validation failures also map each field to its message.',
    properties: {
      error: { type: 'string', description: 'The human-readable message', example: 'Session not found or invalid password' },
      message: { type: 'string', description: 'The same message (or "Input validation failed")' },
      code: { type: 'string', example: code },
      data: {
        type: 'object',
        properties: {
          code: { type: 'string' },
          httpStatus: { type: 'integer' },
          path: { type: 'string' },
          fieldErrors: {
            type: 'object',
            description: 'Field name -> the specification message for that field',
            additionalProperties: { type: 'string' },
          },
        },
      },
      issues: { type: 'array', items: { type: 'object' } },
    },
    required: ['error'],
    // Some answers add fields beside `error`, e.g. contactRequired, subscriptionRequired, message.
    additionalProperties: true,
  };
}

function withTrueErrorSchemas(doc: OpenAPIObject): OpenAPIObject {
  const schemas = doc.components?.schemas ?? {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (name.startsWith('error.')) schemas[name] = errorBodySchema(name.slice('error.'.length), (schema as { title?: unknown }).title);
  }
  return doc;
}

/** What an error status means when a procedure does not say it in its own words. */
const GENERIC_ERROR_DESCRIPTIONS: Record<string, string> = {
  400: 'Invalid input',
  401: 'Not signed in',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  429: 'Too many attempts',
  500: 'Unexpected error',
};

type ProcedureMeta = { openapi?: { method: string; path: string; errorResponses?: Record<number, string> | number[] } };

/**
 * The generator caches one response object per error code, so the first
 * procedure's words (e.g. login's 'Invalid username or password') would describe
 * that status everywhere. Each operation gets its own description back here.
 */
function withOwnErrorDescriptions(doc: OpenAPIObject): OpenAPIObject {
  // The flat map of every procedure by its dotted path.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
  for (const procedure of Object.values(procedures)) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    const operation = doc.paths?.[openapi.path]?.[openapi.method.toLowerCase() as 'get'];
    if (!operation?.responses) continue;
    const own = Array.isArray(openapi.errorResponses) ? {} : (openapi.errorResponses ?? {});
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status.startsWith('2') || !response || '$ref' in response) continue;
      const description = own[Number(status)] ?? GENERIC_ERROR_DESCRIPTIONS[status] ?? response.description;
      operation.responses[status] = { ...response, description };
    }
  }
  return doc;
}

export function openApiDocument(config: Config): OpenAPIObject {
  cached ??= withOwnErrorDescriptions(withTrueErrorSchemas(generateOpenApiDocument(appRouter, {
    title: 'Dinohunt API',
    description: [
      'REST API of Dinohunt, the GPS-driven AR dinosaur hunting platform.',
      'Authentication: the `dinohunt_session` cookie set by POST /api/auth/login, /api/auth/register or',
      '/api/hunter/join-session. Errors answer `{ "error": "<message>" }` with the HTTP status.',
      'The same procedures are served to our own client over tRPC at /trpc.',
    ].join(' '),
    version: '1.0.0',
    baseUrl: `${config.PUBLIC_URL ?? ''}/api`,
    docsUrl: '/api/docs',
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'dinohunt_session' },
    },
    paths: Object.assign({}, ...extraPaths),
  })));
  return cached;
}
