// The generated OpenAPI 3 document: every procedure with OpenAPI meta, plus the
// plain multipart/webhook routes, which describe themselves in http/*.ts.
import fs from 'node:fs';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { Config } from './config';
import { API_DESCRIPTION, TAGS } from './openapi-guide';
import { appRouter } from './routers';

/** info.version follows the release in package.json (`../../` is the root from src/server/ and dist/server/ alike). */
const PACKAGE = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

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

type ProcedureMeta = {
  openapi?: { method: string; path: string; protect?: boolean; errorResponses?: Record<number, string> | number[] };
};

type Operation = NonNullable<NonNullable<OpenAPIObject['paths']>[string]['get']>;

/** Every operation of the document with its path and method. */
function* operations(doc: OpenAPIObject): Generator<[string, string, Operation]> {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item?.[method];
      if (operation) yield [path, method, operation];
    }
  }
}

function openApiProcedures() {
  // The flat map of every procedure by its dotted path.
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
  return Object.values(procedures).flatMap((procedure) => procedure._def.meta?.openapi ?? []);
}

/**
 * The generator caches one response object per error code, so the first
 * procedure's words (e.g. login's 'Invalid username or password') would describe
 * that status everywhere. Each operation gets its own description back here.
 */
function withOwnErrorDescriptions(doc: OpenAPIObject): OpenAPIObject {
  for (const openapi of openApiProcedures()) {
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

/**
 * The generator leaves `security` out of public procedures, which a client
 * generator reads as "the document's default": say plainly that no cookie is needed.
 */
function withPublicSecurity(doc: OpenAPIObject): OpenAPIObject {
  for (const openapi of openApiProcedures()) {
    const operation = doc.paths?.[openapi.path]?.[openapi.method.toLowerCase() as 'get'];
    if (operation && openapi.protect === false) operation.security = [];
  }
  return doc;
}

/** The operations whose 200 sets the session cookie. */
const SIGN_INS = new Set(['/auth/login', '/auth/register', '/hunter/join-session']);

/**
 * Document-wide additions: every operation may also answer any other 4xx
 * (malformed JSON, an unsupported content type, a malformed URL) with the same
 * `{ error }` body; sign-ins say they set the cookie; tags are described.
 */
function withClientErrorsAndCookies(doc: OpenAPIObject): OpenAPIObject {
  doc.components ??= {};
  const components = doc.components;
  if (!components.schemas?.Error) throw new Error('components/schemas/Error is registered by http/openapi-errors.ts');
  components.responses = {
    ...components.responses,
    ClientError: {
      description: 'Any other client error (malformed JSON or URL, unsupported content type): `{ error }`',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  };
  for (const [path, method, operation] of operations(doc)) {
    operation.responses ??= {};
    operation.responses['4XX'] ??= { $ref: '#/components/responses/ClientError' };
    const ok = operation.responses['200'];
    if (method === 'post' && SIGN_INS.has(path) && ok && !('$ref' in ok)) {
      ok.headers = {
        'Set-Cookie': {
          description: 'The `dinohunt_session` cookie: send it back as a `Cookie` header on later calls',
          schema: { type: 'string', example: 'dinohunt_session=…; Path=/; HttpOnly; SameSite=Lax' },
        },
      };
    }
  }
  doc.tags = TAGS;
  return doc;
}

export function openApiDocument(config: Config): OpenAPIObject {
  cached ??= withClientErrorsAndCookies(withPublicSecurity(withOwnErrorDescriptions(withTrueErrorSchemas(generateOpenApiDocument(appRouter, {
    title: 'Dinohunt API',
    description: API_DESCRIPTION,
    version: PACKAGE.version,
    baseUrl: `${config.PUBLIC_URL ?? ''}/api`,
    docsUrl: '/api/docs',
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'dinohunt_session' },
    },
    paths: Object.assign({}, ...extraPaths),
  })))));
  cached.info.license = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };
  return cached;
}
