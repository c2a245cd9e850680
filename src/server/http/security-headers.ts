// Helmet's security headers (CSP, HSTS, nosniff, frame and referrer rules, ...) on every
// answer. @fastify/helmet 13 rebuilds helmet's middleware (parsing the CSP directives) on
// every request; the same helmet, run once with the same options, gives the same headers,
// which are then set as a precomputed list (none of these options varies per request).
import type { FastifyInstance } from 'fastify';
// The same version @fastify/helmet depends on (its test compares the headers).
import helmet from 'helmet';

export const SECURITY_HEADERS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'", 'https://api.stripe.com', 'blob:', 'data:'],
      frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
      workerSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  // Needed for the AR view's camera and for model files loaded by the viewer.
  crossOriginEmbedderPolicy: false,
};

type HeaderOperation = { set: [name: string, value: string] } | { remove: string };

/** What helmet does to a response with these options, recorded once on a stand-in response. */
export function helmetHeaderOperations(options: Parameters<typeof helmet>[0]): HeaderOperation[] {
  const operations: HeaderOperation[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => operations.push({ set: [name, value] }),
    removeHeader: (name: string) => operations.push({ remove: name }),
  };
  let finished = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  // Helmet's middleware is synchronous; if a later version were not, fail at start-up rather than send no headers.
  if (!finished) throw new Error('helmet did not finish synchronously: its headers cannot be precomputed');
  return operations;
}

/**
 * The headers go into Fastify's own header object (reply.headers), not onto the raw response:
 * Node then gets them with Fastify's content-type and length in one writeHead, validated once,
 * instead of a setHeader each (and writeHead re-setting every Fastify header one by one once
 * any raw header exists). Every answer of this server is sent through its reply (REST, tRPC,
 * static files, downloads), so none misses them; the test checks each kind.
 */
/** Headers some answers add to these (the API's Cache-Control, api-no-store.ts), chosen by URL in the same hook. */
export type UrlHeaders = { applies: (url: string) => boolean; headers: Record<string, string> };

export function installSecurityHeaders(app: FastifyInstance, extra?: UrlHeaders): void {
  const operations = helmetHeaderOperations(SECURITY_HEADERS);
  const headers: Record<string, string> = {};
  const removed: string[] = [];
  for (const operation of operations) {
    if ('set' in operation) headers[operation.set[0].toLowerCase()] = operation.set[1];
    else removed.push(operation.remove.toLowerCase());
  }
  Object.freeze(headers);
  // One frozen set per kind of answer, so a request costs one hook and one headers call, not a hook per header.
  const withExtra = extra && Object.freeze({ ...headers, ...extra.headers });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(withExtra && extra.applies(request.url) ? withExtra : headers);
    for (const name of removed) reply.removeHeader(name);
    done();
  });
}
