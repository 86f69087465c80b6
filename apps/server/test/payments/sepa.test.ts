import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { adminEmail, createTestContext, engine, password, type TestClient, type TestContext } from '../support/harness.ts';
import { eventsOf, invoice, ledgerOf, paymentOf, requestPayment, rowsOf, saveProfile } from './support.ts';

/** The official pain.008.001.02 schema (see test/fixtures/README.md for its source). */
const xsd = new URL('../fixtures/pain.008.001.02.xsd', import.meta.url).pathname;

describe(`payments by SEPA direct debit: mandate, pain.008 batches, collection and rejects (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let gerant: TestClient;
  let comptable: TestClient;
  let appId: string;

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(adminEmail);
    const tenant = await t.factory.tenant({ testMode: false });
    appId = tenant.appId;
    gerant = await t.login(tenant.gerant.email);
    comptable = await t.login((await t.factory.user(appId, { profile: 'COMPTABLE' })).email);
  });
  afterAll(async () => t?.close());

  it('without STRIPE_SECRET_KEY (not production) card payment uses the in-process stand-in, and says so', async () => {
    expect(t.notices.some((line) => line.includes('card payments use the local Stripe stand-in'))).toBe(true);
    expect((await t.request({ method: 'GET', url: '/healthz' })).json()).toMatchObject({ card: 'stripe-standin' });
    const other = await t.factory.tenant({ testMode: false });
    const client = await t.login(other.gerant.email);
    await saveProfile(client, 'card');
    const start = await client.call('POST', '/api/payments/cards', 'billing');
    expect(start.json().data.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_/);
    const page = await fetch(start.json().data.url);
    expect(await page.text()).toContain('Stripe stand-in');
  });

  it('a SEPA tenant without a signed mandate: the payment fails with "no payment method"', async () => {
    await saveProfile(gerant, 'sepa');
    const payment = await paymentOf(t, await requestPayment(t, appId, [invoice(1_500)]));
    expect(payment).toMatchObject({ status: 'failed', method: 'sepa', failure_reason: 'no payment method' });
  });

  it('signs the mandate with the password (evidence kept, PDF downloadable); a wrong password signs nothing', async () => {
    const state = (await comptable.call('GET', '/api/payments/sepa', 'billing')).json().data;
    expect(state.mandate).toBeNull();
    expect(state.text).toContain('FR72ZZZ123456');
    expect(state.text).toContain('FR7630006000011234567890189');
    const wrong = await comptable.call('POST', '/api/payments/sepa', 'billing', { password: 'wrong-password', textSha256: state.textSha256, accept: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('PAYMENT_METHOD_NOT_ADDED');
    const stale = await comptable.call('POST', '/api/payments/sepa', 'billing', { password, textSha256: 'a'.repeat(64), accept: true });
    expect(stale.statusCode).toBe(409);

    const signed = await comptable.call('POST', '/api/payments/sepa', 'billing', { password, textSha256: state.textSha256, accept: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.mandate).toMatchObject({
      rum: expect.stringMatching(/^PRF-[0-9A-F]{8}-1$/),
      status: 'active',
      type: 'recurrent',
      iban: 'FR76 **** **** 0189',
      creditorId: 'FR72ZZZ123456',
    });
    const [evidence] = await rowsOf(t, sql`select signed_ip, text_sha256 from sepa_mandates where app_id = ${appId}`);
    expect(evidence!.text_sha256).toBe(state.textSha256);
    const pdf = await comptable.call('GET', '/api/payments/sepa/pdf', 'billing');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const methods = (await gerant.call('GET', '/api/payments/methods', 'billing')).json().data;
    expect(methods).toMatchObject({ method: 'sepa', profileComplete: true, mandate: { status: 'active' } });
  });

  it('queues debits, exports a pain.008 batch valid against the XSD (FRST then RCUR, exact CtrlSum), records a reject and the collection', async () => {
    const first = invoice(12_345);
    const second = invoice(6_789);
    const one = await paymentOf(t, await requestPayment(t, appId, [first]), () => true);
    const two = await paymentOf(t, await requestPayment(t, appId, [second, invoice(11)]), () => true);
    expect([one.status, two.status]).toEqual(['pending', 'pending']);
    const overview = (await admin.call('GET', '/api/payments/admin/sepa', 'application')).json().data;
    expect(overview.pending.map((p: { id: string }) => p.id)).toEqual([one.id, two.id]);

    const created = await admin.call('POST', '/api/payments/admin/sepa/batches', 'application');
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch).toMatchObject({ status: 'exported', numberOfTransactions: 2, controlSumCents: 12_345 + 6_789 + 11 });
    const xml = (await admin.call('GET', `/api/payments/admin/sepa/batches/${batch.id}/xml`, 'application')).body;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pain008-')), 'batch.xml');
    fs.writeFileSync(file, xml);
    expect(execFileSync('xmllint', ['--noout', '--schema', xsd, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })).toBe('');
    expect(xml).toContain('<GrpHdr>');
    expect(xml).toMatch(/<NbOfTxs>2<\/NbOfTxs><CtrlSum>191.45<\/CtrlSum>/);
    expect(xml).toContain('<SeqTp>FRST</SeqTp>');
    expect(xml).toContain('<SeqTp>RCUR</SeqTp>');
    expect(xml).toContain(`<RmtInf><Ustrd>${second.number} `);
    // Nothing left for a second batch.
    expect((await admin.call('POST', '/api/payments/admin/sepa/batches', 'application')).statusCode).toBe(409);

    const rejected = await admin.call('POST', `/api/payments/admin/sepa/debits/${two.id}/reject`, 'application', { reasonCode: 'AM04' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'failed', failureReason: 'AM04 — Insufficient funds' });
    expect(await eventsOf(t, 'payment.failed', String(two.id))).toEqual([
      { data: expect.objectContaining({ reason: 'AM04 — Insufficient funds', method: 'sepa' }) },
    ]);

    const collected = await admin.call('POST', `/api/payments/admin/sepa/batches/${batch.id}/collected`, 'application');
    expect(collected.json().data.status).toBe('collected');
    expect((await admin.call('POST', `/api/payments/admin/sepa/batches/${batch.id}/collected`, 'application')).statusCode).toBe(409);
    expect(await ledgerOf(t, String(one.id))).toEqual([{ kind: 'sepa_collected', amount: 12_345 }]);
    expect(await ledgerOf(t, String(two.id))).toEqual([{ kind: 'sepa_rejected', amount: 0 }]);
    expect(await eventsOf(t, 'payment.succeeded', String(one.id))).toEqual([{ data: expect.objectContaining({ method: 'sepa', saleIds: [first.saleId] }) }]);

    // A SEPA refund is a bank transfer to make.
    const refund = await admin.call('POST', `/api/payments/admin/refund/${first.saleId}/345`, 'application', {});
    expect(refund.json().data).toMatchObject({ status: 'transfer_pending', amountCents: 345 });
    expect(await ledgerOf(t, String(one.id))).toEqual([
      { kind: 'sepa_collected', amount: 12_345 },
      { kind: 'sepa_refund_transfer', amount: -345 },
    ]);

    // The mandate was used: the next debit is RCUR.
    await paymentOf(t, await requestPayment(t, appId, [invoice(500)]), () => true);
    const next = (await admin.call('POST', '/api/payments/admin/sepa/batches', 'application')).json().data;
    const nextXml = (await admin.call('GET', `/api/payments/admin/sepa/batches/${next.id}/xml`, 'application')).body;
    expect(nextXml).toContain('<SeqTp>RCUR</SeqTp>');
    expect(nextXml).not.toContain('<SeqTp>FRST</SeqTp>');
  });
});
