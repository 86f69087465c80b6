import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { encodeSignatureFilter } from '@paraphe/contracts';
import { countCap, searchCap } from '../../src/platform/db/lists.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, placed, signer } from '../support/signatures.ts';
import { createCampaign, signatory } from '../campaigns/support.ts';

/**
 * Lists at volume (docs/lists.md): totals capped past 10,000 rows (1,000 for a broad search), the search through
 * the trigram lookup (few matches) and through the walk of the order (many) giving the same rows, case-insensitive
 * and accents as typed, the tenant always applied. Rows are made with set-based SQL.
 */
type Envelope = { data: Record<string, unknown>[]; countAll: number; countAllCapped?: boolean; offset: number };

describe(`lists at volume: capped totals and trigram search (${engine})`, () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let campaignId: string;
  const get = async (client: TestClient, audience: 'phonebook' | 'history' | 'campaign', url: string): Promise<Envelope> => {
    const res = await client.call('GET', url, audience);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Envelope;
  };

  beforeAll(async () => {
    t = await createTestContext();
    const tenantA = await t.factory.tenant({ doubleAuth: false, features: { campaign: true } });
    const tenantB = await t.factory.tenant({ doubleAuth: false, features: { campaign: true } });
    a = await t.login(tenantA.gerant.email);
    b = await t.login(tenantB.gerant.email);
    const exec = (text: string) => t.database.db.execute(sql.raw(text));
    // Contacts: every 10th is "Hélène" (1,005 in A: more than the search cap), 3 "Quenouille" in A and 2 in B.
    const contacts = (appId: string, count: number) =>
      exec(`insert into contacts (app_id, mail, firstname, lastname, lang, created_at)
        select '${appId}', 'c' || g || '@example.com', case when g % 10 = 0 then 'Hélène' else 'Jean' end,
          case when g % 4000 = 1 then 'Quenouille' else 'Dupont' end, 'fr', now() - g * interval '1 second'
        from generate_series(0, ${count - 1}) g`);
    await contacts(tenantA.appId, countCap + 50);
    await contacts(tenantB.appId, 8_000);

    // Requests: 1,050 single requests in A, every signer "Martin" (more than the cap), 3 with a "Quenouille".
    const template = await draft(t, a, { signers: [signer(0)], documents: [placed('contract.pdf', [0])] });
    await exec(`
      with src as materialized (select gen_random_uuid() as id, g from generate_series(1, ${searchCap + 50}) g),
      made as (
        insert into signature_requests (id, app_id, owner_user_id, label, status, level, test_mode, options, source, created_at)
        select src.id, r.app_id, r.owner_user_id, 'Bail ' || g, case when g % 2 = 0 then 'ready' else 'completed' end, r.level, r.test_mode, r.options, 'single', now() - g * interval '1 minute'
        from src, signature_requests r where r.id = '${template.id}' returning id)
      insert into signers (app_id, request_id, firstname, lastname, email, language, role, signer_index)
      select s.app_id, made.id, 'Ève', case when src.g % 400 = 7 then 'QUENOUILLE' else 'Martin' end, 'm' || src.g || '@example.com', s.language, s.role, 0
      from made join src on src.id = made.id, signers s where s.request_id = '${template.id}'`);

    // A campaign of 1,100 signatories, every one "Martin", 2 "Quenouille".
    campaignId = (await createCampaign(t, a, { signatories: [signatory(0)] })).id;
    await exec(`insert into campaign_signatories (app_id, campaign_id, row_index, firstname, lastname, email, language, status)
      select '${tenantA.appId}', '${campaignId}', g, 'Zoé', case when g % 500 = 3 then 'Quenouille' else 'Martin' end, 'sig' || g || '@example.com', 'fr', 'draft'
      from generate_series(1, ${searchCap + 100}) g`);
    await exec(`update campaigns set signatory_count = ${searchCap + 101}, n_draft = ${searchCap + 101} where id = '${campaignId}'`);
    if (engine === 'postgres') await exec('analyze');
  });
  afterAll(async () => t?.close());

  it('caps the total of a long list at 10,000 ("10,000+"); the last page knows its exact total', async () => {
    const first = await get(a, 'phonebook', '/api/persons?limit=20');
    expect(first).toMatchObject({ countAll: countCap, countAllCapped: true });
    expect(first.data).toHaveLength(20);
    const last = await get(a, 'phonebook', `/api/persons?limit=20&offset=${countCap + 40}`);
    expect(last.data).toHaveLength(10);
    expect(last.countAll).toBe(countCap + 50);
    expect(last.countAllCapped).toBeUndefined();
    // Past the cap but not at the end: still "at least", and at least as far as the page goes.
    const far = await get(a, 'phonebook', `/api/persons?limit=20&offset=${countCap + 10}`);
    expect(far).toMatchObject({ countAll: countCap + 30, countAllCapped: true });
    // Another tenant's shorter list: exact.
    expect(await get(b, 'phonebook', '/api/persons?limit=20')).toMatchObject({ countAll: 8_000 });
    expect((await get(b, 'phonebook', '/api/persons?limit=20')).countAllCapped).toBeUndefined();
  });

  it('contacts: a selective search (trigram lookup) and a broad one (walk) match the same way: case-insensitive, accents as typed, own tenant only', async () => {
    const few = await get(a, 'phonebook', '/api/persons?limit=20&search=QUENOU');
    expect(few.countAll).toBe(3);
    expect(few.data.map((c) => c.lastname)).toEqual(['Quenouille', 'Quenouille', 'Quenouille']);
    expect((await get(b, 'phonebook', '/api/persons?limit=20&search=quenou')).countAll).toBe(2);

    const broad = await get(a, 'phonebook', '/api/persons?limit=20&search=hÉLÈne');
    expect(broad).toMatchObject({ countAll: searchCap, countAllCapped: true });
    expect(new Set(broad.data.map((c) => c.firstname))).toEqual(new Set(['Hélène']));
    // B has 800 Hélène: under the cap, through the lookup, exact.
    expect(await get(b, 'phonebook', '/api/persons?limit=20&search=HÉLÈNE')).toMatchObject({ countAll: 800 });
    // Accents are not folded (as before): "helene" is another text.
    expect((await get(a, 'phonebook', '/api/persons?limit=20&search=helene')).countAll).toBe(0);
    // The order applies among the matches.
    const ordered = await get(a, 'phonebook', '/api/persons?limit=2&search=quenou&orderBy=createdAt&order=ASC');
    expect(ordered.data.map((c) => c.mail)).toEqual(['c8001@example.com', 'c4001@example.com']);
    expect(ordered.countAll).toBe(3);
  });

  it('requests: search in signers through the lookup (few) and the walk (many), with a status filter and paging', async () => {
    const few = await get(a, 'history', '/api/transactions?limit=20&search=quenouille');
    expect(few.countAll).toBe(3);
    expect(few.data.map((r) => r.label)).toEqual(['Bail 7', 'Bail 407', 'Bail 807']);
    expect((await get(b, 'history', '/api/transactions?limit=20&search=quenouille')).countAll).toBe(0);

    const many = await get(a, 'history', '/api/transactions?limit=20&search=MARTIN');
    expect(many).toMatchObject({ countAll: searchCap, countAllCapped: true });
    expect(many.data.map((r) => r.label)).toEqual(
      Array.from({ length: 21 }, (_, i) => i + 1)
        .filter((g) => g !== 7)
        .map((g) => `Bail ${g}`),
    );
    // The label matches too; accents as typed.
    expect((await get(a, 'history', '/api/transactions?limit=20&search=ÈVE')).countAllCapped).toBe(true);
    expect((await get(a, 'history', '/api/transactions?limit=20&search=Bail 1049')).data.map((r) => r.label)).toEqual(['Bail 1049']);

    const filter = encodeURIComponent(encodeSignatureFilter({ status: ['ready'] }));
    const ready = await get(a, 'history', `/api/transactions?limit=20&search=quenouille&filter=${filter}`);
    expect(ready.data.map((r) => r.label)).toEqual([]);
    const completed = await get(
      a,
      'history',
      `/api/transactions?limit=2&offset=1&search=quenouille&filter=${encodeURIComponent(encodeSignatureFilter({ status: ['completed'] }))}`,
    );
    expect(completed.data.map((r) => r.label)).toEqual(['Bail 407', 'Bail 807']);
    expect(completed.countAll).toBe(3);
  });

  it('campaign signatories: search through the lookup (few) and the walk (many); without search, the counters', async () => {
    const url = `/api/campains/${campaignId}/signers?limit=20`;
    expect(await get(a, 'campaign', url)).toMatchObject({ countAll: searchCap + 101 });
    const few = await get(a, 'campaign', `${url}&search=QUENOUILLE&order=ASC`);
    expect(few.countAll).toBe(3);
    expect(few.data.map((s) => s.rowIndex)).toEqual([3, 503, 1003]);
    const many = await get(a, 'campaign', `${url}&search=martin&order=ASC`);
    expect(many).toMatchObject({ countAll: searchCap, countAllCapped: true });
    expect(many.data.map((s) => s.rowIndex)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect((await get(b, 'campaign', `/api/campains?limit=20`)).countAll).toBe(0);
  });
});
