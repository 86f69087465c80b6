import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignatoryImport } from '@paraphe/contracts';
import { engine, type TestClient, type TestContext } from '../support/harness.ts';
import { invitedApi, sentRequest } from '../support/signing-flow.ts';
import { messagesTo, multipartBody, signer } from '../support/signatures.ts';
import { createCampaign } from '../campaigns/support.ts';
import { contactsContext, contactsOf, importFile, xlsxOf } from './support.ts';

/**
 * Issue 25 item 5: the import languages are the spec's list (§5: bg, ca, de, en, es, fr, it, pl, nl, pt, ro). A
 * contact or signer keeps one the interface has no translation for; their mails and signing page are then in English
 * (docs/languages.md); any other code gets the default language with a warning — `el` never becomes another language.
 */
describe(`import languages are the spec's list (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  beforeAll(async () => {
    t = await contactsContext();
    const tenant = await t.factory.tenant({ doubleAuth: false, features: { campaign: true } });
    client = await t.login(tenant.gerant.email);
  });
  afterAll(async () => t?.close());

  const header = ['E-mail', 'Prénom', 'Nom', 'Langue'];
  const people: [string, string, string][] = [
    ['bg', 'bg', ''],
    ['ca-ES', 'ca', ''],
    ['Polski', 'pl', ''],
    ['RO', 'ro', ''],
    ['Deutsch', 'de', ''],
    ['el', 'fr', 'language_unknown'],
    ['da', 'fr', 'language_unknown'],
    ['dk', 'fr', 'language_unknown'],
    ['sv', 'fr', 'language_unknown'],
    ['Greek', 'fr', 'language_unknown'],
  ];
  const rows = (prefix: string) => [header, ...people.map(([text], i) => [`${prefix}${i}@example.com`, `P${i}`, `N${i}`, text])];

  it('the address book: bg, ca, pl, ro are kept; el, da, dk, sv, Greek get the default language with a warning', async () => {
    const done = await importFile(t, client, 'langues.xlsx', await xlsxOf(rows('contact')));
    expect(done).toMatchObject({ status: 'done', imported: people.length, skipped: 0, warnings: 5 });
    const { data } = await contactsOf(client);
    for (const [i, [text, lang]] of people.entries()) expect(data.find((c) => c.mail === `contact${i}@example.com`)?.lang, text).toBe(lang);
    expect(done.reasonCounts).toEqual({ language_unknown: 5 });
  });

  it('a campaign signatory import: the same list, the campaign language for the others', async () => {
    const draft = await createCampaign(t, client, { signatories: [], options: { language: 'it' } });
    const { payload, headers } = multipartBody([
      { name: 'file', fileName: 'people.xlsx', contentType: 'application/octet-stream', data: await xlsxOf(rows('signatory')) },
    ]);
    const uploaded = await t.request({
      method: 'POST',
      url: `/api/campains/${draft.id}/import`,
      token: await client.token('campaign'),
      body: payload,
      headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const preview = uploaded.json().data as SignatoryImport;
    const started = await client.call('PUT', `/api/campains/${draft.id}/import/${preview.id}`, 'campaign', {
      mapping: { mail: 0, firstname: 1, lastname: 2, lang: 3 },
      ignoreFirstLine: true,
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await t.waitFor(async () => {
      const data = (await client.call('GET', `/api/campains/${draft.id}/import/${preview.id}`, 'campaign')).json().data as SignatoryImport;
      return data.status === 'done' || data.status === 'failed' ? data : null;
    });
    expect(done).toMatchObject({ status: 'done', imported: people.length, warnings: 5 });
    expect(done.rows.map((r) => r.reasons)).toEqual(people.filter((p) => p[2]).map(() => ['language_unknown']));
    const listed = (await client.call('GET', `/api/campains/${draft.id}/signers?order=ASC&orderBy=rowIndex`, 'campaign')).json().data as {
      emailAddress: string;
      language: string;
    }[];
    expect(listed.map((s) => s.language)).toEqual(people.map(([, lang, warning]) => (warning ? 'it' : lang)));
  });

  it('a signer in Romanian keeps ro; the invitation and the signing page are in English, the documented fallback', async () => {
    const email = `ro-${Date.now()}@example.com`;
    const request = await sentRequest(t, client, { signers: [signer(0, { emailAddress: email, language: 'ro' })] });
    expect(request.signers[0]!.language).toBe('ro');
    const [invitation] = await messagesTo(t, email, 'signature-invitation');
    expect(invitation).toMatchObject({ language: 'en' });
    const view = await (await invitedApi(t, email)).view();
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.language).toBe('en');
    const shown = await client.call('GET', `/api/transactions/${request.id}`, 'history');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.signers[0].language).toBe('ro');
  });
});
