// A local test double of the parts of Stripe's API that billing uses: customers,
// prices, subscriptions (latest_invoice with confirmation_secret, or the older
// payment_intent) and payment intents. It listens on 127.0.0.1 on an ephemeral
// port, records every request, answers realistic objects, and lets tests move
// objects on (pay, renew, fail, cancel) and build the matching webhook events.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Obj = Record<string, any>;

export type RecordedRequest = { method: string; path: string; query: Obj; body: Obj; headers: http.IncomingHttpHeaders };

const WEEK_S = 7 * 24 * 60 * 60;
const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      if (last) node[part] = value;
      else {
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part];
      }
    });
  }
  return root;
}

function stripeError(status: number, message: string, type = 'invalid_request_error', code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

export type StripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;

export async function startStripeDouble(opts: { secretKey?: string } = {}) {
  const secretKey = opts.secretKey ?? 'sk_test_double';
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const settings = {
    /** Answer subscriptions without any client secret on the first invoice. */
    omitClientSecret: false,
    /** Answer the older shape: latest_invoice.payment_intent.client_secret instead of confirmation_secret. */
    legacyInvoiceShape: false,
    /** Next request answers this error (once). */
    failNext: null as null | { status: number; message: string; type?: string },
  };

  function newPaymentIntent(amount: number, currency: string, extra: Obj = {}): Obj {
    const id = newId('pi');
    const pi = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${crypto.randomBytes(8).toString('hex')}`,
      created: nowS(),
      livemode: false,
      metadata: {},
      ...extra,
    };
    paymentIntents.set(id, pi);
    return pi;
  }

  function newInvoice(sub: Obj, price: Obj): Obj {
    const id = newId('in');
    const pi = newPaymentIntent(price.unit_amount, price.currency, { customer: sub.customer, description: 'Subscription creation' });
    const invoice = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: 'open',
      amount_due: price.unit_amount,
      amount_paid: 0,
      currency: price.currency,
      billing_reason: 'subscription_create',
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      confirmation_secret: { client_secret: pi.client_secret, type: 'payment_intent' },
      period_start: sub.items.data[0].current_period_start,
      period_end: sub.items.data[0].current_period_end,
      payment_intent_id: pi.id,
      livemode: false,
    };
    invoices.set(id, invoice);
    return invoice;
  }

  function expandSubscription(sub: Obj, expand: string[]): Obj {
    const out = structuredClone(sub);
    const invoice = invoices.get(sub.latest_invoice);
    if (invoice && expand.some((e) => e.startsWith('latest_invoice'))) {
      const inv = structuredClone(invoice);
      if (settings.omitClientSecret) inv.confirmation_secret = null;
      if (settings.legacyInvoiceShape) {
        inv.payment_intent = structuredClone(paymentIntents.get(invoice.payment_intent_id));
        delete inv.confirmation_secret;
      }
      delete inv.payment_intent_id;
      out.latest_invoice = inv;
    }
    return out;
  }

  function route(method: string, path: string, query: Obj, body: Obj): { status: number; body: unknown } {
    const expand: string[] = [...(body.expand ?? []), ...(query.expand ?? [])];
    const seg = path.split('/').filter(Boolean); // ['v1', 'customers', id?, action?]
    const [, resource, id, action] = seg;

    if (resource === 'customers' && method === 'POST' && !id) {
      const customer = { id: newId('cus'), object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {}, created: nowS(), livemode: false };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }

    if (resource === 'prices' && method === 'GET' && !id) {
      const keys: string[] = query.lookup_keys ?? [];
      const data = [...prices.values()].filter((p) => keys.length === 0 || keys.includes(p.lookup_key));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/prices' } };
    }
    if (resource === 'prices' && method === 'POST' && !id) {
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: body.recurring ? { interval: body.recurring.interval, interval_count: 1 } : null,
        type: body.recurring ? 'recurring' : 'one_time',
        product: newId('prod'),
        lookup_key: body.lookup_key ?? null,
        metadata: body.metadata ?? {},
        livemode: false,
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }

    if (resource === 'subscriptions') {
      if (method === 'POST' && !id) {
        if (!customers.has(body.customer)) return stripeError(400, `No such customer: '${body.customer}'`, 'invalid_request_error', 'resource_missing');
        const priceId = body.items?.[0]?.price;
        const price = prices.get(priceId);
        if (!price) return stripeError(400, `No such price: '${priceId}'`, 'invalid_request_error', 'resource_missing');
        const start = nowS();
        const sub: Obj = {
          id: newId('sub'),
          object: 'subscription',
          customer: body.customer,
          status: body.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active',
          currency: price.currency,
          metadata: body.metadata ?? {},
          items: {
            object: 'list',
            data: [{ id: newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: start, current_period_end: start + WEEK_S }],
          },
          created: start,
          livemode: false,
          cancel_at_period_end: false,
        };
        sub.latest_invoice = newInvoice(sub, price).id;
        subscriptions.set(sub.id, sub);
        return { status: 200, body: expandSubscription(sub, expand) };
      }
      const sub = id ? subscriptions.get(id) : undefined;
      if (!sub) return stripeError(404, `No such subscription: '${id}'`, 'invalid_request_error', 'resource_missing');
      if (method === 'GET') return { status: 200, body: expandSubscription(sub, expand) };
      if (method === 'DELETE') {
        sub.status = 'canceled';
        return { status: 200, body: structuredClone(sub) };
      }
      if (method === 'POST' && !action) {
        const item = body.items?.[0];
        if (item?.price) {
          const price = prices.get(item.price);
          if (!price) return stripeError(400, `No such price: '${item.price}'`);
          sub.items.data[0].price = price;
        }
        if (body.metadata) sub.metadata = body.metadata;
        if (body.cancel_at_period_end !== undefined) {
          if (sub.status === 'canceled') return stripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
          const cancel = body.cancel_at_period_end === 'true';
          sub.cancel_at_period_end = cancel;
          sub.cancel_at = cancel ? sub.items.data[0].current_period_end : null;
          sub.canceled_at = cancel ? nowS() : null;
        }
        return { status: 200, body: expandSubscription(sub, expand) };
      }
    }

    if (resource === 'payment_intents') {
      if (method === 'POST' && !id) {
        const pi = newPaymentIntent(Number(body.amount), body.currency, {
          customer: body.customer ?? null,
          description: body.description ?? null,
          metadata: body.metadata ?? {},
        });
        return { status: 200, body: pi };
      }
      const pi = id ? paymentIntents.get(id) : undefined;
      if (!pi) return stripeError(404, `No such payment_intent: '${id}'`, 'invalid_request_error', 'resource_missing');
      if (method === 'GET') return { status: 200, body: pi };
    }

    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      const query = parseStripeForm(url.search.slice(1));
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, query, body, headers: req.headers });
      let answer: { status: number; body: unknown };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = stripeError(401, 'Invalid API Key provided');
      } else if (settings.failNext) {
        const f = settings.failNext;
        settings.failNext = null;
        answer = stripeError(f.status, f.message, f.type ?? 'api_error');
      } else {
        answer = route(method, url.pathname, query, body);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  function sub(id: string): Obj {
    const s = subscriptions.get(id);
    if (!s) throw new Error(`double: no subscription ${id}`);
    return s;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    settings,
    customers,
    prices,
    subscriptions,
    paymentIntents,
    /** Requests to one path prefix, e.g. '/v1/subscriptions'. */
    calls(method: string, pathPrefix: string) {
      return requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
    },
    /** The customer pays the subscription's open invoice: subscription active, invoice paid. Returns the invoice. */
    payInvoice(subscriptionId: string): Obj {
      const s = sub(subscriptionId);
      const invoice = invoices.get(s.latest_invoice)!;
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      const pi = paymentIntents.get(invoice.payment_intent_id);
      if (pi) Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      s.status = 'active';
      return structuredClone(invoice);
    },
    /** A new week: the period moves on and a renewal invoice is paid (or fails: past_due). */
    renew(subscriptionId: string, outcome: 'paid' | 'failed'): Obj {
      const s = sub(subscriptionId);
      const item = s.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end += WEEK_S;
      const invoice = newInvoice(s, item.price);
      invoice.billing_reason = 'subscription_cycle';
      s.latest_invoice = invoice.id;
      if (outcome === 'paid') {
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
        s.status = 'active';
      } else {
        s.status = 'past_due';
      }
      return structuredClone(invoice);
    },
    /**
     * The current period ends: a subscription set to cancel at period end is canceled
     * (Stripe then sends customer.subscription.deleted); any other renews and is paid.
     */
    endPeriod(subscriptionId: string): Obj {
      const s = sub(subscriptionId);
      if (s.cancel_at_period_end) {
        s.status = 'canceled';
        s.ended_at = s.items.data[0].current_period_end;
        return structuredClone(s);
      }
      this.renew(subscriptionId, 'paid');
      return structuredClone(s);
    },
    cancel(subscriptionId: string): Obj {
      const s = sub(subscriptionId);
      s.status = 'canceled';
      return structuredClone(s);
    },
    /** The card payment of a one-time payment intent succeeds. */
    succeedPaymentIntent(id: string): Obj {
      const pi = paymentIntents.get(id);
      if (!pi) throw new Error(`double: no payment intent ${id}`);
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      return structuredClone(pi);
    },
    /** A webhook event as Stripe sends it. */
    event(type: string, object: Obj): Obj {
      return { id: newId('evt'), object: 'event', api_version: '2026-10-28.endive', created: nowS(), livemode: false, pending_webhooks: 1, type, data: { object } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
