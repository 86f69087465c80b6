import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StripeStandin } from '../../dev/stripe-standin.ts';
import type { TestClient, TestContext } from '../support/harness.ts';

/** A complete billing profile (France) paying by card or SEPA direct debit. */
export const billingProfile = (paymentMethod: 'card' | 'sepa', billingEmail = 'billing@example.com') => ({
  billingEmail,
  companyName: 'ACME SAS',
  registrationNumber: '44306184100047',
  address: '1 rue de la Paix',
  postalCode: '75002',
  city: 'Paris',
  country: 'FR',
  paymentMethod,
  ...(paymentMethod === 'sepa' ? { iban: 'FR7630006000011234567890189', bic: 'BNPAFRPP' } : {}),
});

export async function saveProfile(client: TestClient, method: 'card' | 'sepa', billingEmail?: string) {
  const res = await client.call('PUT', '/api/billing/profile', 'billing', billingProfile(method, billingEmail));
  if (res.statusCode !== 200) throw new Error(`profile: ${res.body}`);
}

export interface Invoice {
  saleId: string;
  number: string;
  totalCents: number;
  issuedAt: string;
}
let invoiceNumber = 0;
export const invoice = (totalCents: number, issuedAt = new Date()): Invoice => ({
  saleId: randomUUID(),
  number: `F-2026-${String(++invoiceNumber).padStart(4, '0')}`,
  totalCents,
  issuedAt: issuedAt.toISOString(),
});

type Rows = { rows: Record<string, unknown>[] };
export const rowsOf = async (t: TestContext, query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as Rows).rows;

/** What billing does: emits `billing.payment_requested` in a transaction (made-up invoices). */
export async function requestPayment(
  t: TestContext,
  appId: string,
  invoices: Invoice[],
  trigger: 'tenant' | 'admin' | 'auto' = 'tenant',
  paymentRequestId = randomUUID(),
) {
  await t.database.inTenant(appId, (tx) =>
    t.server.platform.events.emit(tx, {
      type: 'billing.payment_requested',
      appId,
      data: { paymentRequestId, trigger, requestedBy: null, invoices, amountCents: invoices.reduce((n, i) => n + i.totalCents, 0), currency: 'EUR' },
    }),
  );
  return paymentRequestId;
}

/** The payment of a request once the subscription handled it (and it left `pending`, unless SEPA). */
export async function paymentOf(t: TestContext, paymentRequestId: string, settled: (status: string) => boolean = (s) => s !== 'pending') {
  return t.waitFor(async () => {
    const [row] = await rowsOf(t, sql`select * from payments where payment_request_id = ${paymentRequestId}`);
    return row && settled(String(row.status)) ? row : null;
  });
}

export const eventsOf = (t: TestContext, type: string, paymentId: string) =>
  rowsOf(t, sql`select data from domain_events where type = ${type} and data->>'paymentId' = ${paymentId} order by occurred_at`);
export const ledgerOf = (t: TestContext, paymentId: string) =>
  rowsOf(t, sql`select kind, amount_cents::int as amount from ledger_entries where payment_id = ${paymentId} order by created_at, kind`);

/** Adds a card on the stand-in's hosted page as a browser would: the form posted, then back to our return. */
export async function addCard(client: TestClient, standin: StripeStandin, number: string) {
  const start = await client.call('POST', '/api/payments/cards', 'billing');
  expect(start.statusCode, start.body).toBe(200);
  const page = await fetch(start.json().data.url, {
    method: 'POST',
    body: new URLSearchParams({ number, exp: '12/34', cvc: '123', action: 'complete' }),
    redirect: 'manual',
  });
  expect(page.status).toBe(303);
  const sessionId = new URL(page.headers.get('location')!.replace('/#/', '/')).searchParams.get('checkout')!;
  await standin.settled();
  const back = await client.call('POST', '/api/payments/cards/return', 'billing', { sessionId });
  expect(back.statusCode, back.body).toBe(200);
  return back.json().data.cards as { id: string; last4: string; isDefault: boolean }[];
}
