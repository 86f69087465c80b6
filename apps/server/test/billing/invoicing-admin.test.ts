import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { validIssuer, validProfile } from '../support/billing.ts';
import { runNotesChunk } from '../../src/domains/billing/invoicing/notes.ts';

type Row = Record<string, unknown>;
type Tenant = Awaited<ReturnType<typeof tenantWithGerant>>;

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-issuer-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), bytes);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Issue 25 items 18 (the issuer filled before any invoice) and 21 (the disputed flag by hand). */
describe(`invoicing, the administrator: issuer identity, disputed flag (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let tenant: Tenant;
  let comptable: TestClient;
  const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const pendingNote = async () => {
    await t.database.db.execute(sql`
      insert into consumptions (app_id, user_id, kind, quantity, unit_price_cents, billable, test_mode, occurred_at, event_id)
      values (${tenant.appId}, ${tenant.gerant.id}, 'signer_contacted', 3, 100, true, false, '2026-03-05T10:00:00Z', gen_random_uuid())`);
    await runNotesChunk(t.server.platform, { boundary: '2026-04-01T00:00:00Z', appIds: [tenant.appId], actorUserId: null });
    return (await rows(sql`select id from sales where app_id = ${tenant.appId} and kind = 'delivery_note' and status = 'pending'`))[0]!.id as string;
  };
  const companies = async () =>
    (await admin.call('GET', '/api/billing/issuing-companies', 'application')).json().data as ({
      id: string;
      isDefault: boolean;
      problems: { field: string }[];
    } & Record<string, unknown>)[];

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(adminEmail);
    tenant = await tenantWithGerant(t, { testMode: false });
    expect((await tenant.client.call('PUT', '/api/billing/profile', 'billing', validProfile)).statusCode).toBe(200);
    comptable = await t.login((await t.factory.user(tenant.appId, { profile: 'COMPTABLE' })).email);
  });
  afterAll(async () => t?.close());

  let noteId: string;
  it('refuses to issue while the issuer carries the installation placeholders, and says where to fill it', async () => {
    const [seeded] = await companies();
    expect(seeded!.problems.map((p) => p.field)).toEqual(expect.arrayContaining(['name', 'siren', 'vatNumber']));
    noteId = await pendingNote();
    const refused = await admin.call('PATCH', '/api/billing/sales', 'application', { saleIds: [noteId] });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toMatch(/issuing company .* not filled in .*Applications → Billing → Issuing companies/);
    // Put to payment converts first: refused the same way.
    expect((await admin.call('POST', `/api/billing/sales/${noteId}/payment`, 'application')).statusCode).toBe(409);
    expect(await rows(sql`select 1 from sales where kind = 'invoice'`)).toEqual([]);
    expect(await rows(sql`select 1 from invoice_counters`)).toEqual([]); // no number taken
  });

  it('refuses to save placeholders or a wrong SIREN, naming the fields; a filled issuer is saved and issues', async () => {
    const [seeded] = await companies();
    const { id, isDefault: _d, updatedAt: _u, problems: _p, ...placeholderInput } = seeded!;
    const kept = await admin.call('PUT', `/api/billing/issuing-companies/${id}`, 'application', placeholderInput);
    expect(kept.statusCode).toBe(400);
    expect(kept.json().error.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['name', 'siren']));
    const wrongKey = await admin.call('PUT', `/api/billing/issuing-companies/${id}`, 'application', { ...validIssuer, siren: '443061842' });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json().error.message).toMatch(/siren: this SIREN number is not valid/);

    const saved = await admin.call('PUT', `/api/billing/issuing-companies/${id}`, 'application', validIssuer);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Paraphe Services', siren: '443061841', problems: [] });
    const audited = await rows(sql`select data from audit_events where action = 'billing.issuing_company_saved' and target_id = ${id}`);
    expect(audited).toHaveLength(1);

    const issued = await admin.call('PATCH', '/api/billing/sales', 'application', { saleIds: [noteId] });
    expect(issued.statusCode, issued.body).toBe(200);
    const invoice = issued.json().data.invoices[0];
    const text = pdfText((await admin.call('GET', `/api/billing/sales/${invoice.id}/pdf`, 'application')).rawPayload);
    expect(text).toContain('Paraphe Services');
    expect(text).toMatch(/443 ?061 ?841/);
    expect(text).not.toContain('[ISSUER');
    expect(text).not.toContain('000000000');
    expect(text).not.toContain('000 000 000');
  });

  it('sets and clears the disputed flag of an invoice, each change audited with its reason; refuses a delivery note', async () => {
    const [invoice] = await rows(sql`select id, number from sales where app_id = ${tenant.appId} and kind = 'invoice'`);
    const id = invoice!.id as string;
    const set = await admin.call('PUT', `/api/billing/sales/${id}/disputed`, 'application', { disputed: true, reason: 'Client contests the March volume' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.disputed).toBe(true);
    expect((await comptable.call('GET', `/api/billing/invoices/${id}`, 'billing')).json().data.disputed).toBe(true);
    // The same value again: nothing changes, no second row.
    expect((await admin.call('PUT', `/api/billing/sales/${id}/disputed`, 'application', { disputed: true })).statusCode).toBe(200);
    const cleared = await admin.call('PUT', `/api/billing/sales/${id}/disputed`, 'application', { disputed: false, reason: 'Settled by phone' });
    expect(cleared.json().data.disputed).toBe(false);
    const audit = await rows(
      sql`select action, actor_user_id, data from audit_events where target_id = ${id} and action like 'billing.invoice_dispute%' order by created_at`,
    );
    expect(audit.map((a) => [a.action, (a.data as Row).reason, (a.data as Row).number])).toEqual([
      ['billing.invoice_disputed', 'Client contests the March volume', invoice!.number],
      ['billing.invoice_dispute_cleared', 'Settled by phone', invoice!.number],
    ]);
    expect(audit[0]!.actor_user_id).toBe(admin.userId);

    const note = await rows(sql`select id from sales where kind = 'delivery_note' and app_id = ${tenant.appId}`);
    const refused = await admin.call('PUT', `/api/billing/sales/${note[0]!.id}/disputed`, 'application', { disputed: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Only an invoice can be marked as disputed, not a delivery note/);
  });

  it('disputed flag ladder: 401 without a token, 403 to the tenant’s GERANT and COMPTABLE, 404 for an unknown sale; nothing changes', async () => {
    const [invoice] = await rows(sql`select id from sales where app_id = ${tenant.appId} and kind = 'invoice'`);
    const url = `/api/billing/sales/${invoice!.id}/disputed`;
    const before = await rows(sql`select disputed, updated_at from sales where id = ${invoice!.id}`);
    expect((await t.request({ method: 'PUT', url, body: { disputed: true } })).statusCode).toBe(401);
    for (const client of [tenant.client, comptable]) {
      expect((await t.request({ method: 'PUT', url, body: { disputed: true }, token: await client.token('application') })).statusCode).toBe(403);
    }
    expect((await admin.call('PUT', `/api/billing/sales/${crypto.randomUUID()}/disputed`, 'application', { disputed: true })).statusCode).toBe(404);
    expect(await rows(sql`select disputed, updated_at from sales where id = ${invoice!.id}`)).toEqual(before);
  });
});
