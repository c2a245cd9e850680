// JSON request bodies for the REST doors: an empty body is an empty object (tools
// often POST /pause with nothing), malformed or absurdly nested JSON is a 400.
import type { FastifyInstance } from 'fastify';

/** Deeper than any of our inputs by far; deeper bodies would only exhaust the stack downstream. */
export const MAX_JSON_DEPTH = 32;

/** Nesting depth of a parsed JSON value, measured without recursion. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

const malformed = () => Object.assign(new Error('Malformed JSON body'), { statusCode: 400 });

export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(malformed(), undefined);
    }
    if (jsonDepth(parsed) > MAX_JSON_DEPTH) return done(malformed(), undefined);
    done(null, parsed);
  });
  // trpc-to-openapi needs a JSON content type on bodies; tools often send none on empty POSTs.
  // Callback hooks (here and in method-rules.ts, app.ts): an async one costs every request a promise and a microtask turn.
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      request.url.startsWith('/api/') &&
      !request.headers['content-type'] &&
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method)
    ) {
      request.headers['content-type'] = 'application/json';
    }
    done();
  });
}
