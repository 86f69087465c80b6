import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { readSpreadsheet } from '../../src/platform/spreadsheets/index.ts';
import { engine, type TestClient, type TestContext } from '../support/harness.ts';
import { contactsContext, contactsOf } from './support.ts';

const input = (mail: string, extra: Record<string, unknown> = {}) => ({ mail, firstname: 'Ann', lastname: 'Lee', ...extra });

describe(`address book: contacts (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let comptable: TestClient;
  let other: TestClient;
  let appId: string;

  beforeAll(async () => {
    t = await contactsContext();
    const a = await t.factory.tenant({ doubleAuth: false });
    const b = await t.factory.tenant({ doubleAuth: false });
    appId = a.appId;
    const accountant = await t.factory.user(a.appId, { profile: 'COMPTABLE' });
    gerant = await t.login(a.gerant.email);
    comptable = await t.login(accountant.email);
    other = await t.login(b.gerant.email);
  });
  afterAll(async () => t?.close());

  it('creates, reads, changes and deletes a contact; audit rows for each change', async () => {
    const created = await gerant.call(
      'POST',
      '/api/persons',
      'phonebook',
      input(' Ann.Lee@Example.com ', { mobile: '+33 6 12 34 56 78', company: 'ACME', civility: 'MME' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const contact = created.json().data;
    expect(contact).toMatchObject({
      mail: 'ann.lee@example.com',
      firstname: 'Ann',
      lastname: 'Lee',
      mobile: '+33612345678',
      company: 'ACME',
      civility: 'MME',
      lang: 'fr',
      title: null,
    });

    expect((await gerant.call('GET', `/api/persons/${contact.id}`, 'phonebook')).json().data).toEqual(contact);
    const changed = await gerant.call('PUT', `/api/persons/${contact.id}`, 'phonebook', input('ann.lee@example.com', { firstname: 'Anne', lang: 'en' }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ firstname: 'Anne', lang: 'en', company: null, mobile: null });

    const removed = await gerant.call('DELETE', `/api/persons/${contact.id}`, 'phonebook');
    expect(removed.statusCode).toBe(200);
    expect((await gerant.call('GET', `/api/persons/${contact.id}`, 'phonebook')).statusCode).toBe(404);
    expect((await gerant.call('DELETE', `/api/persons/${contact.id}`, 'phonebook')).statusCode).toBe(404);

    const actions = (
      (await t.database.db.execute(sql`select action from audit_events where target_id = ${contact.id} order by created_at`)) as unknown as {
        rows: { action: string }[];
      }
    ).rows;
    expect(actions.map((a) => a.action)).toEqual(['contact.created', 'contact.updated', 'contact.deleted']);
  });

  it('refuses an e-mail already in the address book (any case) with 409 CONTACT_EMAIL_USED, also on change', async () => {
    const first = await gerant.call('POST', '/api/persons', 'phonebook', input('dup@example.com'));
    expect(first.statusCode).toBe(201);
    const again = await gerant.call('POST', '/api/persons', 'phonebook', input('DUP@Example.COM'));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'CONTACT_EMAIL_USED', message: 'Contact email already used.' });
    const second = (await gerant.call('POST', '/api/persons', 'phonebook', input('second@example.com'))).json().data;
    const clash = await gerant.call('PUT', `/api/persons/${second.id}`, 'phonebook', input('Dup@example.com'));
    expect(clash.statusCode).toBe(409);
    // Another tenant may have the same address.
    expect((await other.call('POST', '/api/persons', 'phonebook', input('dup@example.com'))).statusCode).toBe(201);
  });

  it('answers 409, never 500, when two creates of one address race', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => gerant.call('POST', '/api/persons', 'phonebook', input('race@example.com'))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('validates the input with field errors', async () => {
    const res = await gerant.call('POST', '/api/persons', 'phonebook', { mail: 'not-an-email', firstname: '', lastname: 'x', mobile: '0612', lang: 'xx' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(
      res
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['firstname', 'lang', 'mail', 'mobile']);
  });

  it('lists with pagination, order and search (3 characters at least)', async () => {
    const client = await t.login((await t.factory.tenant({ doubleAuth: false })).gerant.email);
    for (const [i, name] of ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert'].entries()) {
      const res = await client.call(
        'POST',
        '/api/persons',
        'phonebook',
        input(`p${i}@corp-${i}.example.com`, { lastname: name, company: i === 2 ? 'Zorglub SA' : null }),
      );
      expect(res.statusCode).toBe(201);
    }
    const page = await client.call('GET', '/api/persons?limit=2&offset=0&orderBy=lastname&order=ASC', 'phonebook');
    expect(page.json()).toMatchObject({ countAll: 5, limit: 2, offset: 0, order: 'ASC' });
    expect(page.json().data.map((c: { lastname: string }) => c.lastname)).toEqual(['Bernard', 'Dubois']);
    const next = await client.call('GET', '/api/persons?limit=2&offset=2&orderBy=lastname&order=ASC', 'phonebook');
    expect(next.json().data.map((c: { lastname: string }) => c.lastname)).toEqual(['Martin', 'Robert']);
    expect((await contactsOf(client, 'search=ZORG')).data.map((c) => c.lastname)).toEqual(['Dubois']);
    expect((await contactsOf(client, 'search=rob')).data.map((c) => c.lastname)).toEqual(['Robert']);
    expect((await contactsOf(client, 'search=corp-3')).data.map((c) => c.lastname)).toEqual(['Thomas']);
    // Shorter than 3 characters: ignored (everything). "%" and "_" are text, not wildcards.
    expect((await contactsOf(client, 'search=ro')).countAll).toBe(5);
    expect((await contactsOf(client, 'search=%25%25%25')).countAll).toBe(0);
    // orderBy outside the list is refused.
    expect((await client.call('GET', '/api/persons?orderBy=app_id', 'phonebook')).statusCode).toBe(400);
  });

  it('exports the address book as xlsx, formula-like texts neutralised, as a private download', async () => {
    const client = await t.login((await t.factory.tenant({ doubleAuth: false })).gerant.email);
    await client.call(
      'POST',
      '/api/persons',
      'phonebook',
      input('formula@example.com', { firstname: '=HYPERLINK("http://evil")', company: '@SUM(A1)', mobile: '+33612345678', title: '-', address: '+cmd' }),
    );
    await client.call('POST', '/api/persons', 'phonebook', input('plain@example.com', { lastname: 'Ünïcode' }));
    const res = await client.call('GET', '/api/persons/export', 'phonebook');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await readSpreadsheet(res.rawPayload, { stripFormulaGuard: false });
    expect(sheet.rows[0]!.slice(0, 11)).toEqual([
      'E-mail',
      'First name',
      'Last name',
      'Civility',
      'Title',
      'Company',
      'Phone',
      'Mobile',
      'Language',
      'Address',
      'Additional address',
    ]);
    const byMail = new Map(sheet.rows.slice(1).map((r) => [r[0], r]));
    expect(byMail.get('formula@example.com')!.slice(1, 10)).toEqual([
      '\'=HYPERLINK("http://evil")',
      'Lee',
      '',
      '-',
      "'@SUM(A1)",
      '',
      '+33612345678',
      'fr',
      "'+cmd",
    ]);
    expect(byMail.get('plain@example.com')![2]).toBe('Ünïcode');
    // The platform reader takes the guard off again: an export imports back unchanged.
    const back = await readSpreadsheet(res.rawPayload);
    expect(back.rows.find((r) => r[0] === 'formula@example.com')![1]).toBe('=HYPERLINK("http://evil")');
    // The search applies.
    const found = await readSpreadsheet((await client.call('GET', '/api/persons/export?search=plain', 'phonebook')).rawPayload);
    expect(found.rows).toHaveLength(2);
  });

  describe('authorization ladder', () => {
    let contactId: string;
    let importId: string;
    beforeAll(async () => {
      contactId = (await gerant.call('POST', '/api/persons', 'phonebook', input('ladder@example.com'))).json().data.id;
      const row = await t.database.inSystem(
        async (tx) =>
          (
            (await tx.execute(
              sql`insert into contact_imports (app_id, storage_key, file_name, preview, sheet_rows) values (${appId}, ${`${appId}/x.csv`}, 'x.csv', ${JSON.stringify({ fileName: 'x.csv', format: 'csv', encoding: 'utf-8', delimiter: ',', columns: [{ index: 0, header: 'mail', guess: 'mail' }], sampleRows: [['mail']], firstLineIsHeader: false })}::jsonb, 1) returning id`,
            )) as unknown as { rows: { id: string }[] }
          ).rows[0]!,
      );
      importId = row.id;
    });
    const routes = () => [
      { method: 'GET', url: '/api/persons', manage: false },
      { method: 'GET', url: '/api/persons/export', manage: false },
      { method: 'GET', url: `/api/persons/${contactId}`, manage: false, own: true },
      { method: 'POST', url: '/api/persons', body: input('new-one@example.com'), manage: true },
      { method: 'PUT', url: `/api/persons/${contactId}`, body: input('stolen@example.com'), manage: true, own: true },
      { method: 'DELETE', url: `/api/persons/${contactId}`, manage: true, own: true },
      { method: 'POST', url: '/api/persons/import', manage: true },
      { method: 'PUT', url: `/api/persons/import/${importId}`, body: { mapping: { mail: 0 }, ignoreFirstLine: false }, manage: true, own: true },
      { method: 'GET', url: `/api/persons/import/${importId}`, manage: true, own: true },
      { method: 'GET', url: `/api/persons/import/${importId}/rows`, manage: true, own: true },
      { method: 'GET', url: `/api/persons/import/${importId}/rejected`, manage: true, own: true },
    ];
    const snapshot = async () =>
      JSON.stringify(
        ((await t.database.db.execute(sql`select id, mail, firstname, updated_at from contacts order by id`)) as unknown as { rows: unknown[] }).rows,
      ) +
      JSON.stringify(((await t.database.db.execute(sql`select id, status, mapping from contact_imports order by id`)) as unknown as { rows: unknown[] }).rows);

    it('lists every route of the address book', () => {
      const spec = t.server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
      const served = Object.entries(spec.paths)
        .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
        .filter((r) => / \/api\/persons/.test(r));
      expect(served).toHaveLength(routes().length);
    });

    it('answers 401 without a token or with another audience', async () => {
      const userToken = await gerant.token('user');
      for (const r of routes()) {
        expect((await t.request({ method: r.method, url: r.url, body: r.body })).statusCode, `${r.method} ${r.url}`).toBe(401);
        expect((await t.request({ method: r.method, url: r.url, body: r.body, token: userToken })).statusCode, `${r.method} ${r.url}`).toBe(401);
      }
    });

    it('answers 403 to a profile without phonebook.manage (COMPTABLE), and changes nothing; reading is allowed', async () => {
      for (const r of routes()) {
        const before = await snapshot();
        const res = await t.request({ method: r.method, url: r.url, body: r.body, token: await comptable.token('phonebook') });
        if (r.manage) {
          expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(403);
          expect(res.json().error.code).toBe('FORBIDDEN');
        } else expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
        expect(await snapshot()).toBe(before);
      }
    });

    it("answers 404 to another tenant's contact or import, and changes nothing", async () => {
      for (const r of routes().filter((x) => x.own)) {
        const before = await snapshot();
        const res = await t.request({ method: r.method, url: r.url, body: r.body, token: await other.token('phonebook') });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(404);
        expect(await snapshot()).toBe(before);
      }
      // An unknown id is 404 too, for the caller's own tenant.
      expect((await gerant.call('GET', `/api/persons/${randomUUID()}`, 'phonebook')).statusCode).toBe(404);
    });
  });
});
