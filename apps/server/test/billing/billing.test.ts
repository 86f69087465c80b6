import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { invoicingEndpoints, packPriceLists } from '@paraphe/contracts';
import { readSpreadsheet } from '../../src/platform/spreadsheets/index.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, signer, tenantWithGerant } from '../support/signatures.ts';
import { signAsInvited } from '../support/signing-flow.ts';
import { validProfile } from '../support/billing.ts';

export { validProfile } from '../support/billing.ts';

type Rows = { rows: Record<string, unknown>[] };
const month = () => new Date().toISOString().slice(0, 7);

describe(`billing: profile, live mode, prices, metering, consumption (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let live: Awaited<ReturnType<typeof tenantWithGerant>>;
  let comptable: TestClient;
  let commercial: TestClient;
  let other: Awaited<ReturnType<typeof tenantWithGerant>>;

  const rowsOf = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as Rows).rows;
  const consumptionOf = (appId: string) =>
    rowsOf(
      sql`select kind, quantity, unit_price_cents, billable, test_mode, user_id, request_id, signer_id from consumptions where app_id = ${appId} order by occurred_at, kind`,
    );
  const monthlyOf = (appId: string) =>
    rowsOf(sql`select kind, quantity::int, gross_cents::int, test_quantity::int, user_id from consumption_monthly where app_id = ${appId} order by kind`);
  /** Sends a new request; once sent, waits for its invitation (the send job invites the first signer). */
  const send = async (client: TestClient, signers = [signer(0)]) => {
    const request = await draft(t, client, { signers });
    const res = await client.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
    if (res.statusCode === 200)
      await t.waitFor(async () => (await rowsOf(sql`select 1 from consumptions where request_id = ${request.id} and kind = 'signer_contacted'`)).length > 0);
    return { request, res };
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(adminEmail);
    live = await tenantWithGerant(t, { testMode: false });
    other = await tenantWithGerant(t, { testMode: false });
    comptable = await t.login((await t.factory.user(live.appId, { profile: 'COMPTABLE' })).email);
    commercial = await t.login((await t.factory.user(live.appId, { profile: 'COMMERCIAL', parentId: live.gerant.id })).email);
  });
  afterAll(async () => t?.close());

  it('blocks live sending without a complete billing profile, and says where to complete it', async () => {
    expect((await live.client.call('GET', '/api/billing/profile', 'billing')).json().data).toEqual({ profile: null, complete: false, exempt: false });
    const { res } = await send(live.client);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'BILLING_REQUIRED', message: expect.stringContaining('Settings → Billing') });
    // The refused send recorded nothing.
    expect(await consumptionOf(live.appId)).toEqual([]);
  });

  it('refuses wrong identifiers with one field error each, saying what is wrong', async () => {
    const before = await t.snapshot();
    const res = await live.client.call('PUT', '/api/billing/profile', 'billing', {
      ...validProfile,
      registrationNumber: '443061842',
      vatNumber: 'DE123456789',
      iban: 'FR7630006000011234567890188',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields).toEqual([
      { field: 'registrationNumber', rule: 'invalid_value', message: 'this SIREN number is not valid (wrong check digit)' },
      { field: 'vatNumber', rule: 'invalid_value', message: 'a VAT number of this country starts with FR, not DE' },
      { field: 'iban', rule: 'invalid_value', message: 'this IBAN has a typing mistake (its check digits do not match)' },
    ]);
    const bic = await live.client.call('PUT', '/api/billing/profile', 'billing', { ...validProfile, bic: 'DEUTDEFF' });
    expect(bic.json().error.fields).toEqual([{ field: 'bic', rule: 'invalid_value', message: 'this BIC is of a bank in DE, the IBAN of an account in FR' }]);
    expect(await t.snapshot()).toBe(before);
  });

  it('saves the profile (identifiers normalised, audit row without values); live sending then works', async () => {
    const saved = await comptable.call('PUT', '/api/billing/profile', 'billing', validProfile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      complete: true,
      profile: { registrationNumber: '44306184100047', iban: 'FR7630006000011234567890189', country: 'FR' },
    });
    const [auditRow] = await rowsOf(sql`select action, data from audit_events where app_id = ${live.appId} and action = 'billing.profile_saved'`);
    expect(JSON.stringify(auditRow)).not.toContain('FR7630006000011234567890189');

    const { res } = await send(live.client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('pending');
  });

  it("lets the product administrator's platform tenant send in live mode without a profile", async () => {
    const { res, request } = await send(admin);
    expect(res.statusCode, res.body).toBe(200);
    // Its activity is recorded but never billed (it invoices nobody).
    const rows = await rowsOf(sql`select billable, test_mode from consumptions where request_id = ${request.id}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.billable === false && r.test_mode === false)).toBe(true);
    // Its settings say so (not "complete", which its empty profile is not).
    expect((await admin.call('GET', '/api/billing/profile', 'billing')).json().data).toEqual({ profile: null, complete: false, exempt: true });
  });

  it('records one consumption row per billable fact, at the price in force, with the monthly figures in step', async () => {
    const appId = live.appId;
    const prices = { unitPrices: { ...packPriceLists.small.unitPrices, signer_contacted: 77, option_simple: 5 }, discounts: [{ threshold: 2, percent: 10 }] };
    expect((await admin.call('PUT', `/api/billing/applications/${appId}/prices`, 'application', prices)).statusCode).toBe(200);
    const baseline = (await consumptionOf(appId)).length;

    const { request } = await send(live.client);
    const rows = (await consumptionOf(appId)).slice(baseline);
    expect(rows).toEqual([
      {
        kind: 'option_simple',
        quantity: 1,
        unit_price_cents: 5,
        billable: true,
        test_mode: false,
        user_id: live.gerant.id,
        request_id: request.id,
        signer_id: null,
      },
      {
        kind: 'signer_contacted',
        quantity: 1,
        unit_price_cents: 77,
        billable: true,
        test_mode: false,
        user_id: live.gerant.id,
        request_id: request.id,
        signer_id: request.signers[0]!.id,
      },
    ]);

    // A new price applies from now on; what was recorded keeps its price.
    await admin.call('PUT', `/api/billing/applications/${appId}/prices`, 'application', {
      ...prices,
      unitPrices: { ...prices.unitPrices, signer_contacted: 99 },
    });
    await send(live.client);
    const contacted = (await consumptionOf(appId)).filter((r) => r.kind === 'signer_contacted');
    expect(contacted.slice(-2).map((r) => r.unit_price_cents)).toEqual([77, 99]);

    // The monthly figures are the sums of the raw rows.
    const sums = await rowsOf(
      sql`select kind, sum(quantity)::int as quantity, sum(quantity * unit_price_cents)::int as gross from consumptions where app_id = ${appId} and billable group by kind order by kind`,
    );
    expect((await monthlyOf(appId)).map((m) => ({ kind: m.kind, quantity: m.quantity, gross: m.gross_cents }))).toEqual(sums);

    // The report: this month's signer_contacted volume reached the 10 % threshold (2 units).
    const report = (await comptable.call('GET', `/api/billing/conso?from=${month()}&to=${month()}`, 'billing')).json().data;
    const line = report.months[0].lines.find((l: { kind: string }) => l.kind === 'signer_contacted');
    const gross = contacted.reduce((s, r) => s + Number(r.unit_price_cents), 0);
    expect(line).toMatchObject({
      quantity: contacted.length,
      grossCents: gross,
      discountPercent: 10,
      discountCents: Math.round(gross / 10),
      netCents: gross - Math.round(gross / 10),
    });
    expect(report.users).toEqual([expect.objectContaining({ userId: live.gerant.id, name: 'GERANT Gérard', quantity: contacted.length * 2 })]);
    const mine = (await live.client.call('GET', `/api/billing/conso/users/${live.gerant.id}?from=${month()}&to=${month()}`, 'billing')).json().data;
    expect(mine.totals.netCents).toBe(report.totals.netCents);
  });

  it('records signer_signed when a signer signs (with the request owner as user)', async () => {
    const { request } = await send(live.client);
    await signAsInvited(t, request.signers[0]!.emailAddress);
    const [signed] = await rowsOf(sql`select kind, user_id, signer_id, billable from consumptions where request_id = ${request.id} and kind = 'signer_signed'`);
    expect(signed).toEqual({ kind: 'signer_signed', user_id: live.gerant.id, signer_id: request.signers[0]!.id, billable: true });
  });

  it('records test-mode activity as not billable, counted apart', async () => {
    const test = await tenantWithGerant(t);
    await send(test.client);
    expect((await consumptionOf(test.appId)).map((r) => [r.kind, r.billable, r.test_mode])).toEqual([
      ['option_simple', false, true],
      ['signer_contacted', false, true],
    ]);
    expect((await monthlyOf(test.appId)).map((m) => [m.kind, m.quantity, m.gross_cents, m.test_quantity])).toEqual([
      ['option_simple', 0, 0, 1],
      ['signer_contacted', 0, 0, 1],
    ]);
  });

  it('counts a replayed event once, and nothing when the cause rolls back', async () => {
    const { platform } = t.server;
    const appId = live.appId;
    const before = { rows: await consumptionOf(appId), monthly: await monthlyOf(appId) };
    const [event] = await rowsOf(sql`select id from domain_events where app_id = ${appId} and type = 'signature.signer_invited' limit 1`);
    const { recordConsumption } = await import('../../src/domains/billing/metering.ts');
    const [stored] = await rowsOf(
      sql`select id, type, app_id as "appId", actor_user_id as "actorUserId", data, occurred_at as "occurredAt" from domain_events where id = ${event!.id}`,
    );
    await platform.database.inTenant(appId, (tx) =>
      recordConsumption(tx, [{ ...stored, occurredAt: new Date(String(stored!.occurredAt)).toISOString() } as never]),
    );
    expect(await consumptionOf(appId)).toEqual(before.rows);
    expect(await monthlyOf(appId)).toEqual(before.monthly);

    const data = {
      requestId: randomUUID(),
      label: 'x',
      ownerUserId: live.gerant.id,
      level: 1,
      testMode: false,
      signerId: randomUUID(),
      signerIndex: 0,
      role: 'signer',
      signerName: 'X',
      channel: 'email',
    } as const;
    await expect(
      platform.database.inTenant(appId, async (tx) => {
        await platform.events.emit(tx, { type: 'signature.signer_invited', appId, data });
        throw new Error('the cause fails');
      }),
    ).rejects.toThrow('the cause fails');
    expect(await consumptionOf(appId)).toEqual(before.rows);
    expect(await monthlyOf(appId)).toEqual(before.monthly);
  });

  it('exports the consumption as xlsx, one row per month, user and kind', async () => {
    const res = await comptable.call('GET', `/api/billing/conso/export?from=${month()}&to=${month()}`, 'billing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`consumption-${month()}-${month()}.xlsx`);
    const sheet = await readSpreadsheet(res.rawPayload);
    expect(sheet.rows[0]).toEqual([
      'Month',
      'User',
      'Kind',
      'Quantity',
      'Test mode (not billed)',
      'Amount excl. VAT before discount (EUR)',
      'Discount (%)',
      'Amount excl. VAT (EUR)',
    ]);
    expect(
      sheet.rows
        .slice(1)
        .map((r) => r[2])
        .sort(),
    ).toEqual(['option_simple', 'signer_contacted', 'signer_signed']);
    // A range that ends before it starts, or is longer than 24 months, is refused.
    expect((await comptable.call('GET', '/api/billing/conso?from=2026-05&to=2026-04', 'billing')).statusCode).toBe(400);
    expect((await comptable.call('GET', '/api/billing/conso?from=2020-01&to=2026-04', 'billing')).statusCode).toBe(400);
  });

  it("gives the pack's defaults until the administrator sets prices, and back after a reset", async () => {
    const prices = (await other.client.call('GET', '/api/billing/prices', 'billing')).json().data;
    expect(prices).toMatchObject({ pack: 'free', custom: false, unitPrices: packPriceLists.free.unitPrices });
    const bad = await admin.call('PUT', `/api/billing/applications/${other.appId}/prices`, 'application', {
      unitPrices: { ...packPriceLists.small.unitPrices, signer_signed: -1 },
      discounts: [
        { threshold: 5, percent: 10 },
        { threshold: 5, percent: 20 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['discounts', 'unitPrices.signer_signed']);
    expect((await admin.call('DELETE', `/api/billing/applications/${live.appId}/prices`, 'application')).statusCode).toBe(200);
    expect((await live.client.call('GET', '/api/billing/prices', 'billing')).json().data.custom).toBe(false);
  });

  describe('authorization ladder', () => {
    const routes = () => [
      { method: 'GET', url: '/api/billing/profile', audience: 'billing' as const },
      { method: 'PUT', url: '/api/billing/profile', audience: 'billing' as const, body: validProfile },
      { method: 'GET', url: '/api/billing/prices', audience: 'billing' as const },
      { method: 'GET', url: `/api/billing/conso?from=${month()}&to=${month()}`, audience: 'billing' as const },
      { method: 'GET', url: `/api/billing/conso/export?from=${month()}&to=${month()}`, audience: 'billing' as const },
      { method: 'GET', url: `/api/billing/conso/users/${live.gerant.id}?from=${month()}&to=${month()}`, audience: 'billing' as const, own: true },
      { method: 'GET', url: `/api/billing/applications/${live.appId}/prices`, audience: 'application' as const, admin: true },
      {
        method: 'PUT',
        url: `/api/billing/applications/${live.appId}/prices`,
        audience: 'application' as const,
        admin: true,
        body: { unitPrices: packPriceLists.large.unitPrices, discounts: [] },
      },
      { method: 'DELETE', url: `/api/billing/applications/${live.appId}/prices`, audience: 'application' as const, admin: true },
    ];
    const snapshot = async () =>
      JSON.stringify(await rowsOf(sql`select * from billing_profiles order by app_id`)) +
      JSON.stringify(await rowsOf(sql`select * from billing_prices order by app_id`));

    it('serves every route of the descriptors', () => {
      const spec = t.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const served = Object.entries(spec.paths)
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
        .filter((r) => / \/api\/billing/.test(r))
        // Invoicing's routes have their own ladder (invoicing.test.ts).
        .filter((r) => !Object.values(invoicingEndpoints).some((e) => r === `${e.method} ${e.path.replace(/:(\w+)/g, '{$1}')}`))
        // Going live has its own ladder too (live-mode.test.ts).
        .filter((r) => !r.endsWith(' /api/billing/live-mode'));
      expect(served).toHaveLength(routes().length);
    });

    it('answers 401 without a token or with another audience', async () => {
      const userToken = await live.client.token('user');
      for (const r of routes()) {
        expect((await t.request({ method: r.method, url: r.url, body: r.body })).statusCode, `${r.method} ${r.url}`).toBe(401);
        expect((await t.request({ method: r.method, url: r.url, body: r.body, token: userToken })).statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    });

    it('answers 403 to a profile without billing rights (COMMERCIAL), and to a GERANT on the administrator calls; changes nothing', async () => {
      for (const r of routes()) {
        const before = await snapshot();
        const res = await t.request({ method: r.method, url: r.url, body: r.body, token: await (r.admin ? live.client : commercial).token(r.audience) });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
        expect(await snapshot()).toBe(before);
      }
    });

    it("answers 404 to another tenant's user and to an unknown tenant, and changes nothing", async () => {
      const before = await snapshot();
      for (const r of routes().filter((x) => x.own))
        expect((await t.request({ method: r.method, url: r.url, token: await other.client.token(r.audience) })).statusCode).toBe(404);
      for (const r of routes().filter((x) => x.admin)) {
        const res = await t.request({ method: r.method, url: r.url.replace(live.appId, randomUUID()), body: r.body, token: await admin.token(r.audience) });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      }
      expect(await snapshot()).toBe(before);
      // Each tenant sees only its own profile.
      expect((await other.client.call('GET', '/api/billing/profile', 'billing')).json().data.profile).toBeNull();
    });
  });
});
