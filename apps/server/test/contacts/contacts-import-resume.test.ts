import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { setDnsLookup } from '../../src/domains/contacts/domain-check.ts';
import { importJobHooks } from '../../src/domains/contacts/import-job.ts';
import { createTestContext, engine, type TestContext } from '../support/harness.ts';
import { contactsContext, contactsOf, gerantOfNewTenant, header, importFile, xlsxOf } from './support.ts';

const count = async (t: TestContext, query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe(`address book: an import killed between two chunks resumes (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await contactsContext();
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    importJobHooks.afterChunk = undefined;
  });

  it('restarts after the last committed chunk: exact counts, no row twice, duplicates across the crash still found', async () => {
    const client = await gerantOfNewTenant(t);
    const rows = Array.from({ length: 2500 }, (_, i) => [`person${i}@example.com`, `First${i}`, `Last${i}`, '', '', '']);
    rows.push(['PERSON10@example.com', 'Again', 'Ten', '', '', '']); // a duplicate of a row of the first chunk
    const seen: number[] = [];
    let crashed = false;
    importJobHooks.afterChunk = ({ processedRows }) => {
      seen.push(processedRows);
      if (!crashed) {
        crashed = true;
        throw new Error('simulated crash after the first chunk');
      }
    };
    const done = await importFile(t, client, 'big.xlsx', await xlsxOf([header, ...rows]), { timeoutMs: 60_000 });
    expect(done).toMatchObject({ status: 'done', totalRows: 2501, processedRows: 2501, imported: 2500, updated: 0, skipped: 1, warnings: 0 });
    // The first run committed chunk 1 then died; the retry went on from row 1000, not from the start.
    expect(seen).toEqual([1000, 2000, 2501]);
    expect(await count(t, sql`select count(*)::int as n from contacts where app_id = ${client.appId}`)).toBe(2500);
    const outcomes = (await client.call('GET', `/api/persons/import/${done.id}/rows`, 'phonebook')).json();
    expect(outcomes.data).toEqual([{ line: 2502, outcome: 'skipped', reasons: ['duplicate_in_file'], cells: ['PERSON10@example.com', 'Again', 'Ten'] }]);
    expect((await contactsOf(client, 'search=person10@')).data.map((c) => c.firstname)).toEqual(['First10']);
  });
});

describe(`address book: no DNS → domain check off (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    // auto (the default): the probe fails, so the check is off and nothing is refused for its domain.
    const down = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    setDnsLookup({ resolveMx: down, resolve4: down, resolve6: down });
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'auto' } });
  });
  afterAll(async () => {
    setDnsLookup(undefined);
    await t?.close();
  });

  it('imports addresses of any domain and says the check was off', async () => {
    const client = await gerantOfNewTenant(t);
    const done = await importFile(t, client, 'offline.xlsx', await xlsxOf([header, ['a@nowhere.invalid', 'A', 'B', '', '', '']]));
    expect(done).toMatchObject({ status: 'done', domainCheck: 'off', imported: 1, skipped: 0 });
  });
});
