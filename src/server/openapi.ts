// The generated OpenAPI 3 document: every procedure with OpenAPI meta, plus the
// plain multipart/webhook routes, which describe themselves in http/*.ts.
import fs from 'node:fs';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import type { Config } from './config';
import { API_DESCRIPTION, TAGS } from './openapi-guide';
import type { DinohuntMeta, DinohuntOpenApi, OperationExamples } from './openapi-meta';
import { appRouter } from './routers';

/** info.version follows the release in package.json (`../../` is the root from src/server/ and dist/server/ alike). */
const PACKAGE = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Paths served by plain route handlers (multipart uploads, webhooks, downloads). */
const extraPaths: ZodOpenApiPathsObject[] = [];

/** A plain route's operation says what the procedures' meta says (openapi-meta.ts). */
type DescribedOperation = ZodOpenApiOperationObject &
  Required<Pick<ZodOpenApiOperationObject, 'operationId' | 'summary' | 'description' | 'tags'>>;
type DescribedPaths = Record<string, { [M in 'get' | 'put' | 'post' | 'delete' | 'patch']?: DescribedOperation }>;

export function registerOpenApiPaths(paths: DescribedPaths): void {
  extraPaths.push(paths);
}

type SchemaObject = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string];

/** One document per configuration (PUBLIC_URL and SUPPORT_EMAIL show in it). */
const cached = new WeakMap<Config, OpenAPIObject>();

/** A message each kind of error really carries, so a copied example does not mislead (a 401 is not a 404's words). */
const ERROR_EXAMPLES: Record<string, string> = {
  BAD_REQUEST: 'Input validation failed',
  UNAUTHORIZED: 'Unauthorized',
  FORBIDDEN: 'Forbidden',
  NOT_FOUND: 'Session not found or invalid password',
  CONFLICT: 'Cannot pause the session: it is already paused',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a minute and try again.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  INTERNAL_SERVER_ERROR: 'An unexpected error occurred',
  SERVICE_UNAVAILABLE: 'The payment provider is unreachable. Please try again later.',
};

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
      error: { type: 'string', description: 'The human-readable message', example: ERROR_EXAMPLES[code] ?? 'Not found' },
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

/** Every REST procedure's `openapi` meta, as the generator walked the router (generatedDocument). */
type OpenApiProcedures = DinohuntOpenApi[];

/**
 * The generator caches one response object per error code, so the first
 * procedure's words (e.g. login's 'Invalid username or password') would describe
 * that status everywhere. Each operation gets its own description back here.
 */
function withOwnErrorDescriptions(doc: OpenAPIObject, procedures: OpenApiProcedures): OpenAPIObject {
  for (const openapi of procedures) {
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
function withPublicSecurity(doc: OpenAPIObject, procedures: OpenApiProcedures): OpenAPIObject {
  for (const openapi of procedures) {
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

type Parameter = { name: string; in: string; example?: unknown };
type MediaTypes = Record<string, { example?: unknown }>;

/**
 * The examples of each procedure's meta, where Swagger UI shows them and Spectral
 * checks them against the schemas: request keys that name a path or query
 * parameter go on that parameter, the others make the JSON body's example; the
 * response is the 200 answer's.
 */
function withExamples(doc: OpenAPIObject, procedures: OpenApiProcedures): OpenAPIObject {
  for (const openapi of procedures) {
    if (!openapi.examples) continue;
    const operation = doc.paths?.[openapi.path]?.[openapi.method.toLowerCase() as 'get'];
    if (!operation) continue;
    placeExamples(operation, openapi.examples, `${openapi.method} ${openapi.path}`);
  }
  return doc;
}

function placeExamples(operation: Operation, examples: OperationExamples, at: string): void {
  const body: Record<string, unknown> = {};
  const parameters = (operation.parameters ?? []) as Parameter[];
  for (const [name, value] of Object.entries(examples.request ?? {})) {
    const parameter = parameters.find((p) => p.name === name && (p.in === 'path' || p.in === 'query'));
    if (parameter) parameter.example = value;
    else body[name] = value;
  }
  if (Object.keys(body).length > 0) {
    const json = (operation.requestBody as { content?: MediaTypes } | undefined)?.content?.['application/json'];
    if (!json) throw new Error(`${at}: the request example has body fields (${Object.keys(body).join(', ')}) but no JSON body`);
    json.example = body;
  }
  if (examples.response !== undefined) {
    const json = (operation.responses?.['200'] as { content?: MediaTypes } | undefined)?.content?.['application/json'];
    if (!json) throw new Error(`${at}: a response example but no JSON 200 answer`);
    json.example = examples.response;
  }
}

const withoutTrailingSlash = (url: string | undefined) => url?.replace(/\/+$/, '');

/**
 * Who to write to (SUPPORT_EMAIL), and the human docs as an absolute link when the
 * public address is known (PUBLIC_URL); without it there is no link (Spectral
 * wants a URI, and a relative one would point nowhere from a downloaded copy).
 */
function withContactAndDocs(doc: OpenAPIObject, config: Config): OpenAPIObject {
  doc.info.contact = { name: 'Dinohunt support', email: config.SUPPORT_EMAIL };
  const publicUrl = withoutTrailingSlash(config.PUBLIC_URL);
  if (publicUrl) doc.externalDocs = { description: 'The guide and "Try it out"', url: `${publicUrl}/api/docs` };
  else delete doc.externalDocs;
  return doc;
}

/**
 * trpc-to-openapi's document of the router, and the `openapi` meta of every procedure in it,
 * collected through the generator's own `filter` hook (it sees each procedure it documents),
 * not by reading the router's internal definition.
 */
function generatedDocument(config: Config): { doc: OpenAPIObject; procedures: OpenApiProcedures } {
  const procedures: OpenApiProcedures = [];
  const doc = generateOpenApiDocument<DinohuntMeta>(appRouter, {
    title: 'Dinohunt API',
    description: API_DESCRIPTION,
    version: PACKAGE.version,
    baseUrl: `${withoutTrailingSlash(config.PUBLIC_URL) ?? ''}/api`,
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'dinohunt_session' },
    },
    paths: Object.assign({}, ...extraPaths),
    filter: ({ metadata }) => {
      procedures.push(metadata.openapi);
      return true;
    },
  });
  return { doc, procedures };
}

export function openApiDocument(config: Config): OpenAPIObject {
  const known = cached.get(config);
  if (known) return known;
  const generated = generatedDocument(config);
  const { procedures } = generated;
  const doc = withContactAndDocs(
    withExamples(
      withClientErrorsAndCookies(withPublicSecurity(withOwnErrorDescriptions(withTrueErrorSchemas(generated.doc), procedures), procedures)),
      procedures,
    ),
    config,
  );
  doc.info.license = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };
  cached.set(config, doc);
  return doc;
}
