// Helmet's security headers (CSP, HSTS, nosniff, frame and referrer rules, ...) on every
// answer. @fastify/helmet 13 rebuilds helmet's middleware (parsing the CSP directives) on
// every request; the same helmet, built once with the same options, sets the same headers.
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
      connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com', 'blob:', 'data:'],
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

export function installSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet(SECURITY_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
}
