import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { createRequest, draft, forceStatus, tenantWithGerant } from '../support/signatures.ts';

describe(`signature requests: authorization and visibility (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let manager: TestClient;
  let commercial: TestClient;
  let outsider: TestClient;
  let comptable: TestClient;
  let stranger: TestClient;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    const managerUser = await t.factory.user(tenant.appId, { profile: 'MANAGER', parentId: tenant.gerant.id });
    const commercialUser = await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: managerUser.id });
    const outsiderUser = await t.factory.user(tenant.appId, { profile: 'COMMERCIAL', parentId: tenant.gerant.id });
    const comptableUser = await t.factory.user(tenant.appId, { profile: 'COMPTABLE' });
    const clients = await Promise.all([managerUser, commercialUser, outsiderUser, comptableUser].map((u) => t.login(u.email)));
    [manager, commercial, outsider, comptable] = clients as [TestClient, TestClient, TestClient, TestClient];
    stranger = (await tenantWithGerant(t)).client;
    for (const [name, client] of Object.entries({ gerant, manager, commercial, outsider }))
      ids[name] = (await draft(t, client, { label: `${name} request` })).id;
    ids.stranger = (await draft(t, stranger)).id;
  });
  afterAll(async () => t?.close());

  const visibleTo = async (client: TestClient) =>
    ((await client.call('GET', '/api/transactions?limit=50', 'history')).json().data as { label: string }[]).map((r) => r.label).sort();

  it('GERANT and COMPTABLE see the tenant; a manager their own and their descendants; a commercial their own', async () => {
    const everything = ['commercial request', 'gerant request', 'manager request', 'outsider request'];
    expect(await visibleTo(gerant)).toEqual(everything);
    expect(await visibleTo(comptable)).toEqual(everything);
    expect(await visibleTo(manager)).toEqual(['commercial request', 'manager request']);
    expect(await visibleTo(commercial)).toEqual(['commercial request']);
    expect((await manager.call('GET', '/api/transactions/count', 'history')).json().data.total).toBe(2);
    expect((await manager.call('GET', `/api/transactions/${ids.commercial}`, 'history')).statusCode).toBe(200);
    expect((await manager.call('GET', `/api/transactions/${ids.outsider}`, 'history')).statusCode).toBe(404);
    expect((await commercial.call('GET', `/api/transactions/${ids.manager}`, 'history')).statusCode).toBe(404);
  });

  it('401 without a token or with a token of another audience', async () => {
    for (const [method, url] of [
      ['GET', '/api/transactions'],
      ['GET', `/api/transactions/${ids.gerant}`],
      ['POST', '/api/transactions/1'],
      ['PUT', `/api/transactions/${ids.gerant}`],
      ['DELETE', `/api/transactions/${ids.gerant}`],
      ['GET', '/api/notifications'],
    ] as const) {
      expect((await t.request({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    const userToken = await gerant.token('user');
    expect((await t.request({ method: 'GET', url: '/api/transactions', token: userToken })).statusCode).toBe(401);
  });

  it('403 for a COMPTABLE creating, sending, duplicating or deleting — nothing changes', async () => {
    const before = await t.snapshot();
    expect((await createRequest(t, comptable)).statusCode).toBe(403);
    expect((await comptable.call('PUT', `/api/transactions/${ids.gerant}`, 'history', { action: 'send' })).statusCode).toBe(403);
    expect((await comptable.call('POST', `/api/transactions/${ids.gerant}/duplicate`, 'history')).statusCode).toBe(403);
    expect((await comptable.call('DELETE', `/api/transactions/${ids.gerant}`, 'history')).statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
  });

  it("404 for another tenant's request or a request out of sight, on every call — nothing changes", async () => {
    const doc = (await stranger.call('GET', `/api/transactions/${ids.stranger}/documents`, 'history')).json().data[0].id;
    await forceStatus(t, ids.stranger!, 'ready', 'ready', { invited: true });
    const before = await t.snapshot();
    const attempts = (id: string) =>
      [
        ['GET', `/api/transactions/${id}`],
        ['GET', `/api/transactions/${id}/status`],
        ['GET', `/api/transactions/${id}/documents`],
        ['GET', `/api/transactions/${id}/documents/${doc}`],
        ['DELETE', `/api/transactions/${id}/documents/${doc}`],
        ['GET', `/api/transactions/${id}/attestation`],
        ['POST', `/api/transactions/${id}/archive`],
        ['POST', `/api/transactions/${id}/duplicate`],
        ['PUT', `/api/transactions/${id}`, { action: 'cancel' }],
        ['DELETE', `/api/transactions/${id}`],
      ] as const;
    for (const [method, url, body] of attempts(ids.stranger!)) {
      const res = await gerant.call(method, url, 'history', body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url, body] of attempts(ids.outsider!)) {
      if (url.includes(doc)) continue;
      expect((await manager.call(method, url, 'history', body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('a manager manages the requests of their team', async () => {
    await forceStatus(t, ids.commercial!, 'ready', 'ready', { invited: true });
    const res = await manager.call('PUT', `/api/transactions/${ids.commercial}`, 'history', { action: 'cancel' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('canceled');
  });
});
