import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminLive, AdminOverview, HomeDashboard } from '@paraphe/contracts';
import { domainEvents } from '../../src/platform/db/schema/index.ts';
import { recordActivity } from '../../src/domains/dashboards/activity.ts';
import { processQueues } from '../../src/domains/dashboards/admin.ts';
import { backfillActivity } from '../../src/domains/dashboards/backfill.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, multipartBody, samplePdf, signer, tenantWithGerant } from '../support/signatures.ts';
import { sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { campaignTenant, createCampaign, rows, signatory, waitForStatus } from '../campaigns/support.ts';

const month = () => new Date().toISOString().slice(0, 7);
const lastMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 15)).toISOString().slice(0, 7);
};

describe(`dashboards: home and super dashboard from the activity recorder (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let a: Awaited<ReturnType<typeof campaignTenant>>;
  let commercial: TestClient;
  let b: Awaited<ReturnType<typeof tenantWithGerant>>;

  const home = async (client: TestClient) => {
    const res = await client.call('GET', '/api/dashboard/home', 'user');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as HomeDashboard;
  };
  const figures = async () =>
    JSON.stringify(
      ((await t.database.db.execute(sql`select * from activity_monthly order by app_id, month, user_id, source, metric`)) as unknown as { rows: unknown[] })
        .rows,
    );

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(adminEmail);
    a = await campaignTenant(t, { campaign: true, operation: true });
    commercial = await t.login((await t.factory.user(a.tenant.appId, { profile: 'COMMERCIAL', parentId: a.tenant.gerant.id })).email);
    b = await tenantWithGerant(t);
  });
  afterAll(async () => t?.close());

  it('shows a new tenant empty figures, and every slot empty', async () => {
    const data = await home(b.client);
    expect(data).toMatchObject({ month: month(), scope: 'tenant', current: { campaign: null, mailing: null, operation: null }, latest: [] });
    expect(Object.values(data.thisMonth).every((n) => n === 0)).toBe(true);
    expect(data.months).toHaveLength(12);
    expect(data.months.at(-1)!.month).toBe(month());
    // The GERANT may read billing: the consumption series is there, at zero.
    expect(data.consumption!.months.every((m) => m.netCents === 0 && m.quantity === 0)).toBe(true);
  });

  it('follows a request created, sent and signed through the API; scoped to the team below GERANT; never another tenant', async () => {
    const request = await sentRequest(t, a.client, { signers: [signer(0)] });
    await signAsInvited(t, request.signers[0]!.email);
    await draft(t, commercial);

    const gerant = await home(a.client);
    expect(gerant.scope).toBe('tenant');
    expect(gerant.thisMonth).toMatchObject({ requests_created: 2, requests_sent: 1, signers_invited: 1, signers_signed: 1 });
    // The COMMERCIAL sees their own activity only (nobody below them), and no consumption (not their screen).
    const own = await home(commercial);
    expect(own).toMatchObject({ scope: 'team', consumption: null });
    expect(own.thisMonth).toMatchObject({ requests_created: 1, requests_sent: 0, signers_signed: 0 });
    // Completion (a job) counts the request completed.
    await t.waitFor(async () => (await home(a.client)).thisMonth.requests_completed === 1, 60_000);
    // Tenant B sees none of it.
    expect(Object.values((await home(b.client)).thisMonth).every((n) => n === 0)).toBe(true);
  });

  it('counts nothing twice: a replay of the stored events adds nothing', async () => {
    const before = await figures();
    const stored = await t.database.db
      .select()
      .from(domainEvents)
      .where(sql`${domainEvents.appId} = ${a.tenant.appId}`);
    // Every event of the tenant, counted or not (the recorder leaves the others alone).
    const counted = await t.database.inTenant(a.tenant.appId, (tx) => recordActivity(tx, stored));
    expect(counted).toBe(0);
    expect(await figures()).toBe(before);
  });

  it('counts the events stored before the dashboards existed once (backfill), and a second run adds nothing', async () => {
    // Tenant B's history as an older version stored it: events without the recorder, last month.
    const at = new Date(`${lastMonth()}-15T10:00:00Z`);
    const data = (campaignId: string | null) => ({
      requestId: crypto.randomUUID(),
      label: 'Old',
      ownerUserId: b.gerant.id,
      level: 1,
      testMode: true,
      signerCount: 1,
      ...(campaignId ? { campaignId } : {}),
    });
    await t.database.db.insert(domainEvents).values([
      { appId: b.appId, type: 'signature.sent', data: data(null), occurredAt: at },
      { appId: b.appId, type: 'signature.sent', data: data(null), occurredAt: at },
      { appId: b.appId, type: 'signature.sent', data: data(crypto.randomUUID()), occurredAt: at },
      { appId: b.appId, type: 'signature.viewed_by_nobody' as never, data: {}, occurredAt: at },
    ]);
    expect(await backfillActivity(t.server.platform, { batchSize: 2 })).toBe(3);
    const months = (await home(b.client)).months;
    expect(months.at(-2)).toEqual({ month: lastMonth(), counts: expect.objectContaining({ requests_sent: 3 }) });
    const rows = (
      (await t.database.db.execute(sql`select source, count::int from activity_monthly where app_id = ${b.appId} order by source`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
    expect(rows).toEqual([
      { source: 'campaign', count: 1 },
      { source: 'single', count: 2 },
    ]);
    const before = await figures();
    expect(await backfillActivity(t.server.platform)).toBe(0);
    expect(await figures()).toBe(before);
  });

  it("shows the current campaign with its progress and the latest in progress; the administrator's super dashboard ranks tenants", async () => {
    const campaign = await createCampaign(t, a.client, { label: 'Renewals', signatories: [signatory(0), signatory(1)], send: true });
    await waitForStatus(t, a.client, campaign.id, ['ready']);
    const data = await home(a.client);
    expect(data.current.campaign).toMatchObject({ kind: 'campaign', id: campaign.id, label: 'Renewals', status: 'ready', signatories: 2, sent: 2, signed: 0 });
    expect(data.latest.map((c) => c.id)).toEqual([campaign.id]);
    expect(data.thisMonth.requests_sent).toBe(3);
    // The COMMERCIAL's home does not show the GERANT's campaign.
    expect((await home(commercial)).latest).toEqual([]);

    const overview = await admin.call('GET', '/api/dashboard/admin', 'application');
    expect(overview.statusCode, overview.body).toBe(200);
    const o = overview.json().data as AdminOverview;
    expect(o.activeTenants).toBe(1);
    expect(o.tenants).toEqual([{ appId: a.tenant.appId, company: expect.any(String), sent: 3, completed: 1 }]);
    expect(o.revenue.map((r) => r.month)).toEqual(data.months.map((m) => m.month));
    // Test-mode activity is never billed: no revenue yet.
    expect(o.revenue.every((r) => r.netCents === 0)).toBe(true);

    const live = await admin.call('GET', '/api/dashboard/admin/live', 'application');
    expect(live.statusCode, live.body).toBe(200);
    const l = live.json().data as AdminLive;
    expect(l.processes.find((p) => p.type === 'campaign_dispatch')).toMatchObject({ running: 0, completed: expect.any(Number) });
    expect(l.processes.find((p) => p.type === 'campaign_dispatch')!.completed).toBeGreaterThan(0);
    // The campaign's two copies have their first reminder planned (tenant default schedule) within the days shown or later.
    expect(l.reminders.map((r) => r.inDays)).toEqual([0, 1, 7]);
  });

  it('shows a sent operation as the current one with its progress, among the latest; its requests count under source operation; the live view counts its dispatch', async () => {
    const campaignId = (await home(a.client)).latest[0]!.id;
    const newId = await a.client.call('GET', '/api/batches/ids', 'operation');
    expect(newId.statusCode, newId.body).toBe(200);
    const id = newId.json().data.id as string;
    const [ann, bob] = [signatory(10), signatory(11)];
    const orders = [ann, bob].map((s, i) => ({ transactionSigners: [s], document: `${i}.pdf` }));
    const pdf = await samplePdf();
    const { payload, headers } = multipartBody([
      { name: 'label', value: 'Leases' },
      { name: 'transactionOrders', value: JSON.stringify(orders) },
      { name: 'transactionRequest', value: JSON.stringify({ send: true }) },
      ...orders.map((o) => ({ name: 'files', fileName: o.document, contentType: 'application/pdf', data: pdf })),
    ]);
    const sent = await t.request({ method: 'POST', url: `/api/batches/${id}`, token: await a.client.token('operation'), body: payload, headers });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.waitFor(async () => (await home(a.client)).current.operation?.status === 'ready');
    await signAsInvited(t, ann.emailAddress);
    // The order is completed by the completion job: the operation's counters, not its orders, give the progress.
    const data = await t.waitFor(async () => {
      const h = await home(a.client);
      return h.current.operation?.signed === 1 ? h : null;
    }, 60_000);
    expect(data.current.operation).toEqual({
      kind: 'operation',
      id,
      label: 'Leases',
      status: 'ready',
      createdAt: expect.any(String),
      sentAt: expect.any(String),
      signatories: 2,
      sent: 2,
      opened: 1,
      signed: 1,
      refused: 0,
      expired: 0,
      canceled: 0,
      failed: 0,
    });
    // Campaigns and operations in one list, newest created first.
    expect(data.latest.map((x) => [x.kind, x.id])).toEqual([
      ['operation', id],
      ['campaign', campaignId],
    ]);
    // The COMMERCIAL does not see the GERANT's operation (the operations list's scope).
    expect((await home(commercial)).current.operation).toBeNull();
    // Its two requests count under source 'operation' (the single request and the campaign's two copies keep theirs).
    const bySource = await rows<{ source: string; n: number }>(
      t,
      sql`select source, sum(count)::int as n from activity_monthly where app_id = ${a.tenant.appId} and metric = 'requests_sent' group by source order by source`,
    );
    expect(bySource).toEqual([
      { source: 'campaign', n: 2 },
      { source: 'operation', n: 2 },
      { source: 'single', n: 1 },
    ]);
    expect(data.thisMonth.requests_sent).toBe(5);
    // Without the tenant's feature the operations list refuses (FEATURE_DISABLED): the home shows none of them either.
    const operationFeature = (on: boolean) =>
      t.database.db.execute(sql`update applications set features = features || ${JSON.stringify({ operation: on })}::jsonb where id = ${a.tenant.appId}`);
    await operationFeature(false);
    const off = await home(a.client);
    expect([off.current.operation, off.latest.map((x) => x.kind)]).toEqual([null, ['campaign']]);
    await operationFeature(true);

    const live = await t.waitFor(async () => {
      const l = (await admin.call('GET', '/api/dashboard/admin/live', 'application')).json().data as AdminLive;
      return l.processes.find((p) => p.type === 'operation_dispatch')!.completed > 0 ? l : null;
    });
    expect(live.processes.map((p) => p.type)).toContain('operation_dispatch');
  });

  it("sums billed consumption across tenants, each tenant's volume discount deducted", async () => {
    const prices = (await admin.call('GET', `/api/billing/applications/${b.appId}/prices`, 'application')).json().data;
    expect(
      (
        await admin.call('PUT', `/api/billing/applications/${b.appId}/prices`, 'application', {
          unitPrices: prices.unitPrices,
          discounts: [{ threshold: 10, percent: 10 }],
        })
      ).statusCode,
    ).toBe(200);
    // B's month as metering would have left it: 10 signatures (the discount applies) and 5 sends (below the threshold).
    await t.database.db.execute(sql`insert into consumption_monthly (app_id, month, user_id, kind, quantity, gross_cents, test_quantity) values
      (${b.appId}, ${`${month()}-01`}, ${b.gerant.id}, 'signer_signed', 6, 600, 0), (${b.appId}, ${`${month()}-01`}, null, 'signer_signed', 4, 400, 0),
      (${b.appId}, ${`${month()}-01`}, ${b.gerant.id}, 'option_simple', 5, 500, 0)`);
    const o = (await admin.call('GET', '/api/dashboard/admin', 'application')).json().data as AdminOverview;
    expect(o.revenue.at(-1)).toEqual({ month: month(), netCents: 1000 - 100 + 500 });
  });

  it('names only queues the modules define as processes', () => {
    const defined = new Set(t.server.platform.jobs.queueOptions().map((q) => q.name));
    expect(
      Object.values(processQueues)
        .flat()
        .filter((q) => !defined.has(q)),
    ).toEqual([]);
  });

  describe('authorization ladder', () => {
    const routes = [
      { url: '/api/dashboard/home', audience: 'user' as const },
      { url: '/api/dashboard/admin/live', audience: 'application' as const, admin: true },
      { url: '/api/dashboard/admin', audience: 'application' as const, admin: true },
    ];

    it('serves every route of the descriptors', () => {
      const spec = t.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      expect(
        Object.keys(spec.paths)
          .filter((p) => p.startsWith('/api/dashboard'))
          .sort(),
      ).toEqual(routes.map((r) => r.url).sort());
    });

    it('answers 401 without a token or with another audience', async () => {
      const history = await a.client.token('history');
      for (const r of routes) {
        expect((await t.request({ method: 'GET', url: r.url })).statusCode, r.url).toBe(401);
        expect((await t.request({ method: 'GET', url: r.url, token: history })).statusCode, r.url).toBe(401);
      }
    });

    it('answers 403 to a tenant GERANT on the super dashboard (the product administrator only)', async () => {
      for (const r of routes.filter((x) => x.admin)) {
        const res = await t.request({ method: 'GET', url: r.url, token: await a.client.token(r.audience) });
        expect(res.statusCode, r.url).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    });
  });
});
