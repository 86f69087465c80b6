import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { WebhookTarget } from '../src/domains/payments/card-provider.ts';

/**
 * A local stand-in for the part of Stripe's API this product uses (docs/payments.md): the real service cannot be
 * reached from here, so the official SDK is pointed at this server (host/port/protocol). It answers as Stripe's
 * documented API does — form-encoded requests, Bearer key, Idempotency-Key honoured, Stripe's JSON shapes and
 * error shape — hosts a Checkout-like card page and a 3-D Secure page (plain HTML forms), and POSTs signed webhook
 * events. Stripe's test cards behave as documented (STANDIN_CARDS).
 */

export const standinCards = {
  '4242424242424242': { brand: 'visa', behaviour: 'succeeds' },
  '4000002500003155': { brand: 'visa', behaviour: 'authenticate' },
  '4000002760003184': { brand: 'visa', behaviour: 'authenticate' },
  '4000000000000002': { brand: 'visa', behaviour: 'declined_on_attach' },
  '4000000000000341': { brand: 'visa', behaviour: 'declined_on_charge' },
} as const;
type CardNumber = keyof typeof standinCards;

type Json = Record<string, unknown>;
/** Where webhook events go: a URL, or a function (tests: the app's inject). Answers the HTTP status. */

interface PaymentMethod {
  id: string;
  customer: string | null;
  number: CardNumber;
  exp_month: number;
  exp_year: number;
}
interface Session {
  id: string;
  customer: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  setup_intent: string | null;
}
interface Intent {
  id: string;
  amount: number;
  currency: string;
  customer: string;
  payment_method: string;
  status: string;
  metadata: Json;
  return_url: string | null;
  latest_charge: string | null;
  last_payment_error: Json | null;
  created: number;
}
interface StandinEvent {
  id: string;
  body: string;
}

export interface StripeStandin {
  /** Base URL, e.g. http://127.0.0.1:43121 (STRIPE_API_BASE). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  setWebhookTarget(target: WebhookTarget | null): void;
  /** Waits until every webhook sent so far was delivered (tests). */
  settled(): Promise<void>;
  /** Test controls: open a dispute on a PaymentIntent's charge, close it, send an event again. */
  openDispute(paymentIntentId: string): Promise<string>;
  closeDispute(disputeId: string, status: 'won' | 'lost'): Promise<void>;
  redeliver(eventId: string): Promise<number>;
  events(): { id: string; type: string }[];
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][c]=v` form fields into nested objects (Stripe's encoding; arrays as `a[0]`). */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

function stripeError(status: number, error: Json) {
  return { status, body: { error: { type: 'invalid_request_error', ...error } } };
}

export async function startStripeStandin(
  opts: { secretKey?: string; webhookSecret?: string; webhookTarget?: WebhookTarget | null; host?: string; port?: number } = {},
): Promise<StripeStandin> {
  const secretKey = opts.secretKey ?? `sk_test_standin${randomBytes(12).toString('hex')}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_standin${randomBytes(12).toString('hex')}`;
  let target: WebhookTarget | null = opts.webhookTarget ?? null;
  const customers = new Map<string, { id: string; default_pm: string | null; created: number }>();
  const methods = new Map<string, PaymentMethod>();
  const sessions = new Map<string, Session>();
  const setupIntents = new Map<string, { id: string; customer: string; payment_method: string; status: string }>();
  const intents = new Map<string, Intent>();
  const disputes = new Map<string, { id: string; charge: string; payment_intent: string; amount: number; status: string }>();
  const refunds = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const sent: StandinEvent[] = [];
  const eventTypes = new Map<string, string>();
  let inFlight: Promise<unknown>[] = [];
  let base = '';
  const now = () => Math.floor(Date.now() / 1000);

  const cardJson = (pm: PaymentMethod) => ({
    id: pm.id,
    object: 'payment_method',
    type: 'card',
    customer: pm.customer,
    card: { brand: standinCards[pm.number].brand, last4: pm.number.slice(-4), exp_month: pm.exp_month, exp_year: pm.exp_year, country: 'FR' },
  });
  const customerJson = (c: { id: string; default_pm: string | null; created: number }) => ({
    id: c.id,
    object: 'customer',
    created: c.created,
    invoice_settings: { default_payment_method: c.default_pm },
  });
  const intentJson = (pi: Intent) => ({
    id: pi.id,
    object: 'payment_intent',
    amount: pi.amount,
    currency: pi.currency,
    customer: pi.customer,
    payment_method: pi.payment_method,
    status: pi.status,
    metadata: pi.metadata,
    latest_charge: pi.latest_charge,
    last_payment_error: pi.last_payment_error,
    created: pi.created,
    next_action:
      pi.status === 'requires_action' ? { type: 'redirect_to_url', redirect_to_url: { url: `${base}/3ds/${pi.id}`, return_url: pi.return_url } } : null,
  });

  async function deliver(event: StandinEvent): Promise<number> {
    if (!target) return 0;
    const t = now();
    const signature = createHmac('sha256', webhookSecret).update(`${t}.${event.body}`).digest('hex');
    const headers = { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${signature}` };
    if (typeof target === 'function') return target(event.body, headers);
    const res = await fetch(target, { method: 'POST', headers, body: event.body }).catch(() => null);
    return res?.status ?? 0;
  }
  function emit(type: string, object: Json): string {
    const event = { id: newId('evt'), object: 'event', api_version: '2025-01-27.acacia', created: now(), type, livemode: false, data: { object } };
    const stored = { id: event.id, body: JSON.stringify(event) };
    sent.push(stored);
    eventTypes.set(event.id, type);
    // Like Stripe: after the API answer, asynchronously.
    inFlight.push(new Promise((resolve) => setImmediate(resolve)).then(() => deliver(stored)).catch(() => 0));
    return event.id;
  }

  function charge(pi: Intent) {
    const pm = methods.get(pi.payment_method);
    const behaviour = pm ? standinCards[pm.number].behaviour : 'declined_on_charge';
    if (behaviour === 'declined_on_charge' || behaviour === 'declined_on_attach') {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      emit('payment_intent.payment_failed', intentJson(pi));
      return stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        payment_intent: intentJson(pi),
      });
    }
    pi.status = 'succeeded';
    pi.latest_charge = newId('ch');
    emit('payment_intent.succeeded', intentJson(pi));
    return { status: 200, body: intentJson(pi) };
  }

  /** The API: answers `{status, body}` for a method, a path and the parsed form. */
  function api(method: string, path: string, form: Json): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: newId('cus'), default_pm: null, created: now() };
      customers.set(c.id, c);
      return { status: 200, body: customerJson(c) };
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const c = customers.get(m[1]!);
      if (!c) return stripeError(404, { code: 'resource_missing', message: `No such customer: '${m[1]}'` });
      if (method === 'POST') {
        const wanted = (form.invoice_settings as Json | undefined)?.default_payment_method as string | undefined;
        if (wanted !== undefined) {
          if (wanted && methods.get(wanted)?.customer !== c.id)
            return stripeError(400, { code: 'resource_missing', message: `No such PaymentMethod: '${wanted}'` });
          c.default_pm = wanted || null;
        }
      }
      return { status: 200, body: customerJson(c) };
    }
    if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path))) {
      const list = [...methods.values()].filter((pm) => pm.customer === m![1]).map(cardJson);
      return { status: 200, body: { object: 'list', data: list, has_more: false, url: path } };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) {
      const pm = methods.get(m[1]!);
      if (!pm?.customer) return stripeError(400, { code: 'payment_method_unexpected_state', message: 'The payment method is not attached to a customer.' });
      const c = customers.get(pm.customer);
      if (c?.default_pm === pm.id) c.default_pm = null;
      pm.customer = null;
      return { status: 200, body: cardJson(pm) };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (form.mode !== 'setup') return stripeError(400, { message: 'This stand-in only supports mode=setup.' });
      if (!customers.has(String(form.customer))) return stripeError(400, { code: 'resource_missing', message: `No such customer: '${String(form.customer)}'` });
      const s: Session = {
        id: newId('cs_test'),
        customer: String(form.customer),
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        status: 'open',
        setup_intent: null,
      };
      sessions.set(s.id, s);
      return { status: 200, body: sessionJson(s) };
    }
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
      const s = sessions.get(m[1]!);
      return s ? { status: 200, body: sessionJson(s) } : stripeError(404, { code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` });
    }
    if (method === 'GET' && (m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const si = setupIntents.get(m[1]!);
      return si
        ? { status: 200, body: { object: 'setup_intent', ...si } }
        : stripeError(404, { code: 'resource_missing', message: `No such setupintent: '${m[1]}'` });
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const customer = String(form.customer ?? '');
      const pmId = String(form.payment_method ?? customers.get(customer)?.default_pm ?? '');
      if (!methods.has(pmId)) return stripeError(400, { code: 'parameter_missing', param: 'payment_method', message: 'You must provide a payment method.' });
      const pi: Intent = {
        id: newId('pi'),
        amount: Number(form.amount),
        currency: String(form.currency),
        customer,
        payment_method: pmId,
        status: 'requires_confirmation',
        metadata: (form.metadata as Json) ?? {},
        return_url: (form.return_url as string) ?? null,
        latest_charge: null,
        last_payment_error: null,
        created: now(),
      };
      if (!Number.isInteger(pi.amount) || pi.amount < 50)
        return stripeError(400, { code: 'amount_too_small', param: 'amount', message: 'Amount must be at least €0.50 eur' });
      intents.set(pi.id, pi);
      if (form.confirm !== 'true') return { status: 200, body: intentJson(pi) };
      return confirm(pi, form.off_session === 'true');
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path))) {
      const pi = intents.get(m[1]!);
      if (!pi) return stripeError(404, { code: 'resource_missing', message: `No such payment_intent: '${m[1]}'` });
      if (method === 'GET') return { status: 200, body: intentJson(pi) };
      if (m[2]) {
        if (form.return_url) pi.return_url = String(form.return_url);
        if (form.payment_method) pi.payment_method = String(form.payment_method);
        return confirm(pi, form.off_session === 'true');
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(String(form.payment_intent));
      if (!pi || pi.status !== 'succeeded')
        return stripeError(400, { code: 'charge_not_refundable', message: 'This PaymentIntent has no successful charge to refund.' });
      const done = [...refunds.values()].filter((r) => r.payment_intent === pi.id).reduce((n, r) => n + Number(r.amount), 0);
      const amount = form.amount ? Number(form.amount) : pi.amount - done;
      if (amount <= 0 || done + amount > pi.amount)
        return stripeError(400, {
          code: 'amount_too_large',
          message: `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${((pi.amount - done) / 100).toFixed(2)})`,
        });
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        charge: pi.latest_charge,
        status: 'succeeded',
        created: now(),
        metadata: form.metadata ?? {},
      };
      refunds.set(refund.id, refund);
      emit('charge.refunded', {
        id: pi.latest_charge,
        object: 'charge',
        amount: pi.amount,
        amount_refunded: done + amount,
        payment_intent: pi.id,
        refunded: done + amount === pi.amount,
      });
      return { status: 200, body: refund };
    }
    return stripeError(404, { message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function confirm(pi: Intent, offSession: boolean) {
    const pm = methods.get(pi.payment_method)!;
    if (standinCards[pm.number].behaviour === 'authenticate') {
      if (offSession) {
        // As Stripe: an off-session charge of a card that needs authentication fails with authentication_required.
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
        };
        return stripeError(402, {
          type: 'card_error',
          code: 'authentication_required',
          decline_code: 'authentication_required',
          message: 'Your card was declined. This transaction requires authentication.',
          payment_intent: intentJson(pi),
        });
      }
      pi.status = 'requires_action';
      return { status: 200, body: intentJson(pi) };
    }
    return charge(pi);
  }

  function sessionJson(s: Session) {
    return {
      id: s.id,
      object: 'checkout.session',
      mode: 'setup',
      customer: s.customer,
      status: s.status,
      setup_intent: s.setup_intent,
      success_url: s.success_url,
      cancel_url: s.cancel_url,
      url: s.status === 'open' ? `${base}/checkout/${s.id}` : null,
    };
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}input,button{font-size:1rem;padding:.5rem;margin:.25rem 0;width:100%;box-sizing:border-box}.note{color:#666;font-size:.85rem}</style></head><body>` +
    `<p class="note">Stripe stand-in (test mode): no real card is charged.</p><h1>${title}</h1>${body}</body></html>`;

  /** The hosted pages: Checkout (card entry) and the 3-D Secure challenge. */
  function hosted(method: string, path: string, form: Json): { status: number; body: string; location?: string } | null {
    let m: RegExpExecArray | null;
    if ((m = /^\/checkout\/([^/]+)$/.exec(path))) {
      const s = sessions.get(m[1]!);
      if (!s || s.status !== 'open') return { status: 404, body: page('Session expired', '<p>This page is no longer valid.</p>') };
      if (method === 'GET') {
        return {
          status: 200,
          body: page(
            'Add a card',
            `<form method="post"><label>Card number<input name="number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"></label>` +
              `<label>Expiry (MM/YY)<input name="exp" value="12/34"></label><label>CVC<input name="cvc" value="123"></label>` +
              `<button name="action" value="complete">Save card</button><button name="action" value="cancel">Cancel</button></form>`,
          ),
        };
      }
      if (form.action === 'cancel') return { status: 303, body: '', location: s.cancel_url };
      const number = String(form.number ?? '').replace(/\D/g, '') as CardNumber;
      if (!(number in standinCards))
        return { status: 400, body: page('Add a card', `<p>Use one of Stripe's test cards: ${Object.keys(standinCards).join(', ')}.</p>`) };
      if (standinCards[number].behaviour === 'declined_on_attach')
        return { status: 402, body: page('Add a card', '<p>Your card was declined.</p><p><a href="">Try another card</a></p>') };
      const [mm, yy] = String(form.exp ?? '12/34').split('/');
      const pm: PaymentMethod = { id: newId('pm'), customer: s.customer, number, exp_month: Number(mm) || 12, exp_year: 2000 + (Number(yy) || 34) };
      methods.set(pm.id, pm);
      const si = { id: newId('seti'), customer: s.customer, payment_method: pm.id, status: 'succeeded' };
      setupIntents.set(si.id, si);
      s.status = 'complete';
      s.setup_intent = si.id;
      emit('setup_intent.succeeded', { object: 'setup_intent', ...si });
      emit('checkout.session.completed', sessionJson(s));
      return { status: 303, body: '', location: s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id) };
    }
    if ((m = /^\/3ds\/([^/]+)$/.exec(path))) {
      const pi = intents.get(m[1]!);
      if (!pi || pi.status !== 'requires_action') return { status: 404, body: page('3-D Secure', '<p>Nothing to authenticate.</p>') };
      if (method === 'GET') {
        return {
          status: 200,
          body: page(
            '3-D Secure authentication',
            `<p>Authenticate the payment of €${(pi.amount / 100).toFixed(2)}.</p><form method="post"><button name="result" value="complete">Complete</button><button name="result" value="fail">Fail</button></form>`,
          ),
        };
      }
      if (form.result === 'complete') charge(pi);
      else {
        pi.status = 'requires_payment_method';
        pi.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'The provided PaymentMethod has failed authentication.',
        };
        emit('payment_intent.payment_failed', intentJson(pi));
      }
      return { status: 303, body: '', location: pi.return_url ?? `${base}/` };
    }
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      const method = req.method ?? 'GET';
      const page = hosted(method, url.pathname, form);
      if (page) {
        res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', ...(page.location ? { location: page.location } : {}) });
        res.end(page.body);
        return;
      }
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        const masked = given ? `${given.slice(0, 8)}****${given.slice(-4)}` : '';
        send(401, { error: { type: 'invalid_request_error', message: given ? `Invalid API Key provided: ${masked}` : 'You did not provide an API key.' } });
        return;
      }
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' && method === 'POST' ? `${key}|${url.pathname}` : undefined;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) {
        res.setHeader('idempotent-replayed', 'true');
        send(cached.status, cached.body);
        return;
      }
      const answer = api(method, url.pathname, form);
      if (cacheKey) idempotent.set(cacheKey, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  base = `http://${opts.host ?? '127.0.0.1'}:${address.port}`;
  server.unref();

  return {
    url: base,
    secretKey,
    webhookSecret,
    setWebhookTarget: (t) => void (target = t),
    async settled() {
      while (inFlight.length) {
        const batch = inFlight;
        inFlight = [];
        await Promise.all(batch);
      }
    },
    async openDispute(paymentIntentId) {
      const pi = intents.get(paymentIntentId);
      if (!pi?.latest_charge) throw new Error(`no charge for ${paymentIntentId}`);
      const d = { id: newId('dp'), charge: pi.latest_charge, payment_intent: pi.id, amount: pi.amount, status: 'needs_response' };
      disputes.set(d.id, d);
      emit('charge.dispute.created', { object: 'dispute', ...d });
      return d.id;
    },
    async closeDispute(disputeId, status) {
      const d = disputes.get(disputeId)!;
      d.status = status;
      emit('charge.dispute.closed', { object: 'dispute', ...d });
    },
    async redeliver(eventId) {
      const event = sent.find((e) => e.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return deliver(event);
    },
    events: () => sent.map((e) => ({ id: e.id, type: eventTypes.get(e.id)! })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
