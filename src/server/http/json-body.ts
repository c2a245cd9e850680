// JSON request bodies for the REST and tRPC doors (decision 711). Bodies are checked before
// they are parsed: at most MAX_JSON_BODY_BYTES (413, Fastify stops reading past it) and at most
// MAX_JSON_DEPTH deep (400, one pass over the text that stops at the first bracket too many),
// so neither a megabyte of `[` nor a megabyte of anything reaches JSON.parse. Multipart uploads
// and the Stripe webhook have parsers (and limits) of their own. On REST an empty body is an
// empty object (tools often POST /pause with nothing); malformed JSON is a 400.
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { jsonDepthExceeds } from '../../domain/json-scan';
import { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH } from './limits';

export { MAX_JSON_DEPTH };

export const JSON_BODY_ERRORS = {
  malformed: 'Malformed JSON body',
  tooDeep: 'JSON body is nested too deeply',
} as const;

const refused = (message: string) => Object.assign(new Error(message), { statusCode: 400 });

/**
 * tRPC's Fastify plugin registers its own JSON parser (it hands tRPC the text, which tRPC parses
 * itself): its routes get the same size limit, and the same depth rule on the text before tRPC
 * sees it.
 */
function checkTrpcBody(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const body = request.body;
  if (typeof body === 'string' && jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
    reply.status(400).send({ error: JSON_BODY_ERRORS.tooDeep }); // answered: no done()
    return;
  }
  done();
}

export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_JSON_BODY_BYTES }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(refused(JSON_BODY_ERRORS.tooDeep), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(refused(JSON_BODY_ERRORS.malformed), undefined);
    }
    done(null, parsed);
  });
  // Routes registered after this (the tRPC plugin's, in their own scope): the same limits.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/trpc')) return;
    route.bodyLimit = MAX_JSON_BODY_BYTES;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => m !== 'GET' && m !== 'HEAD')) return; // bodiless reads (the hot ones) pay nothing
    const own = route.preValidation;
    route.preValidation = own === undefined ? checkTrpcBody : [checkTrpcBody, ...(Array.isArray(own) ? own : [own])];
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
