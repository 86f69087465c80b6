import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { invoicingEndpoints } from '@paraphe/contracts';
import { readSpreadsheet } from '../../src/platform/spreadsheets/index.ts';
import { runNotesChunk } from '../../src/domains/billing/invoicing/notes.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { fillDefaultIssuer, validIssuer, validProfile } from '../support/billing.ts';

type Row = Record<string, unknown>;
const formulaCompany = `=HYPERLINK("http://evil.example","Other Inc")`;
type Tenant = Awaited<ReturnType<typeof tenantWithGerant>>;

/** Why a statement failed (drizzle wraps the database's error). */
const failure = async (statement: Promise<unknown>) => {
  try {
    await statement;
    return 'succeeded';
  } catch (error) {
    return String((error as Error).cause ?? error);
  }
};

/** The text a PDF draws, as a reader extracts it (embedded subset fonts with ToUnicode: pdftotext). */
function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-invoice-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe(`invoicing: delivery notes, invoices, credit notes, exports (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let fr: Tenant;
  let de: Tenant;
  let other: Tenant;
  let comptable: TestClient;
  let commercial: TestClient;

  const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  /** n consumption rows (and their monthly figures) as the metering recorder would have written them. */
  async function consume(tenant: Tenant, opts: { kind?: string; n: number; at: string; price?: number; testMode?: boolean }) {
    const { kind = 'signer_contacted', n, at, price = 100, testMode = false } = opts;
    await t.database.db.execute(sql`
      insert into consumptions (app_id, user_id, kind, quantity, unit_price_cents, billable, test_mode, occurred_at, event_id)
      select ${tenant.appId}, ${tenant.gerant.id}, ${kind}, 1, ${price}, ${!testMode}, ${testMode}, ${at}::timestamptz, gen_random_uuid() from generate_series(1, ${n})`);
    await t.database.db.execute(sql`
      insert into consumption_monthly (app_id, month, user_id, kind, quantity, gross_cents, test_quantity)
      values (${tenant.appId}, date_trunc('month', ${at}::timestamptz at time zone 'UTC')::date, ${tenant.gerant.id}, ${kind}, ${testMode ? 0 : n}, ${testMode ? 0 : n * price}, ${testMode ? n : 0})
      on conflict (app_id, month, user_id, kind) do update set quantity = consumption_monthly.quantity + excluded.quantity,
        gross_cents = consumption_monthly.gross_cents + excluded.gross_cents, test_quantity = consumption_monthly.test_quantity + excluded.test_quantity`);
  }
  const notes = (tenant: Tenant) =>
    rows(
      sql`select id, status, period_start, period_end, net_cents::int, lines from sales where app_id = ${tenant.appId} and kind = 'delivery_note' order by period_start`,
    );
  const runFor = (boundary: string, ...tenants: Tenant[]) =>
    runNotesChunk(t.server.platform, { boundary, appIds: tenants.map((x) => x.appId), actorUserId: null });
  const convert = (...ids: string[]) => admin.call('PATCH', '/api/billing/sales', 'application', { saleIds: ids });
  const eventsOf = (appId: string, type: string) => rows(sql`select data from domain_events where app_id = ${appId} and type = ${type} order by occurred_at`);
  const emit = (appId: string, event: { type: 'payment.succeeded' | 'payment.dispute_changed' | 'payment.refunded'; data: object }) =>
    t.server.platform.database.inTenant(appId, (tx) => t.server.platform.events.emit(tx, { appId, ...event } as never));

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(adminEmail);
    await fillDefaultIssuer(admin);
    [fr, de, other] = [
      await tenantWithGerant(t, { testMode: false }),
      await tenantWithGerant(t, { testMode: false }),
      await tenantWithGerant(t, { testMode: false }),
    ];
    await fr.client.call('PUT', '/api/billing/profile', 'billing', validProfile);
    await de.client.call('PUT', '/api/billing/profile', 'billing', {
      ...validProfile,
      companyName: 'Muster GmbH',
      country: 'DE',
      registrationNumber: 'HRB12345',
      vatNumber: 'DE123456789',
      paymentMethod: 'card',
      iban: null,
      bic: null,
    });
    // A customer named like a formula: every export of it (xlsx, FEC) must show it as text (formula-guard.ts).
    const profile = await other.client.call('PUT', '/api/billing/profile', 'billing', {
      ...validProfile,
      companyName: formulaCompany,
      country: 'US',
      registrationNumber: 'EIN123456',
      vatNumber: null,
      paymentMethod: 'card',
      iban: null,
      bic: null,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    comptable = await t.login((await t.factory.user(fr.appId, { profile: 'COMPTABLE' })).email);
    commercial = await t.login((await t.factory.user(fr.appId, { profile: 'COMMERCIAL', parentId: fr.gerant.id })).email);
  });
  afterAll(async () => t?.close());

  it('makes one note per tenant from its billable consumption, with the discounts; none for a zero total; a re-run adds nothing', async () => {
    await admin.call('PUT', `/api/billing/applications/${fr.appId}/prices`, 'application', {
      unitPrices: (await fr.client.call('GET', '/api/billing/prices', 'billing')).json().data.unitPrices,
      discounts: [{ threshold: 10, percent: 10 }],
    });
    await consume(fr, { n: 12, at: '2026-03-05T10:00:00Z', price: 100 });
    await consume(fr, { kind: 'option_sms', n: 2, at: '2026-03-06T10:00:00Z', price: 15 });
    await consume(fr, { n: 5, at: '2026-03-07T10:00:00Z', testMode: true }); // test mode: never billed
    await consume(fr, { n: 4, at: '2026-04-02T10:00:00Z' }); // after the boundary
    await consume(de, { n: 3, at: '2026-03-10T00:00:00Z', price: 50 });
    await consume(other, { n: 7, at: '2026-03-10T00:00:00Z', price: 0 }); // a free pack: nothing to pay

    expect(await runFor('2026-04-01T00:00:00Z', fr, de, other)).toEqual({ created: 2, empty: 1, exists: 0 });
    const [note] = await notes(fr);
    expect(note).toMatchObject({ status: 'pending', net_cents: 12 * 90 + 30 });
    expect(new Date(String(note!.period_start)).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(note!.lines).toEqual([
      { kind: 'signer_contacted', month: '2026-03', quantity: 12, unitPriceCents: 100, grossCents: 1200, discountPercent: 10, netCents: 1080 },
      { kind: 'option_sms', month: '2026-03', quantity: 2, unitPriceCents: 15, grossCents: 30, discountPercent: 0, netCents: 30 },
    ]);
    expect(await notes(other)).toEqual([]);
    // The same run again (a retried job, a second click): nothing new.
    expect(await runFor('2026-04-01T00:00:00Z', fr, de, other)).toEqual({ created: 0, empty: 3, exists: 0 });
    expect(await notes(fr)).toHaveLength(1);
  });

  it('bills no unit twice: an on-demand note up to now, then the month-end note from where it ended; a cancelled note is waived', async () => {
    await consume(de, { n: 2, at: '2026-05-03T00:00:00Z', price: 50 });
    t.now.value = new Date('2026-05-15T12:00:30Z');
    const run = await admin.call('POST', '/api/billing/sales/notes', 'application', { upTo: 'now' });
    expect(run.statusCode, run.body).toBe(202);
    expect(run.json().data.boundary).toBe('2026-05-15T11:59:30.000Z'); // now less INVOICING_MARGIN_SECONDS (60)
    expect(run.json().data.tenants).toBeGreaterThanOrEqual(1);
    await t.waitFor(async () => (await notes(de)).length === 2);
    await consume(de, { n: 1, at: '2026-05-15T11:59:30Z', price: 50 }); // after the on-demand boundary
    await consume(de, { n: 4, at: '2026-05-20T00:00:00Z', price: 50 });
    t.now.value = new Date('2026-06-01T00:15:00Z');
    expect((await admin.call('POST', '/api/billing/sales/notes', 'application', { month: '2026-06' })).statusCode).toBe(400); // not over
    await runFor('2026-06-01T00:00:00Z', de);
    const all = await notes(de);
    expect(
      all.map((n) => [new Date(String(n.period_start)).toISOString().slice(0, 16), new Date(String(n.period_end)).toISOString().slice(0, 16), n.net_cents]),
    ).toEqual([
      ['2026-03-01T00:00', '2026-04-01T00:00', 150],
      ['2026-04-01T00:00', '2026-05-15T11:59', 100],
      ['2026-05-15T11:59', '2026-06-01T00:00', 250],
    ]);
    // Cancelling the last note waives it: the next run starts after it.
    const cancelled = await admin.call('DELETE', `/api/billing/sales/${all[2]!.id}`, 'application');
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await admin.call('DELETE', `/api/billing/sales/${all[2]!.id}`, 'application')).statusCode).toBe(409);
    expect(await runFor('2026-07-01T00:00:00Z', de)).toMatchObject({ created: 0 });
    t.now.value = undefined;
  });

  let frInvoice: Row;
  it('converts notes into invoices: gapless numbers, VAT by country (20 %, reverse charge), PDF stored with its hash', async () => {
    const [frNote] = await notes(fr);
    const [deNote] = await notes(de);
    const res = await convert(frNote!.id as string, deNote!.id as string);
    expect(res.statusCode, res.body).toBe(200);
    const [a, b] = res.json().data.invoices;
    const year = new Date().getUTCFullYear();
    const seq = (n: string) => Number(n.split('-')[1]);
    expect(a.number).toMatch(new RegExp(`^F${year}-\\d{6}$`));
    expect(seq(b.number) - seq(a.number)).toBe(1);
    const byApp = new Map<string, { id: string }>(res.json().data.invoices.map((i: { appId: string; id: string }) => [i.appId, i]));
    expect(byApp.get(fr.appId)).toMatchObject({
      kind: 'invoice',
      status: 'pending',
      netCents: 1110,
      vatRatePercent: 20,
      vatCents: 222,
      totalCents: 1332,
      vatRegime: 'standard',
      hasPdf: true,
    });
    expect(byApp.get(de.appId)).toMatchObject({ netCents: 150, vatRatePercent: 0, vatCents: 0, totalCents: 150, vatRegime: 'reverse_charge' });
    expect((await notes(fr))[0]!.status).toBe('invoiced');
    expect((await convert(frNote!.id as string)).statusCode).toBe(409); // invoiced once

    // The PDF: the stored bytes, their SHA-256 on the row, the mentions.
    frInvoice = (await rows(sql`select * from sales where app_id = ${fr.appId} and kind = 'invoice'`))[0]!;
    const pdf = await comptable.call('GET', `/api/billing/invoices/${frInvoice.id}/pdf`, 'billing');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(frInvoice.pdf_sha256);
    const text = pdfText(pdf.rawPayload);
    for (const mention of [
      'FACTURE',
      frInvoice.number as string,
      'ACME SAS',
      'FR64443061841',
      'TVA 20 %',
      '13,32 €',
      'Pas d’escompte',
      'Pénalités de retard',
      '40 €',
      "Nature de l'opération",
      'SIREN',
    ])
      expect(text, mention).toContain(mention);
    const dePdf = pdfText((await admin.call('GET', `/api/billing/sales/${byApp.get(de.appId)!.id}/pdf`, 'application')).rawPayload);
    expect(dePdf).toContain('Autoliquidation – article 196 de la directive 2006/112/CE');
    // Issued with auto-payment off: invoice_issued only.
    expect((await eventsOf(fr.appId, 'billing.invoice_issued')).map((e) => e.data)).toEqual([
      expect.objectContaining({ saleId: frInvoice.id, number: frInvoice.number, totalCents: 1332, autoPayment: false }),
    ]);
    expect(await eventsOf(fr.appId, 'billing.payment_requested')).toEqual([]);
  });

  it('refuses any change of what an issued invoice billed, and its deletion, even to the platform role', async () => {
    const id = frInvoice.id as string;
    expect(await failure(t.database.db.execute(sql`update sales set total_cents = 1 where id = ${id}`))).toMatch(/frozen/);
    expect(await failure(t.database.db.execute(sql`update sales set number = 'X' where id = ${id}`))).toMatch(/frozen/);
    expect(await failure(t.server.platform.database.inTenant(fr.appId, (tx) => tx.execute(sql`update sales set lines = '[]' where id = ${id}`)))).toMatch(
      /frozen/,
    );
    expect(await failure(t.database.db.execute(sql`delete from sales where id = ${id}`))).toMatch(/cannot be deleted/);
    // What moves may move.
    await t.database.db.execute(sql`update sales set disputed = false where id = ${id}`);
    expect((await rows(sql`select total_cents::int from sales where id = ${id}`))[0]!.total_cents).toBe(1332);
  });

  it('gives two invoices issued at once distinct consecutive numbers, and a rolled-back issue its number back', async () => {
    const { platform } = t.server;
    await consume(fr, { n: 1, at: '2026-04-02T10:00:00Z' });
    await consume(other, { n: 1, at: '2026-04-02T10:00:00Z', price: 1000 });
    await runFor('2026-05-01T00:00:00Z', fr, other);
    const [n1, n2] = [(await notes(fr)).at(-1)!.id as string, (await notes(other)).at(-1)!.id as string];
    const before = (await rows(sql`select max(number) as n from sales where kind <> 'delivery_note'`))[0]!.n as string;
    // A conversion that fails after taking its number gives it back.
    const { convertNote } = await import('../../src/domains/billing/invoicing/issue.ts');
    await expect(
      platform.database.inTenant(fr.appId, async (tx) => (await convertNote(tx, platform, n1, null), Promise.reject(new Error('crash after the number')))),
    ).rejects.toThrow('crash');
    const [a, b] = await Promise.all([convert(n1), convert(n2)]);
    const numbers = [a.json().data.invoices[0].number, b.json().data.invoices[0].number].sort();
    const seq = (n: string) => Number(n.split('-')[1]);
    expect(numbers.map(seq)).toEqual([seq(before) + 1, seq(before) + 2]);
    // The export-only tenant (US): no VAT, the CGI mention.
    expect(b.json().data.invoices[0]).toMatchObject({ vatRegime: 'export', vatCents: 0, totalCents: 1000 });
  });

  it('records the payment side: paid, disputed (opened, won), refunded → a numbered credit note; replays change nothing', async () => {
    const id = frInvoice.id as string;
    const paymentId = randomUUID();
    const succeeded = {
      type: 'payment.succeeded' as const,
      data: { paymentId, paymentRequestId: randomUUID(), saleIds: [id], amountCents: 1332, method: 'sepa', succeededAt: '2026-11-20T10:00:00.000Z' },
    };
    await emit(fr.appId, succeeded);
    await emit(fr.appId, succeeded);
    let detail = (await comptable.call('GET', `/api/billing/invoices/${id}`, 'billing')).json().data;
    expect(detail).toMatchObject({ status: 'succeeded', paid: true, paidAt: '2026-11-20T10:00:00.000Z', disputed: false });
    await emit(fr.appId, { type: 'payment.dispute_changed', data: { paymentId, saleIds: [id], status: 'opened' } });
    expect((await comptable.call('GET', `/api/billing/invoices/${id}`, 'billing')).json().data.disputed).toBe(true);
    await emit(fr.appId, { type: 'payment.dispute_changed', data: { paymentId, saleIds: [id], status: 'won' } });
    expect((await comptable.call('GET', `/api/billing/invoices/${id}`, 'billing')).json().data.disputed).toBe(false);

    const refund = { type: 'payment.refunded' as const, data: { paymentId, refundId: randomUUID(), saleId: id, amountCents: 600, reason: 'Goodwill' } };
    await emit(fr.appId, refund);
    await emit(fr.appId, refund);
    detail = (await comptable.call('GET', `/api/billing/invoices/${id}`, 'billing')).json().data;
    expect(detail.refundedCents).toBe(600);
    expect(detail.creditNotes).toHaveLength(1);
    const credit = detail.creditNotes[0];
    expect(credit).toMatchObject({ kind: 'credit_note', netCents: 500, vatCents: 100, totalCents: 600, relatedId: id, hasPdf: true });
    expect(credit.number).toMatch(/^F\d{4}-\d{6}$/);
    const text = pdfText((await comptable.call('GET', `/api/billing/invoices/${credit.id}/pdf`, 'billing')).rawPayload);
    expect(text).toContain('AVOIR');
    expect(text).toContain(frInvoice.number as string);
  });

  it('pays selected invoices (202, payment_requested), refusing an empty selection, a paid one, a credit note and another tenant’s', async () => {
    const empty = await comptable.call('POST', '/api/billing/invoices/payment', 'billing', { saleIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields[0].message).toContain('Select at least one invoice');
    const paid = await comptable.call('POST', '/api/billing/invoices/payment', 'billing', { saleIds: [frInvoice.id] });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toContain('already paid');
    const unpaid = (await rows(sql`select id, total_cents::int from sales where app_id = ${fr.appId} and kind = 'invoice' and status = 'pending'`))[0]!;
    const creditNote = (await rows(sql`select id from sales where app_id = ${fr.appId} and kind = 'credit_note'`))[0]!;
    expect((await comptable.call('POST', '/api/billing/invoices/payment', 'billing', { saleIds: [creditNote.id] })).statusCode).toBe(409);
    const otherInvoice = (await rows(sql`select id from sales where app_id = ${other.appId} and kind = 'invoice'`))[0]!;
    expect((await comptable.call('POST', '/api/billing/invoices/payment', 'billing', { saleIds: [unpaid.id, otherInvoice.id] })).statusCode).toBe(404);
    const ok = await comptable.call('POST', '/api/billing/invoices/payment', 'billing', { saleIds: [unpaid.id] });
    expect(ok.statusCode, ok.body).toBe(202);
    const [requested] = await eventsOf(fr.appId, 'billing.payment_requested');
    expect(requested!.data).toMatchObject({
      paymentRequestId: ok.json().data.paymentRequestId,
      trigger: 'tenant',
      requestedBy: comptable.userId,
      amountCents: unpaid.total_cents,
      currency: 'EUR',
      invoices: [expect.objectContaining({ saleId: unpaid.id })],
    });
  });

  it('puts a note to payment (converted first, trigger admin); with auto-payment an issue asks for payment itself', async () => {
    await consume(de, { n: 2, at: '2026-07-02T00:00:00Z', price: 50 });
    await runFor('2026-08-01T00:00:00Z', de);
    const note = (await notes(de)).at(-1)!;
    const res = await admin.call('POST', `/api/billing/sales/${note.id}/payment`, 'application');
    expect(res.statusCode, res.body).toBe(202);
    expect((await eventsOf(de.appId, 'billing.payment_requested')).map((e) => (e.data as Row).trigger)).toEqual(['admin']);

    const account = await admin.call('PUT', `/api/billing/applications/${de.appId}/account`, 'application', { autoPayment: true });
    expect(account.json().data).toMatchObject({ autoPayment: true, issuingCompanyName: expect.any(String) });
    await consume(de, { n: 2, at: '2026-08-02T00:00:00Z', price: 50 });
    await runFor('2026-09-01T00:00:00Z', de);
    await convert((await notes(de)).at(-1)!.id as string);
    expect((await eventsOf(de.appId, 'billing.payment_requested')).map((e) => (e.data as Row).trigger)).toEqual(['admin', 'auto']);
    expect((await eventsOf(de.appId, 'billing.invoice_issued')).at(-1)!.data).toMatchObject({ autoPayment: true });
  });

  it('lists with keyset pages and filters, for the tenant and the administrator (tabs, search by company or number)', async () => {
    const first = (await comptable.call('GET', '/api/billing/invoices?limit=2', 'billing')).json();
    expect(first.data).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await comptable.call('GET', `/api/billing/invoices?limit=2&cursor=${first.nextCursor}`, 'billing')).json();
    const ids = [...first.data, ...second.data].map((s: { id: string }) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...first.data, ...second.data].every((s: { kind: string }) => s.kind !== 'delivery_note')).toBe(true);
    expect((await comptable.call('GET', '/api/billing/invoices?kind=credit_note', 'billing')).json().data).toHaveLength(1);
    expect((await comptable.call('GET', '/api/billing/invoices?cursor=bm9wZQ', 'billing')).statusCode).toBe(400);

    const toInvoice = (await admin.call('GET', '/api/billing/sales?tab=to_invoice&limit=100', 'application')).json().data;
    expect(toInvoice.every((s: { kind: string; status: string }) => s.kind === 'delivery_note' && s.status === 'pending')).toBe(true);
    const deCompany = (await rows(sql`select company from applications where id = ${de.appId}`))[0]!.company as string;
    const byCompany = (await admin.call('GET', `/api/billing/sales?tab=invoices&search=${encodeURIComponent(deCompany)}`, 'application')).json().data;
    expect(byCompany.length).toBeGreaterThan(0);
    expect(byCompany.every((s: { appId: string }) => s.appId === de.appId)).toBe(true);
    const byNumber = (await admin.call('GET', `/api/billing/sales?search=${frInvoice.number}`, 'application')).json().data;
    expect(byNumber.map((s: { id: string }) => s.id)).toEqual([frInvoice.id]);
  });

  it("pages past invoices made in the same millisecond: the cursor takes its row's exact time (microseconds), none skipped", async () => {
    const listed = async (cursor?: string) =>
      (await comptable.call('GET', `/api/billing/invoices?limit=1${cursor ? `&cursor=${cursor}` : ''}`, 'billing')).json() as {
        data: { id: string }[];
        nextCursor: string | null;
      };
    const all = ((await comptable.call('GET', '/api/billing/invoices?limit=100', 'billing')).json().data as { id: string }[]).map((s) => s.id);
    expect(all.length).toBeGreaterThan(1);
    const saved = await rows(sql`select id, created_at::text as at from sales where app_id = ${fr.appId}`);
    // One millisecond, a microsecond apart: what a JS date cannot tell apart (the frozen-row guard set aside for the test).
    await rows(sql`alter table sales disable trigger sales_frozen`);
    try {
      await rows(sql`update sales set created_at = '2026-09-01 10:00:00.123'::timestamptz + (s.n || ' microseconds')::interval
        from (select id, row_number() over (order by id) as n from sales where app_id = ${fr.appId}) s where sales.id = s.id`);
      const seen: string[] = [];
      let page = await listed();
      for (let i = 0; i <= all.length && page.data.length; i++) {
        seen.push(...page.data.map((s) => s.id));
        if (!page.nextCursor) break;
        page = await listed(page.nextCursor);
      }
      expect(seen.sort()).toEqual([...all].sort());
    } finally {
      for (const row of saved) await rows(sql`update sales set created_at = ${row.at as string}::timestamptz where id = ${row.id as string}::uuid`);
      await rows(sql`alter table sales enable trigger sales_frozen`);
    }
  });

  it('exports the list as xlsx, the PDFs as a zip, and a balanced FEC named after the SIREN', async () => {
    const sheet = await readSpreadsheet((await comptable.call('GET', '/api/billing/invoices/export', 'billing')).rawPayload);
    expect(sheet.rows[0]![0]).toBe('Number');
    expect(sheet.rows.length).toBe(
      1 + Number((await rows(sql`select count(*)::int as n from sales where app_id = ${fr.appId} and kind <> 'delivery_note'`))[0]!.n),
    );
    const today = new Date().toISOString().slice(0, 10);
    const range = { from: '2026-01-01', to: today };
    const issued = Number((await rows(sql`select count(*)::int as n from sales where kind <> 'delivery_note'`))[0]!.n);
    const xlsx = await admin.call('POST', '/api/billing/sales/export', 'application', range);
    expect((await readSpreadsheet(xlsx.rawPayload)).rows).toHaveLength(issued + 1);
    const zip = unzipSync(new Uint8Array((await admin.call('POST', '/api/billing/sales/archive', 'application', range)).rawPayload));
    expect(Object.keys(zip)).toHaveLength(issued);
    expect(Object.keys(zip)).toContain(`${frInvoice.number}.pdf`);
    expect(Buffer.from(zip[`${frInvoice.number}.pdf`]!).subarray(0, 5).toString()).toBe('%PDF-');

    const [company] = (await admin.call('GET', '/api/billing/issuing-companies', 'application')).json().data;
    const fec = await admin.call('POST', '/api/billing/sales/compta', 'application', { ...range, issuingCompanyId: company.id });
    expect(fec.statusCode, fec.body).toBe(200);
    expect(fec.headers['content-disposition']).toContain(`${company.siren}FEC${today.replaceAll('-', '')}.txt`);
    const records = fec.rawPayload
      .toString('latin1')
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split('\t'));
    expect(records[0]).toHaveLength(18);
    const amount = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);
    const body = records.slice(1);
    expect(new Set(body.map((r) => r[8])).size).toBe(issued);
    expect(body.reduce((s, r) => s + amount(r[11]!), 0)).toBe(body.reduce((s, r) => s + amount(r[12]!), 0));

    // Formula neutralisation that keeps the FEC valid: the customer's name (CompAuxLib, free text) gets the leading
    // quote; the label (EcritureLib) starts with "Facture"/"Avoir", so stays as is; the amounts keep their exact
    // `1234,50` form (their sum balanced above), as do the account numbers, dates and references.
    const otherLines = body.filter((r) => r[7] !== '' && r[10]!.includes(formulaCompany));
    expect(otherLines.length).toBeGreaterThan(0);
    for (const r of otherLines) expect(r[7]).toBe(`'${formulaCompany}`);
    expect(body.filter((r) => r[7] !== '').every((r) => !/^[=+\-@]/.test(r[7]!))).toBe(true);
    expect(body.every((r) => /^\d+,\d{2}$/.test(r[11]!) && /^\d+,\d{2}$/.test(r[12]!))).toBe(true);
    const otherInvoices = await rows(sql`select number, total_cents::int as total from sales where app_id = ${other.appId} and kind = 'invoice'`);
    for (const invoice of otherInvoices) {
      const debit = body.find((r) => r[8] === invoice.number && r[7] !== '')!;
      expect(debit[11]).toBe(`${Math.floor((invoice.total as number) / 100)},${String((invoice.total as number) % 100).padStart(2, '0')}`);
    }
    // The sales list exported as xlsx: the same name, neutralised.
    const salesSheet = await readSpreadsheet(xlsx.rawPayload, { stripFormulaGuard: false });
    expect(salesSheet.rows.flat()).toContain(`'${formulaCompany}`);
    expect(salesSheet.rows.flat()).not.toContain(formulaCompany);
  });

  it('manages issuing companies: the seeded default, a new one, no prefix change once it has issued', async () => {
    const [seeded] = (await admin.call('GET', '/api/billing/issuing-companies', 'application')).json().data;
    expect(seeded).toMatchObject({ isDefault: true, invoicePrefix: 'F', siren: validIssuer.siren, problems: [] });
    const input = { ...validIssuer, name: 'Paraphe Belgique', invoicePrefix: 'B' };
    const created = await admin.call('POST', '/api/billing/issuing-companies', 'application', input);
    expect(created.statusCode, created.body).toBe(201);
    expect((await admin.call('POST', '/api/billing/issuing-companies', 'application', input)).statusCode).toBe(400); // prefix taken
    const { id: _id, isDefault: _d, updatedAt: _u, problems: _p, ...seededInput } = seeded;
    const renamed = await admin.call('PUT', `/api/billing/issuing-companies/${seeded.id}`, 'application', { ...seededInput, invoicePrefix: 'FA' });
    expect(renamed.statusCode).toBe(409);
    expect((await fr.client.call('PUT', '/api/billing/account', 'billing', { autoPayment: true })).json().data.autoPayment).toBe(true);
  });

  describe('authorization ladder', () => {
    const routes = () => {
      const sale = frInvoice.id as string;
      const range = { from: '2026-01-01', to: '2026-12-31' };
      return [
        { method: 'GET', url: '/api/billing/invoices', audience: 'billing' as const },
        { method: 'GET', url: '/api/billing/invoices/export', audience: 'billing' as const },
        { method: 'GET', url: `/api/billing/invoices/${sale}`, audience: 'billing' as const, own: true },
        { method: 'GET', url: `/api/billing/invoices/${sale}/pdf`, audience: 'billing' as const, own: true },
        { method: 'POST', url: '/api/billing/invoices/payment', audience: 'billing' as const, own: true, body: { saleIds: [sale] } },
        { method: 'GET', url: '/api/billing/account', audience: 'billing' as const },
        { method: 'PUT', url: '/api/billing/account', audience: 'billing' as const, body: { autoPayment: false } },
        { method: 'GET', url: '/api/billing/sales', audience: 'application' as const, admin: true },
        { method: 'GET', url: `/api/billing/sales/${sale}`, audience: 'application' as const, admin: true },
        { method: 'GET', url: `/api/billing/sales/${sale}/pdf`, audience: 'application' as const, admin: true },
        { method: 'POST', url: '/api/billing/sales/notes', audience: 'application' as const, admin: true, body: { month: '2026-01' } },
        { method: 'PATCH', url: '/api/billing/sales', audience: 'application' as const, admin: true, body: { saleIds: [sale] } },
        { method: 'DELETE', url: `/api/billing/sales/${sale}`, audience: 'application' as const, admin: true },
        { method: 'POST', url: `/api/billing/sales/${sale}/payment`, audience: 'application' as const, admin: true },
        { method: 'PUT', url: `/api/billing/sales/${sale}/disputed`, audience: 'application' as const, admin: true, body: { disputed: true } },
        { method: 'POST', url: '/api/billing/sales/export', audience: 'application' as const, admin: true, body: range },
        { method: 'POST', url: '/api/billing/sales/archive', audience: 'application' as const, admin: true, body: range },
        { method: 'POST', url: '/api/billing/sales/compta', audience: 'application' as const, admin: true, body: { ...range, issuingCompanyId: randomUUID() } },
        { method: 'GET', url: '/api/billing/issuing-companies', audience: 'application' as const, admin: true },
        { method: 'POST', url: '/api/billing/issuing-companies', audience: 'application' as const, admin: true, body: {} },
        { method: 'PUT', url: `/api/billing/issuing-companies/${randomUUID()}`, audience: 'application' as const, admin: true, body: {} },
        { method: 'GET', url: `/api/billing/applications/${fr.appId}/account`, audience: 'application' as const, admin: true },
        { method: 'PUT', url: `/api/billing/applications/${fr.appId}/account`, audience: 'application' as const, admin: true, body: { autoPayment: true } },
      ];
    };
    const snapshot = async () =>
      JSON.stringify(await rows(sql`select id, status, disputed, refunded_cents, updated_at from sales order by id`)) +
      JSON.stringify(await rows(sql`select * from billing_accounts order by app_id`));

    it('covers every invoicing endpoint', () => {
      expect(routes().map((r) => r.method).length).toBe(Object.keys(invoicingEndpoints).length);
    });

    it('answers 401 without a token, 403 to a COMMERCIAL and to a GERANT on the administrator calls, and changes nothing', async () => {
      const before = await snapshot();
      for (const r of routes()) {
        expect((await t.request({ method: r.method, url: r.url, body: r.body })).statusCode, `${r.method} ${r.url}`).toBe(401);
        const res = await t.request({ method: r.method, url: r.url, body: r.body, token: await (r.admin ? fr.client : commercial).token(r.audience) });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
      }
      expect(await snapshot()).toBe(before);
    });

    it("answers 404 to another tenant's GERANT on an invoice, and the COMPTABLE reads its own", async () => {
      const before = await snapshot();
      for (const r of routes().filter((x) => x.own)) {
        const res = await t.request({ method: r.method, url: r.url, body: r.body, token: await other.client.token(r.audience) });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      }
      expect(await snapshot()).toBe(before);
      expect((await comptable.call('GET', `/api/billing/invoices/${frInvoice.id}`, 'billing')).statusCode).toBe(200);
      // A delivery note is not the tenant's to see.
      const note = (await notes(fr))[0]!;
      expect((await comptable.call('GET', `/api/billing/invoices/${note.id}`, 'billing')).statusCode).toBe(404);
    });
  });
});
