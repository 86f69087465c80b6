import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createLogger } from '../../src/platform/logger.ts';
import { startStripeStandin, type StripeStandin } from '../../dev/stripe-standin.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { addCard as addCardOnStandin, eventsOf, invoice, ledgerOf, paymentOf, requestPayment, rowsOf, saveProfile } from './support.ts';

/** Card payments against the local Stripe stand-in, driven as a tenant would (hosted page, 3-D Secure page). */
describe(`payments by card through the Stripe stand-in (${engine})`, () => {
  let t: TestContext;
  let standin: StripeStandin;
  let admin: TestClient;
  let gerant: TestClient;
  let commercial: TestClient;
  let tenant: { appId: string; gerant: { id: string; email: string } };
  const log: string[] = [];

  const addCard = (number: string) => addCardOnStandin(gerant, standin, number);
  const cardEnding = async (last4: string) =>
    ((await gerant.call('GET', '/api/payments/methods', 'billing')).json().data.cards as { id: string; last4: string }[]).find((c) => c.last4 === last4)!;
  const makeDefault = async (last4: string) => {
    const res = await gerant.call('PATCH', `/api/payments/cards/${(await cardEnding(last4)).id}/default`, 'billing');
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    standin = await startStripeStandin();
    const memory = new Writable({ write: (chunk, _enc, done) => void (log.push(String(chunk)), done()) });
    t = await createTestContext({
      env: { STRIPE_SECRET_KEY: standin.secretKey, STRIPE_WEBHOOK_SECRET: standin.webhookSecret, STRIPE_API_BASE: standin.url },
      logger: createLogger('info', memory),
    });
    standin.setWebhookTarget(async (body, headers) => (await t.request({ method: 'POST', url: '/api/payments/webhooks/stripe', body, headers })).statusCode);
    admin = await t.login(adminEmail);
    tenant = await t.factory.tenant({ testMode: false });
    gerant = await t.login(tenant.gerant.email);
    commercial = await t.login((await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id })).email);
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it('refuses a payment method before the billing profile is complete (409, says where)', async () => {
    const res = await gerant.call('POST', '/api/payments/cards', 'billing');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BILLING_PROFILE_REQUIRED', message: expect.stringContaining('Settings → Billing') });
  });

  it('adds cards on the hosted page: the first becomes the default, another can be made default', async () => {
    await saveProfile(gerant, 'card', 'billing-card@example.com');
    expect(await addCard('4242 4242 4242 4242')).toEqual([expect.objectContaining({ last4: '4242', isDefault: true })]);
    const cards = await addCard('4000000000000341');
    expect(cards.map((c) => [c.last4, c.isDefault]).sort()).toEqual([
      ['0341', false],
      ['4242', true],
    ]);
    // A card declined by the bank on the page is not saved (the page says so).
    const start = await gerant.call('POST', '/api/payments/cards', 'billing');
    const declined = await fetch(start.json().data.url, {
      method: 'POST',
      body: new URLSearchParams({ number: '4000000000000002', action: 'complete' }),
      redirect: 'manual',
    });
    expect(declined.status).toBe(402);
    expect(((await gerant.call('GET', '/api/payments/methods', 'billing')).json().data.cards as unknown[]).length).toBe(2);
  });

  it('charges the default card once per request, with a ledger row and payment.succeeded', async () => {
    const inv = invoice(12_000);
    const requestId = await requestPayment(t, tenant.appId, [inv]);
    // The same request delivered again is not charged again.
    await requestPayment(t, tenant.appId, [inv], 'tenant', requestId);
    const payment = await paymentOf(t, requestId);
    expect({ ...payment, amount_cents: Number(payment.amount_cents) }).toMatchObject({ status: 'succeeded', method: 'card', amount_cents: 12_000 });
    await standin.settled();
    expect(await rowsOf(t, sql`select count(*)::int as n from payments where payment_request_id = ${requestId}`)).toEqual([{ n: 1 }]);
    expect(await ledgerOf(t, String(payment.id))).toEqual([{ kind: 'charge', amount: 12_000 }]);
    expect(await eventsOf(t, 'payment.succeeded', String(payment.id))).toEqual([
      { data: expect.objectContaining({ saleIds: [inv.saleId], amountCents: 12_000, method: 'card' }) },
    ]);
  });

  it('a declined charge fails with the provider message (payment.failed); an automatic one tells the tenant and the administrator', async () => {
    await makeDefault('0341');
    const requestId = await requestPayment(t, tenant.appId, [invoice(5_000)], 'auto');
    const payment = await paymentOf(t, requestId);
    expect(payment).toMatchObject({ status: 'failed', failure_reason: 'Your card was declined.' });
    expect(await eventsOf(t, 'payment.failed', String(payment.id))).toEqual([
      { data: expect.objectContaining({ reason: 'Your card was declined.', trigger: 'auto', method: 'card' }) },
    ]);
    expect(await ledgerOf(t, String(payment.id))).toEqual([]);
    const notices = await t.waitFor(async () => {
      const rows = await rowsOf(
        t,
        sql`select user_id, message from notifications where type = 'payment.failed' and data->>'paymentId' = ${String(payment.id)}`,
      );
      return rows.length === 2 ? rows : null;
    });
    expect(notices.map((n) => n.user_id).sort()).toEqual([admin.userId, tenant.gerant.id].sort());
    expect((await t.lastMessageTo('billing-card@example.com'))?.subject).toContain('Échec du paiement automatique');
    expect((await t.lastMessageTo(adminEmail))?.subject).toMatch(/automati.*\(Company/i);
    await makeDefault('4242');
  });

  it('3-D Secure: the payment waits with a link; completing the challenge succeeds it (webhook), failing it fails it', async () => {
    await addCard('4000002760003184');
    await makeDefault('3184');
    const first = await paymentOf(t, await requestPayment(t, tenant.appId, [invoice(3_000)]));
    expect(first.status).toBe('requires_action');
    const listed = (await gerant.call('GET', '/api/payments', 'billing')).json().data.find((p: { id: string }) => p.id === first.id);
    expect(listed.actionUrl).toMatch(/\/3ds\/pi_/);
    const challenge = await fetch(listed.actionUrl, { method: 'POST', body: new URLSearchParams({ result: 'complete' }), redirect: 'manual' });
    expect(challenge.headers.get('location')).toContain(`payment=${first.id}`);
    await standin.settled();
    const back = await gerant.call('POST', `/api/payments/${first.id}/refresh`, 'billing');
    expect(back.json().data).toMatchObject({ status: 'succeeded', actionUrl: null });
    expect(await ledgerOf(t, String(first.id))).toEqual([{ kind: 'charge', amount: 3_000 }]);

    const second = await paymentOf(t, await requestPayment(t, tenant.appId, [invoice(4_000)]));
    await fetch(String(second.action_url), { method: 'POST', body: new URLSearchParams({ result: 'fail' }), redirect: 'manual' });
    await standin.settled();
    expect((await paymentOf(t, String(second.payment_request_id), (s) => s === 'failed')).failure_reason).toBe(
      'The provided PaymentMethod has failed authentication.',
    );
    await makeDefault('4242');
  });

  it('verifies webhook signatures (400) and applies an event delivered twice once', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/payments/webhooks/stripe',
      body: '{"id":"evt_x","type":"payment_intent.succeeded"}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(bad.statusCode).toBe(400);
    const unsigned = await t.request({ method: 'POST', url: '/api/payments/webhooks/stripe', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);

    const payment = await paymentOf(t, await requestPayment(t, tenant.appId, [invoice(2_500)]));
    await standin.settled();
    const succeeded = standin
      .events()
      .filter((e) => e.type === 'payment_intent.succeeded')
      .at(-1)!;
    const before = await ledgerOf(t, String(payment.id));
    expect(await standin.redeliver(succeeded.id)).toBe(200);
    expect(await ledgerOf(t, String(payment.id))).toEqual(before);
    expect(await eventsOf(t, 'payment.succeeded', String(payment.id))).toHaveLength(1);
  });

  it('refunds part of an invoice; refuses more than paid and after 3 months (409, the spec message)', async () => {
    const inv = invoice(10_000, new Date(Date.now() - 86_400_000));
    const payment = await paymentOf(t, await requestPayment(t, tenant.appId, [inv]));
    const partial = await admin.call('POST', `/api/payments/admin/refund/${inv.saleId}/4000`, 'application', { reason: 'goodwill' });
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().data).toMatchObject({ amountCents: 4000, status: 'succeeded', saleId: inv.saleId });
    expect(await eventsOf(t, 'payment.refunded', String(payment.id))).toEqual([
      { data: expect.objectContaining({ saleId: inv.saleId, amountCents: 4000, reason: 'goodwill' }) },
    ]);

    const before = await ledgerOf(t, String(payment.id));
    const tooMuch = await admin.call('POST', `/api/payments/admin/refund/${inv.saleId}/6001`, 'application', {});
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json().error).toMatchObject({ code: 'REFUND_EXCEEDS_PAID', details: { refundableCents: 6000 } });

    t.now.value = new Date(new Date(inv.issuedAt).getTime() + 93 * 86_400_000);
    // Three months and a day later (the administrator logs in again then: access tokens follow the clock).
    const lateAdmin = await t.login(adminEmail);
    const late = await lateAdmin.call('POST', `/api/payments/admin/refund/${inv.saleId}/100`, 'application', {});
    t.now.value = undefined;
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({ code: 'REFUND_TOO_LATE', message: 'Refund impossible for an invoice older than 3 months.' });
    expect(await ledgerOf(t, String(payment.id))).toEqual(before);
    expect(before).toEqual([
      { kind: 'charge', amount: 10_000 },
      { kind: 'refund', amount: -4000 },
    ]);
    // Unknown invoice.
    expect((await admin.call('POST', `/api/payments/admin/refund/${crypto.randomUUID()}/100`, 'application', {})).statusCode).toBe(404);
  });

  it('follows a dispute: opened (amount withdrawn), then won (given back)', async () => {
    const payment = await paymentOf(t, await requestPayment(t, tenant.appId, [invoice(7_000)]));
    const disputeId = await standin.openDispute(String(payment.provider_payment_id));
    await standin.settled();
    await standin.closeDispute(disputeId, 'won');
    await standin.settled();
    expect(await ledgerOf(t, String(payment.id))).toEqual([
      { kind: 'charge', amount: 7000 },
      { kind: 'dispute_opened', amount: -7000 },
      { kind: 'dispute_won', amount: 7000 },
    ]);
    expect((await eventsOf(t, 'payment.dispute_changed', String(payment.id))).map((e) => (e.data as { status: string }).status)).toEqual(['opened', 'won']);
  });

  it('a tenant without a card: the payment fails with "no payment method"', async () => {
    const other = await t.factory.tenant({ testMode: false });
    const payment = await paymentOf(t, await requestPayment(t, other.appId, [invoice(1_000)]));
    expect(payment).toMatchObject({ status: 'failed', failure_reason: 'no payment method' });
  });

  it('keeps the ledger append-only for the application role', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.database
        .inTenant(tenant.appId, (tx) => tx.execute(statement))
        .then(
          () => 'allowed',
          (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
        );
    expect(await refusal(sql`update ledger_entries set amount_cents = 0`)).toMatch(/permission denied/);
    expect(await refusal(sql`delete from ledger_entries`)).toMatch(/permission denied/);
    expect(await rowsOf(t, sql`select count(*)::int as n from ledger_entries where amount_cents = 0 and kind = 'charge'`)).toEqual([{ n: 0 }]);
  });

  it('authorization ladder: 401 without a session, 403 without the right, 404 for another tenant', async () => {
    const tenantCalls: [string, string, unknown?][] = [
      ['GET', '/api/payments/methods'],
      ['POST', '/api/payments/cards'],
      ['POST', '/api/payments/cards/return', { sessionId: 'cs_test_x' }],
      ['PATCH', '/api/payments/cards/pm_x/default'],
      ['DELETE', '/api/payments/cards/pm_x'],
      ['GET', '/api/payments/sepa'],
      ['POST', '/api/payments/sepa', { password: 'x', textSha256: '0'.repeat(64), accept: true }],
      ['GET', '/api/payments/sepa/pdf'],
      ['GET', '/api/payments'],
      ['POST', `/api/payments/${crypto.randomUUID()}/refresh`],
    ];
    const id = crypto.randomUUID();
    const adminCalls: [string, string, unknown?][] = [
      ['GET', '/api/payments/admin/payments'],
      ['POST', `/api/payments/admin/refund/${id}/100`, {}],
      ['GET', '/api/payments/admin/sepa'],
      ['POST', '/api/payments/admin/sepa/batches'],
      ['GET', `/api/payments/admin/sepa/batches/${id}/xml`],
      ['POST', `/api/payments/admin/sepa/batches/${id}/collected`],
      ['POST', `/api/payments/admin/sepa/debits/${id}/reject`, { reasonCode: 'AM04' }],
    ];
    const outsider = await t.login((await t.factory.tenant({ testMode: false })).gerant.email);
    const before = await t.snapshot();
    for (const [method, url, body] of [...tenantCalls, ...adminCalls]) expect((await t.request({ method, url, body })).statusCode, url).toBe(401);
    // Reading needs billing.read (not a COMMERCIAL's); the administrator's calls need admin.billing.
    for (const [method, url, body] of tenantCalls) expect((await commercial.call(method, url, 'billing', body)).statusCode, url).toBe(403);
    for (const [method, url, body] of adminCalls) expect((await gerant.call(method, url, 'application', body)).statusCode, url).toBe(403);
    // Another tenant's payment and card.
    const [mine] = await rowsOf(t, sql`select id from payments where app_id = ${tenant.appId} limit 1`);
    expect((await outsider.call('POST', `/api/payments/${String(mine!.id)}/refresh`, 'billing')).statusCode).toBe(404);
    expect((await outsider.call('PATCH', `/api/payments/cards/${(await cardEnding('4242')).id}/default`, 'billing')).statusCode).toBe(404);
    expect((await outsider.call('GET', '/api/payments', 'billing')).json().data).toEqual([]);
    expect(await t.snapshot()).toBe(before);
  });

  it('never writes the provider key in the log, even when the provider cannot be reached', async () => {
    await standin.close();
    const res = await gerant.call('GET', '/api/payments/methods', 'billing');
    expect(res.statusCode).toBe(500);
    const text = log.join('');
    expect(text).toContain('/api/payments/methods');
    expect(text).not.toContain(standin.secretKey);
    expect(text).not.toContain(standin.webhookSecret);
  });
});
