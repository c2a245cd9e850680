// HTTP method rules for the REST door that trpc-to-openapi leaves out: HEAD
// answers like GET (without a body), and a known path called with a method it
// does not have (OPTIONS included: there is no CORS) answers 405 with an Allow
// header instead of 404.
import type { FastifyInstance } from 'fastify';
import type { OpenAPIObject } from 'trpc-to-openapi';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type CompiledPath = { pattern: RegExp; allow: string[] };

function compile(doc: OpenAPIObject): CompiledPath[] {
  return Object.entries(doc.paths ?? {}).map(([template, item]) => {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
    const allow = METHODS.filter((m) => (item as Record<string, unknown>)[m]).map((m) => m.toUpperCase());
    if (allow.includes('GET')) allow.push('HEAD');
    return { pattern: new RegExp(`^/api${source}/?$`), allow };
  });
}

type Verdict = { allow: string[] } | null;

/** The Allow list when `method` is not one of the path's methods, else null; undefined for paths not in the document. */
function verdict(compiled: CompiledPath[], path: string, method: string): Verdict | undefined {
  const matches = compiled.filter((c) => c.pattern.test(path));
  if (matches.length === 0) return undefined;
  const allow = [...new Set(matches.flatMap((m) => m.allow))];
  return allow.includes(method) ? null : { allow };
}

export function installMethodRules(app: FastifyInstance, document: () => OpenAPIObject): void {
  let compiled: CompiledPath[] | undefined;
  // The document is complete once every route is registered (plain routes add their paths).
  app.addHook('onReady', async () => {
    compiled ??= compile(document());
  });
  // A Fastify route's parameters never span a '/', so every path one route serves matches the same
  // document paths: the verdict is worked out on its first request and kept, per route and method.
  // Only catch-all routes ('*': trpc-to-openapi's, the 404 handler) are matched per request.
  const byRoute = new Map<string, Verdict | undefined>();
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (!url.startsWith('/api/')) return done();
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    compiled ??= compile(document());
    const route = request.routeOptions.url;
    const key = route && !route.includes('*') ? `${request.method} ${route}` : undefined;
    let found: Verdict | undefined;
    if (key !== undefined && byRoute.has(key)) found = byRoute.get(key);
    else {
      found = verdict(compiled, path, request.method);
      if (key !== undefined) byRoute.set(key, found);
    }
    if (found) {
      const allow = found.allow;
      // Answered here: the chain stops without done().
      reply
        .status(405)
        .header('Allow', allow.join(', '))
        .send({ error: `Method ${request.method} is not allowed here; use ${allow.join(', ')}` });
      return;
    }
    // The REST handler knows GET procedures only; Node drops the body of a HEAD answer itself.
    if (request.method === 'HEAD') request.raw.method = 'GET';
    done();
  });
}
