// POST /api/stripe/webhook: Stripe's signature is verified on the exact raw body,
// so this route lives in an encapsulated plugin with its own JSON parser that
// keeps the body as a Buffer; the app's global JSON parser is untouched.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import { registerOpenApiPaths } from '../openapi';
import { errorResponse } from './openapi-errors';
import { MalformedWebhookEvent } from '../payments/provider';
import { handleWebhookEvent } from '../services/billing';

export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';

export async function stripeWebhookRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      if (deps.payments.name !== 'stripe') {
        return reply.status(503).send({ error: 'No payment provider is configured' });
      }
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
      const header = request.headers['stripe-signature'];
      let event: ReturnType<typeof deps.payments.verifyWebhook>;
      try {
        event = deps.payments.verifyWebhook(raw, Array.isArray(header) ? header[0] : header);
      } catch (err) {
        const message = err instanceof MalformedWebhookEvent ? err.message : 'Invalid Stripe signature';
        return reply.status(400).send({ error: message });
      }
      // Errors here answer 5xx so that Stripe retries later.
      const { duplicate } = await handleWebhookEvent(deps, event);
      return reply.send({ received: true, duplicate });
    });
  });
}

registerOpenApiPaths({
  '/stripe/webhook': {
    post: {
      operationId: 'billing-stripeWebhook',
      tags: ['billing'],
      summary: "Stripe's webhook (signed with STRIPE_WEBHOOK_SECRET)",
      // Called by Stripe, not by a signed-in user: the Stripe-Signature header is its proof.
      security: [],
      description: [
        'Handles customer.subscription.created/updated/deleted/paused/resumed, invoice.paid, invoice.payment_succeeded,',
        'invoice.payment_failed (subscription state is re-read from Stripe), payment_intent.succeeded (session credits,',
        'metadata.kind = credits) and payment_intent.canceled. Each event id is handled once: a replay changes nothing.',
        'Called by Stripe only, without a cookie: 400 for a bad signature or a body that is not an event, 503 without a payment provider configured.',
      ].join(' '),
      parameters: [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: z.object({ id: z.string(), type: z.string() }).loose() } } },
      responses: {
        200: {
          description: 'Handled (or already handled: duplicate true)',
          content: { 'application/json': { schema: z.object({ received: z.literal(true), duplicate: z.boolean() }) } },
        },
        400: errorResponse('Invalid signature, or a signed body that is not an event'),
        503: errorResponse('No payment provider is configured, or Stripe is unreachable'),
      },
    },
  },
});
