import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { validProfile } from '../support/billing.ts';

type Row = Record<string, unknown>;
type Tenant = Awaited<ReturnType<typeof tenantWithGerant>>;

/** Issue 25 item 20: the tenant asks to go live from its own settings (docs/billing.md "Going live"). */
describe(`going live from the tenant's settings (${engine})`, () => {
  let t: TestContext;
  let tenant: Tenant;
  let other: Tenant;
  let comptable: TestClient;
  let commercial: TestClient;
  const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
  const testModeOf = async (appId: string) => (await rows(sql`select test_mode from applications where id = ${appId}`))[0]!.test_mode;

  beforeAll(async () => {
    t = await createTestContext();
    tenant = await tenantWithGerant(t, { testMode: true, features: { api: true } });
    other = await tenantWithGerant(t, { testMode: true });
    comptable = await t.login((await t.factory.user(tenant.appId, { profile: 'COMPTABLE' })).email);
    commercial = await t.login((await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id })).email);
  });
  afterAll(async () => t?.close());

  it('refuses without confirmation (400) and without a complete billing profile (409 pointing to Settings → Billing)', async () => {
    expect((await tenant.client.call('GET', '/api/billing/live-mode', 'billing')).json().data).toEqual({ testMode: true, billingComplete: false });
    const unconfirmed = await tenant.client.call('POST', '/api/billing/live-mode', 'billing', {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.body).toMatch(/confirm/);
    const incomplete = await tenant.client.call('POST', '/api/billing/live-mode', 'billing', { confirm: true });
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().error).toMatchObject({ code: 'BILLING_REQUIRED', message: expect.stringMatching(/Settings → Billing/) });
    expect(await testModeOf(tenant.appId)).toBe(true);
  });

  it('ladder: 401 without a token, 403 to the COMPTABLE and the COMMERCIAL; another tenant switches only itself', async () => {
    expect((await tenant.client.call('PUT', '/api/billing/profile', 'billing', validProfile)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/billing/live-mode', body: { confirm: true } })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/billing/live-mode' })).statusCode).toBe(401);
    // The accountant reads the state (billing.read) but the switch is the director's.
    expect((await comptable.call('GET', '/api/billing/live-mode', 'billing')).json().data).toEqual({ testMode: true, billingComplete: true });
    expect((await comptable.call('POST', '/api/billing/live-mode', 'billing', { confirm: true })).statusCode).toBe(403);
    expect((await commercial.call('POST', '/api/billing/live-mode', 'billing', { confirm: true })).statusCode).toBe(403);
    expect((await commercial.call('GET', '/api/billing/live-mode', 'billing')).statusCode).toBe(403);
    // The other tenant's director acts on its own account only (incomplete: refused), never on this one.
    expect((await other.client.call('POST', '/api/billing/live-mode', 'billing', { confirm: true })).statusCode).toBe(409);
    expect(await testModeOf(tenant.appId)).toBe(true);
    expect(await testModeOf(other.appId)).toBe(true);
  });

  it('switches once the profile is complete: audited, the mode-change event, http:// webhooks no longer accepted; a second switch is 409', async () => {
    const insecure = await tenant.client.call('POST', '/api/webhooks', 'application', { url: 'http://hooks.example.com/paraphe', events: ['signature.sent'] });
    expect(insecure.statusCode, insecure.body).toBe(201);

    const live = await tenant.client.call('POST', '/api/billing/live-mode', 'billing', { confirm: true });
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().data).toEqual({ testMode: false, billingComplete: true });
    expect(await testModeOf(tenant.appId)).toBe(false);
    const me = await tenant.client.call('GET', `/api/Users/${tenant.appId}/me`, 'user');
    expect(me.json().data.application.testMode).toBe(false);
    const audit = await rows(sql`select actor_user_id from audit_events where app_id = ${tenant.appId} and action = 'application.went_live'`);
    expect(audit).toEqual([{ actor_user_id: tenant.gerant.id }]);
    const events = await rows(sql`select data from domain_events where app_id = ${tenant.appId} and type = 'application.updated'`);
    expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ changed: ['testMode'], testMode: false })]);

    // What changes, as the confirmation says: an http:// endpoint can no longer be saved (and is no longer delivered).
    const refused = await tenant.client.call('PATCH', `/api/webhooks/${insecure.json().data.id}`, 'application', { url: 'http://hooks.example.com/other' });
    expect(refused.statusCode).toBe(400);
    expect((await tenant.client.call('POST', '/api/billing/live-mode', 'billing', { confirm: true })).statusCode).toBe(409);
  });
});
