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

let cached: OpenAPIObject | undefined;

export function openApiDocument(config: Config): OpenAPIObject {
  cached ??= generateOpenApiDocument(appRouter, {
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
  });
  return cached;
}
