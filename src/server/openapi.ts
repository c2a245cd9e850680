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

export function openApiDocument(config: Config): OpenAPIObject {
  cached ??= withTrueErrorSchemas(generateOpenApiDocument(appRouter, {
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
  }));
  return cached;
}
