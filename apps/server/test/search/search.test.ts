import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, signer } from '../support/signatures.ts';

type Result = { q: string | null; groups: { kind: string; hits: { id: string; title: string; subtitle: string | null }[] }[] };

/** GET /api/search: each kind through its domain's own search, with its visibility rules. */
describe(`one-box search (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let manager: TestClient;
  let other: TestClient;
  const ids: Record<string, string> = {};

  const search = async (client: TestClient, q: string) => {
    const res = await client.call('GET', `/api/search?q=${encodeURIComponent(q)}`, 'user');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Result;
  };
  const hitsOf = (result: Result, kind: string) => result.groups.find((g) => g.kind === kind)?.hits.map((h) => h.id) ?? [];

  beforeAll(async () => {
    t = await createTestContext();
    const a = await t.factory.tenant({ doubleAuth: false, features: { campaign: true } });
    const managerUser = await t.factory.user(a.appId, { profile: 'MANAGER', parentId: a.gerant.id });
    const underManager = await t.factory.user(a.appId, { profile: 'COMMERCIAL', parentId: managerUser.id });
    const besideManager = await t.factory.user(a.appId, { profile: 'COMMERCIAL', parentId: a.gerant.id });
    const b = await t.factory.tenant({ doubleAuth: false });
    gerant = await t.login(a.gerant.email);
    manager = await t.login(managerUser.email);
    other = await t.login(b.gerant.email);
    ids.mine = (await draft(t, await t.login(underManager.email), { label: 'Quokka lease', signers: [signer(0, { lastname: 'Wombat' })] })).id;
    ids.beside = (await draft(t, await t.login(besideManager.email), { label: 'Quokka loan' })).id;
    ids.foreign = (await draft(t, other, { label: 'Quokka foreign' })).id;
    const contact = await gerant.call('POST', '/api/persons', 'phonebook', { mail: 'quokka@example.com', firstname: 'Quinn', lastname: 'Quokka' });
    expect(contact.statusCode, contact.body).toBe(201);
    ids.contact = contact.json().data.id;
  });
  afterAll(async () => t?.close());

  it("finds requests by label and signer, and contacts; a manager sees only their descendants' items, never another tenant's", async () => {
    const all = await search(gerant, 'quokka');
    expect(all.q).toBe('quokka');
    expect(hitsOf(all, 'requests').sort()).toEqual([ids.mine, ids.beside].sort());
    expect(hitsOf(all, 'contacts')).toEqual([ids.contact]);
    expect(all.groups.map((g) => g.kind)).toEqual(['requests', 'campaigns', 'contacts']);

    expect(hitsOf(await search(manager, 'QUOKKA'), 'requests')).toEqual([ids.mine]);
    expect(hitsOf(await search(gerant, 'wombat'), 'requests')).toEqual([ids.mine]);
    const foreign = await search(other, 'quokka');
    expect(hitsOf(foreign, 'requests')).toEqual([ids.foreign]);
    expect(hitsOf(foreign, 'contacts')).toEqual([]);
  });

  it('treats fewer than 3 characters as empty, and caps each kind at the limit', async () => {
    const short = await search(gerant, ' qu ');
    expect(short.q).toBeNull();
    expect(short.groups.every((g) => g.hits.length === 0)).toBe(true);
    const limited = await gerant.call('GET', '/api/search?q=quokka&limit=1', 'user');
    expect(hitsOf(limited.json().data, 'requests')).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.request({ method: 'GET', url: '/api/search?q=quokka' })).statusCode).toBe(401);
  });
});
