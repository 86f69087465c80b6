import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { packPriceLists } from '@paraphe/contracts';
import { startStripeStandin, type StripeStandin } from '../../dev/stripe-standin.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, signer, tenantWithGerant } from '../support/signatures.ts';
import { addCard, paymentOf, rowsOf, saveProfile } from '../payments/support.ts';
import { fillDefaultIssuer } from '../support/billing.ts';

/**
 * The whole money path, invoicing and payment together (they meet only through domain events): a live request
 * is metered, the administrator makes the delivery note and invoices it, the tenant pays it by card (Stripe
 * stand-in), the invoice is paid; the administrator refunds part of it and a credit note is issued.
 */
describe(`money: consumption → invoice → card payment → refund and credit note (${engine})`, () => {
  let t: TestContext;
  let standin: StripeStandin;
  let admin: TestClient;
  let tenant: Awaited<ReturnType<typeof tenantWithGerant>>;

  beforeAll(async () => {
    standin = await startStripeStandin();
    t = await createTestContext({ env: { STRIPE_SECRET_KEY: standin.secretKey, STRIPE_WEBHOOK_SECRET: standin.webhookSecret, STRIPE_API_BASE: standin.url } });
    standin.setWebhookTarget(async (body, headers) => (await t.request({ method: 'POST', url: '/api/payments/webhooks/stripe', body, headers })).statusCode);
    admin = await t.login(adminEmail);
    await fillDefaultIssuer(admin);
    tenant = await tenantWithGerant(t, { testMode: false });
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it('invoices what a live request consumed, is paid by card, and a partial refund issues a credit note', async () => {
    // A paying pack's prices (the default pack is free: nothing to invoice).
    expect((await admin.call('PUT', `/api/billing/applications/${tenant.appId}/prices`, 'application', packPriceLists.small)).statusCode).toBe(200);
    await saveProfile(tenant.client, 'card');
    await addCard(tenant.client, standin, '4242424242424242');

    const request = await draft(t, tenant.client, { signers: [signer(0)] });
    expect((await tenant.client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' })).statusCode).toBe(200);
    await t.waitFor(async () => (await rowsOf(t, sql`select 1 from consumptions where request_id = ${request.id} and kind = 'signer_contacted'`)).length > 0);

    // "Up to now" stops at the previous minute: the clock moves on so the request's consumption is in the note.
    t.now.value = new Date(Date.now() + 2 * 60_000);
    expect((await admin.call('POST', '/api/billing/sales/notes', 'application', { upTo: 'now' })).statusCode).toBe(202);
    const [note] = await t.waitFor(async () => {
      const found = await rowsOf(t, sql`select id, net_cents::int from sales where app_id = ${tenant.appId} and kind = 'delivery_note'`);
      return found.length ? found : null;
    });
    expect(Number(note!.net_cents)).toBeGreaterThan(0);
    const converted = await admin.call('PATCH', '/api/billing/sales', 'application', { saleIds: [note!.id] });
    expect(converted.statusCode, converted.body).toBe(200);
    const [invoice] = await rowsOf(t, sql`select id, number, total_cents::int, status from sales where app_id = ${tenant.appId} and kind = 'invoice'`);
    expect(invoice).toMatchObject({ status: 'pending', number: expect.stringMatching(/^F\d{4}-\d{6}$/) });

    // The tenant pays the selected invoice: billing asks, payments charges the default card, billing records it.
    const paid = await tenant.client.call('POST', '/api/billing/invoices/payment', 'billing', { saleIds: [invoice!.id] });
    expect(paid.statusCode, paid.body).toBe(202);
    const payment = await paymentOf(t, paid.json().data.paymentRequestId);
    expect(payment!.status).toBe('succeeded');
    expect(Number(payment!.amount_cents)).toBe(Number(invoice!.total_cents));
    await t.waitFor(async () => (await rowsOf(t, sql`select 1 from sales where id = ${invoice!.id} and status = 'succeeded'`)).length > 0);
    const listed = (await tenant.client.call('GET', '/api/billing/invoices', 'billing')).json().data;
    expect(listed.find((s: { id: string }) => s.id === invoice!.id)).toMatchObject({ status: 'succeeded' });

    // The administrator refunds a third of it: the provider refunds, billing issues a credit note in the same series.
    const part = Math.floor(Number(invoice!.total_cents) / 3);
    const refund = await admin.call('POST', `/api/payments/admin/refund/${invoice!.id}/${part}`, 'application', {});
    expect(refund.statusCode, refund.body).toBe(201);
    const [credit] = await t.waitFor(async () => {
      const found = await rowsOf(t, sql`select number, total_cents::int, invoice_id from sales where app_id = ${tenant.appId} and kind = 'credit_note'`);
      return found.length ? found : null;
    });
    expect(credit).toMatchObject({ invoice_id: invoice!.id, number: expect.stringMatching(/^F\d{4}-\d{6}$/) });
    expect(Math.abs(Number(credit!.total_cents))).toBe(part);
    const [after] = await rowsOf(t, sql`select refunded_cents::int from sales where id = ${invoice!.id}`);
    expect(Number(after!.refunded_cents)).toBe(part);
    const pdf = await tenant.client.call('GET', `/api/billing/invoices/${invoice!.id}/pdf`, 'billing');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
