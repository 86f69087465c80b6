import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { encodeSignatureFilter } from '@paraphe/contracts';
import { broadSearchFloor, listCountCap, searchCap } from '../../src/platform/db/lists.ts';
import { maxListOffset } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, placed, signer } from '../support/signatures.ts';
import { createCampaign, signatory } from '../campaigns/support.ts';

/**
 * Lists at volume (docs/lists.md): totals capped past 1,000 rows (a broad search too), pages by number up to row
 * 1,000 and by cursor past it (keyset: stable with equal timestamps, a cursor never reaches another tenant's rows, a
 * tampered one is a 400), the search through
 * the trigram lookup (few matches) and through the walk of the order (many) giving the same rows, case-insensitive
 * and accents as typed, the tenant always applied. Rows are made with set-based SQL.
 */
type Envelope = { data: Record<string, unknown>[]; countAll: number; countAllCapped?: boolean; offset: number; nextCursor?: string | null };

describe(`lists at volume: capped totals and trigram search (${engine})`, () => {
  let t: TestContext;
  let a: TestClient;
  let b: TestClient;
  let campaignId: string;
  let operationId: string;
  const get = async (client: TestClient, audience: 'phonebook' | 'history' | 'campaign' | 'operation', url: string): Promise<Envelope> => {
    const res = await client.call('GET', url, audience);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Envelope;
  };

  const exec = (text: string) => t.database.db.execute(sql.raw(text));

  beforeAll(async () => {
    t = await createTestContext();
    const tenantA = await t.factory.tenant({ doubleAuth: false, features: { campaign: true, operation: true } });
    const tenantB = await t.factory.tenant({ doubleAuth: false, features: { campaign: true } });
    a = await t.login(tenantA.gerant.email);
    b = await t.login(tenantB.gerant.email);
    // Contacts: every 10th is "Hélène" (1,005 in A: more than the search cap), 3 "Quenouille" in A and 2 in B.
    const contacts = (appId: string, count: number) =>
      exec(`insert into contacts (app_id, mail, firstname, lastname, lang, created_at)
        select '${appId}', 'c' || g || '@example.com', case when g % 10 = 0 then 'Hélène' else 'Jean' end,
          case when g % 4000 = 1 then 'Quenouille' else 'Dupont' end, 'fr', now() - g * interval '1 second'
        from generate_series(0, ${count - 1}) g`);
    await contacts(tenantA.appId, 10_050);
    await contacts(tenantB.appId, 8_000);
    // 30 more of B made in the same microsecond: only the id orders them.
    await exec(`insert into contacts (app_id, mail, firstname, lastname, lang, created_at)
      select '${tenantB.appId}', 'same' || g || '@example.com', 'Jean', 'Simultané', 'fr', '2020-01-01T00:00:00Z' from generate_series(1, 30) g`);

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
    // An operation of 1,200 orders, every one "Martin" but 3 "Quenouille"; 1 in 10 completed, the others ready.
    operationId = (await a.call('GET', '/api/batches/ids', 'operation')).json().data.id;
    await exec(`insert into operation_orders (app_id, operation_id, row_index, signers, document_name, search_text, status)
      select '${tenantA.appId}', '${operationId}', g,
        jsonb_build_array(jsonb_build_object('firstname', 'Zoé', 'lastname', n.last, 'email', 'o' || g || '@example.com', 'phone', null,
          'language', 'fr', 'role', 'signer', 'step', null)),
        'contrat.pdf', lower('Zoé ' || n.last || ' o' || g || '@example.com contrat.pdf'), case when g % 10 = 0 then 'completed' else 'ready' end
      from generate_series(1, ${searchCap + 200}) g, lateral (select case when g % 500 = 3 then 'Quenouille' else 'Martin' end as last) n`);
    await exec(`update operations set label = 'Volume', status = 'ready', saved_at = now(), order_count = ${searchCap + 200},
      n_ready = ${searchCap + 200 - 120}, n_completed = 120 where id = '${operationId}'`);
    if (engine === 'postgres') await exec('analyze');
  }, 300_000);
  afterAll(async () => t?.close());

  it('caps the total of a long list at 1,000 ("1,000+"); pages by number up to row 1,000, by cursor past it', async () => {
    const first = await get(a, 'phonebook', '/api/persons?limit=20');
    expect(first).toMatchObject({ countAll: listCountCap, countAllCapped: true });
    expect(first.data).toHaveLength(20);
    expect(typeof first.nextCursor).toBe('string');
    // The last numbered page: still "at least", and at least as far as the page goes.
    const far = await get(a, 'phonebook', `/api/persons?limit=20&offset=${maxListOffset}`);
    expect(far).toMatchObject({ countAll: maxListOffset + 20, countAllCapped: true });
    // Past it, an offset is refused with what to do instead.
    const deep = await a.call('GET', `/api/persons?limit=20&offset=${maxListOffset + 1}`, 'phonebook');
    expect(deep.statusCode).toBe(400);
    expect(deep.body).toContain('nextCursor');
    // The cursor of the last numbered page goes on where the offsets stop.
    const next = await get(a, 'phonebook', `/api/persons?limit=20&cursor=${far.nextCursor}`);
    expect(next.data.map((c) => c.mail)).toEqual(Array.from({ length: 20 }, (_, i) => `c${maxListOffset + 20 + i}@example.com`));
    // An order a keyset does not follow has no cursor, and refuses one; a date cursor in the order by name is refused.
    expect((await get(a, 'phonebook', '/api/persons?limit=20&orderBy=company&order=ASC')).nextCursor).toBeUndefined();
    for (const orderBy of ['company', 'lastname']) {
      const sorted = await a.call('GET', `/api/persons?limit=20&orderBy=${orderBy}&cursor=${first.nextCursor}`, 'phonebook');
      expect(sorted.statusCode, orderBy).toBe(400);
      expect(sorted.json().error.fields[0]).toMatchObject({ field: 'cursor' });
    }
  });

  it('cursor paging walks the whole list once, in order, equal timestamps included; the last page has no next cursor', async () => {
    const seen: string[] = [];
    const dates: string[] = [];
    let cursor: string | null | undefined;
    for (let pages = 0; pages < 100; pages++) {
      const page = await get(b, 'phonebook', `/api/persons?limit=401${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((c) => c.id as string));
      dates.push(...page.data.map((c) => c.createdAt as string));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(8_030);
    expect(new Set(seen).size).toBe(8_030);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The 30 made at once come last (oldest), by id, descending — across a page boundary (401 × 20 = 8,020).
    const same = seen.slice(-30);
    expect([...same].sort().reverse()).toEqual(same);
    // By 7 across the 30 equal timestamps: the same rows in the same order.
    const tail: string[] = [];
    let at = await get(b, 'phonebook', `/api/persons?limit=7&order=ASC`);
    tail.push(...at.data.map((c) => c.id as string));
    while (at.nextCursor && tail.length < 30) {
      at = await get(b, 'phonebook', `/api/persons?limit=7&order=ASC&cursor=${at.nextCursor}`);
      tail.push(...at.data.map((c) => c.id as string));
    }
    expect(tail.slice(0, 30)).toEqual([...same].reverse());
  });

  it('the address book by name pages by cursor too: every contact once, in (name, id) order, either way', async () => {
    const walk = async (order: 'ASC' | 'DESC') => {
      const seen: { id: string; lastname: string }[] = [];
      let cursor: string | null | undefined;
      for (let pages = 0; pages < 100; pages++) {
        const page = await get(b, 'phonebook', `/api/persons?limit=500&orderBy=lastname&order=${order}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.data.map((c) => ({ id: c.id as string, lastname: c.lastname as string })));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(cursor).toBeNull();
      return seen;
    };
    const up = await walk('ASC');
    expect(up).toHaveLength(8_030);
    expect(new Set(up.map((c) => c.id)).size).toBe(8_030);
    // The database's order (its collation) is the reference: the same list, read in one query.
    const reference = (
      (await t.database.db.execute(
        sql`select id from contacts where app_id = (select app_id from contacts where id = ${up[0]!.id}) order by lower(lastname), id`,
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    expect(up.map((c) => c.id)).toEqual(reference);
    expect((await walk('DESC')).map((c) => c.id)).toEqual([...reference].reverse());
  });

  it("a cursor never reaches another tenant's rows; a tampered or foreign-kind cursor is a 400 that says so", async () => {
    const ofA = await get(a, 'phonebook', '/api/persons?limit=20');
    const inB = await get(b, 'phonebook', `/api/persons?limit=50&cursor=${ofA.nextCursor}`);
    const idsOfA = new Set(
      (
        (await t.database.db.execute(
          sql`select id from contacts where app_id = (select app_id from contacts where id = ${ofA.data[0]!.id as string})`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((r) => r.id),
    );
    expect(inB.data.length).toBeGreaterThan(0);
    expect(inB.data.filter((c) => idsOfA.has(c.id as string))).toEqual([]);
    // A requests cursor of A in B's requests list: B has none, nothing leaks.
    const requestsOfA = await get(a, 'history', '/api/transactions?limit=5');
    expect((await get(b, 'history', `/api/transactions?limit=5&cursor=${requestsOfA.nextCursor}`)).data).toEqual([]);
    // A signatories cursor (row position) is not a cursor of a list by date, and garbage is no cursor at all.
    const signatories = await get(a, 'campaign', `/api/campains/${campaignId}/signers?limit=5&order=ASC`);
    for (const [url, audience] of [
      [`/api/persons?limit=5&cursor=${signatories.nextCursor}`, 'phonebook'],
      [`/api/transactions?limit=5&cursor=${Buffer.from('{"t":"yesterday","i":"x"}').toString('base64url')}`, 'history'],
      [`/api/campains/${campaignId}/signers?limit=5&cursor=${ofA.nextCursor}`, 'campaign'],
      ['/api/persons?limit=5&cursor=bm90LWpzb24', 'phonebook'],
    ] as const) {
      const res = await a.call('GET', url, audience);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields[0], url).toMatchObject({ field: 'cursor', message: 'Not a cursor this API gave: start again from the first page.' });
    }
    const symbols = await a.call('GET', '/api/persons?limit=5&cursor=%25%25', 'phonebook');
    expect(symbols.statusCode).toBe(400);
    expect(symbols.body).toContain('Not a cursor of this list');
    // The cursor's row deleted meanwhile: the next page still starts right after it (the cursor's own date and id).
    const ten = await get(a, 'phonebook', '/api/persons?limit=10');
    const five = await get(a, 'phonebook', '/api/persons?limit=5');
    await exec(`delete from contacts where id = '${five.data[4]!.id as string}'`);
    const after = await get(a, 'phonebook', `/api/persons?limit=5&cursor=${five.nextCursor}`);
    expect(after.data.map((c) => c.id)).toEqual(ten.data.slice(5).map((c) => c.id));
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

    // Broad: a window of the list proves it (more than 200 of its first 8,000 rows match), no trigram lookup runs.
    const many = await get(a, 'history', '/api/transactions?limit=20&search=MARTIN');
    expect(many).toMatchObject({ countAll: broadSearchFloor, countAllCapped: true });
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
    // Broad with a status: the window is the status's rows; the page walks them. Past the floor by offset, the total
    // grows with the pages shown (still a floor).
    const readyMartins = await get(a, 'history', `/api/transactions?limit=20&search=martin&filter=${filter}`);
    expect(readyMartins).toMatchObject({ countAll: broadSearchFloor, countAllCapped: true });
    expect(readyMartins.data.map((r) => r.label)).toEqual(Array.from({ length: 20 }, (_, i) => `Bail ${2 * (i + 1)}`));
    const past = await get(a, 'history', `/api/transactions?limit=20&offset=${broadSearchFloor + 20}&search=martin&filter=${filter}`);
    expect(past).toMatchObject({ countAll: broadSearchFloor + 40, countAllCapped: true });
    expect(past.data[0]!.label).toBe(`Bail ${2 * (broadSearchFloor + 21)}`);
    // Not proven broad (fewer than 200 in the window: "Bail 10", "Bail 100" to "Bail 109", "Bail 1000" to "Bail 1049"…):
    // the lookup finds them, and the total is exact.
    const some = await get(a, 'history', '/api/transactions?limit=100&search=Bail 10');
    expect(some.countAllCapped ?? false).toBe(false);
    expect(some.countAll).toBe(some.data.length);
    expect(some.data.length).toBeGreaterThanOrEqual(61);
    expect(some.data.every((r) => (r.label as string).startsWith('Bail 10'))).toBe(true);
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
    // Past the numbered pages, by cursor (the counters' total stays exact); a search pages by cursor too.
    const next = await get(a, 'campaign', `${url}&search=martin&order=ASC&cursor=${many.nextCursor}`);
    expect(next.data.map((s) => s.rowIndex)).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41]);
    const deep = await get(a, 'campaign', `${url}&order=ASC&offset=${maxListOffset}`);
    expect(deep.data[0]).toMatchObject({ rowIndex: maxListOffset });
    const after = await get(a, 'campaign', `${url}&order=ASC&cursor=${deep.nextCursor}`);
    expect(after).toMatchObject({ countAll: searchCap + 101 });
    expect(after.data.map((s) => s.rowIndex)).toEqual(Array.from({ length: 20 }, (_, i) => maxListOffset + 20 + i));
    // A campaign's cursor in another tenant's campaign: not found, as the campaign is.
    expect((await b.call('GET', `/api/campains/${campaignId}/signers?limit=5&cursor=${after.nextCursor}`, 'campaign')).statusCode).toBe(404);
  });

  it("operation orders: search through the lookup (few) and the walk (many), with a status filter, by cursor; the pool's counts", async () => {
    const url = `/api/batches/${operationId}/orders?limit=20&order=ASC`;
    expect(await get(a, 'operation', url)).toMatchObject({ countAll: searchCap + 200 });
    const few = await get(a, 'operation', `${url}&search=QUENOUILLE`);
    expect(few).toMatchObject({ countAll: 3, nextCursor: null });
    expect(few.data.map((o) => o.rowIndex)).toEqual([3, 503, 1003]);
    // Broad: more than 1,000 matches, the page walks the row order (the search a filter), the total "1,000+".
    const many = await get(a, 'operation', `${url}&search=Martin`);
    expect(many).toMatchObject({ countAll: searchCap, countAllCapped: true });
    expect(many.data.map((o) => o.rowIndex)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    const next = await get(a, 'operation', `${url}&search=martin&cursor=${many.nextCursor}`);
    expect(next.data.map((o) => o.rowIndex)).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41]);
    // With a status: 1,077 ready Martins (walked, "1,000+"), 119 completed ones (looked up, counted).
    const ready = await get(a, 'operation', `${url}&search=martin&status=ready`);
    expect(ready).toMatchObject({ countAll: searchCap, countAllCapped: true });
    expect(ready.data.map((o) => o.rowIndex).slice(0, 10)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 11, 12]);
    const completed = await get(a, 'operation', `${url}&search=martin&status=completed`);
    expect(completed).toMatchObject({ countAll: 120 });
    expect(completed.countAllCapped).toBeFalsy();
    expect(completed.data.map((o) => o.rowIndex)).toEqual(Array.from({ length: 20 }, (_, i) => 10 * (i + 1)));
    // A search matching across fields, and no other tenant's orders.
    expect((await get(a, 'operation', `${url}&search=${encodeURIComponent('zoé quenouille')}`)).countAll).toBe(3);
    expect((await b.call('GET', url, 'operation')).statusCode).toBe(403);
  });
});
