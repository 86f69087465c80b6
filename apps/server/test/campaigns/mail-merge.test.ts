import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Campaign, MergeReadiness } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { signAsInvited } from '../support/signing-flow.ts';
import { messagesTo } from '../support/signatures.ts';
import { twoPageLetter } from '../templates/docx.ts';
import { mergeClient, pdfText, uploadTo } from '../templates/support.ts';
import { campaignTenant, createCampaign, getCampaign, postCampaign, putCampaign, rows, signatory, waitForStatus } from './support.ts';

/** Mail-merge campaigns (type publipostage): mapping, the send rules, per-signatory PDFs, preview, signing. */
describe(`mail-merge campaigns (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  let templateId: string;
  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    client = await mergeClient(t);
    const uploaded = await uploadTo(t, client, '/api/Template', { name: 'contrat.docx', data: twoPageLetter() });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    templateId = uploaded.json().data.id;
  });
  afterAll(async () => t?.close());

  const people = () => [
    signatory(1, { firstname: 'Élodie', data: { Ville: 'Besançon', amount: '1 250,00', reference: 'C-001' } }),
    signatory(2, { firstname: 'Jürgen', data: { Ville: 'Straßburg', amount: '980', reference: 'C-002' } }),
    signatory(3, { firstname: 'Zoé', data: { Ville: 'Nîmes', amount: ' ', reference: 'C-003' } }),
  ];
  const mergePart = (mapping: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    name: 'mergeDocument',
    value: JSON.stringify({ templateId, mapping, signatureFields: [{ signerIndex: 0, page: 2, x: 320, y: 80 }], ...extra }),
  });
  const fullMapping = {
    civility: { value: 'Madame, Monsieur' },
    firstname: { column: 'firstname' },
    lastname: { column: 'lastname' },
    city: { column: 'ville' }, // the data key is "Ville": matched ignoring case
    amount: { column: 'amount' },
    reference: { column: 'reference' },
  };
  const send = (id: string) => client.call('PUT', `/api/campains/${id}/send`, 'campaign');

  async function draft(mapping: Record<string, unknown>, signatories = people()): Promise<Campaign> {
    const created = await createCampaign(t, client, { type: 'publipostage', signatories, documents: [], files: [] });
    const res = await putCampaign(t, client, created.id, [mergePart(mapping)]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Campaign;
  }

  it('saves the merge document, refuses to send while a variable is unmapped or a row lacks a value (saying which), previews a signatory', async () => {
    const partial = await draft({ firstname: { column: 'firstname' }, city: { column: 'Ville' } });
    expect(partial).toMatchObject({ type: 'publipostage', status: 'draft', signatoryCount: 3 });
    expect(partial.mergeDocument).toMatchObject({ templateId, templateFileName: 'contrat.docx', title: 'contrat', documentType: 'pdf' });
    expect(partial.mergeDocument!.variables.sort()).toEqual(['amount', 'city', 'civility', 'firstname', 'lastname', 'reference']);
    expect(partial.mergeColumns).toEqual(['firstname', 'lastname', 'emailAddress', 'phoneNum', 'language', 'Ville', 'amount', 'reference']);

    const unmapped = await send(partial.id);
    expect(unmapped.statusCode, unmapped.body).toBe(400);
    const details = unmapped.json().error.details as MergeReadiness;
    // amount, lastname and reference were left out of the mapping: each takes the column of its name; civility has none.
    expect(details.unmapped.sort()).toEqual(['civility']);
    expect(unmapped.json().error.fields.map((f: { field: string }) => f.field)).toContain('mergeDocument.mapping.civility');

    // A column nobody has.
    const typo = await putCampaign(t, client, partial.id, [mergePart({ ...fullMapping, amount: { column: 'amout' } })]);
    expect(typo.statusCode).toBe(200);
    const unknownColumn = await send(partial.id);
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().error.details.unknownColumns).toEqual([{ variable: 'amount', column: 'amout' }]);
    expect(unknownColumn.json().error.message).toMatch(/no signatory has a column "amout"/);

    // Every variable mapped, but row 3 has a blank amount: refused, naming the row, the person and the variable.
    await putCampaign(t, client, partial.id, [mergePart(fullMapping)]);
    const blank = await send(partial.id);
    expect(blank.statusCode).toBe(400);
    const missing = blank.json().error.details as MergeReadiness;
    expect(missing.rowsMissingCount).toBe(1);
    expect(missing.rowsMissingValues).toEqual([{ row: 3, emailAddress: expect.stringMatching(/^sig3-/), variables: ['amount'] }]);
    expect(blank.json().error.message).toMatch(/row 3 \(sig3-.*: \$\{amount\}\)/);
    expect((await getCampaign(client, partial.id)).status).toBe('draft');

    // The preview of signatory 1: their values in the filled PDF; of signatory 3: the blank value said in a header.
    const signers = (await client.call('GET', `/api/campains/${partial.id}/signers?order=ASC&orderBy=rowIndex`, 'campaign')).json().data as { id: string }[];
    const preview = await client.call('GET', `/api/campains/${partial.id}/signers/${signers[0]!.id}/preview`, 'campaign');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(preview.rawPayload);
    expect(text).toContain('Demeurant à Besançon, pour un montant de 1 250,00 euros.');
    expect(text).toContain('Madame, Monsieur Élodie');
    expect(text).toContain('Contrat n° C-001');
    const third = await client.call('GET', `/api/campains/${partial.id}/signers/${signers[2]!.id}/preview`, 'campaign');
    expect(third.statusCode).toBe(200);
    expect(third.headers['x-merge-missing']).toBe('amount');
  });

  it('refuses what is not a mail-merge: a variable the template lacks, a merge document on a classic campaign, a tenant without the feature', async () => {
    const created = await createCampaign(t, client, { type: 'publipostage', signatories: people(), documents: [], files: [] });
    const unknown = await putCampaign(t, client, created.id, [mergePart({ nope: { value: 'x' } })]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields[0]).toMatchObject({ field: 'mergeDocument.mapping.nope' });
    const otherTemplate = await putCampaign(t, client, created.id, [
      { name: 'mergeDocument', value: JSON.stringify({ templateId: '00000000-0000-4000-8000-000000000000' }) },
    ]);
    expect(otherTemplate.statusCode).toBe(404);
    const noMerge = await send(created.id);
    expect(noMerge.statusCode).toBe(400);
    expect(noMerge.json().error.fields.map((f: { field: string }) => f.field)).toContain('mergeDocument');

    const classic = await postCampaign(t, client, { type: 'campain' });
    expect(classic.statusCode).toBe(201);
    const classicMerge = await putCampaign(t, client, classic.json().data.id, [mergePart(fullMapping)]);
    expect(classicMerge.statusCode).toBe(400);
    expect(classicMerge.json().error.fields[0].field).toBe('mergeDocument');

    const { client: noMailing } = await campaignTenant(t);
    const refused = await postCampaign(t, noMailing, { type: 'publipostage' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FEATURE_DISABLED');
  });

  it('sends: each signatory gets their own filled PDF (stored once each) and signs it; statistics move; cancel the rest', async () => {
    const list = people();
    list[2]!.data!.amount = '15';
    const ready = await draft(fullMapping, list);
    const sent = await send(ready.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const done = await waitForStatus(t, client, ready.id, ['ready'], 60_000);
    expect(done.counts).toMatchObject({ sent: 3, failed: 0, queued: 0 });
    expect(done.mergeDocument!.generated).toBe(3);

    // One request per signatory, each with one "publi" document of its own, on page 2 of its own 2-page PDF.
    const docs = await rows<{ email: string; storageKey: string; fileType: string; pageCount: number; page: number; sha256: string }>(
      t,
      sql`select s.email, d.storage_key as "storageKey", d.file_type as "fileType", d.page_count as "pageCount", f.page, d.sha256
          from signature_requests r join signers s on s.request_id = r.id join signature_documents d on d.request_id = r.id
          join signature_fields f on f.document_id = d.id where r.source_id = ${ready.id} order by s.email`,
    );
    expect(docs).toHaveLength(3);
    expect(new Set(docs.map((d) => d.storageKey)).size).toBe(3);
    expect(docs.every((d) => d.fileType === 'publi' && d.pageCount === 2 && d.page === 2)).toBe(true);
    for (const [i, p] of list.entries()) {
      const doc = docs.find((d) => d.email === p.emailAddress)!;
      const text = await pdfText(await t.server.platform.storage.get(doc.storageKey));
      expect(text).toContain(`Demeurant à ${p.data!.Ville}`);
      expect(text).toContain(`Contrat n° C-00${i + 1}`);
      expect(await messagesTo(t, p.emailAddress, 'signature-invitation')).toHaveLength(1);
    }

    // Each copy is metered as the mailing option (billing), not the classic campaign one.
    const options = await rows<{ kind: string; n: number }>(
      t,
      sql`select kind, count(*)::int as n from consumptions where campaign_id = ${ready.id} and kind like 'option_%' group by kind`,
    );
    expect(options).toEqual([{ kind: 'option_mailing', n: 3 }]);

    await signAsInvited(t, list[0]!.emailAddress);
    const stats = await t.waitFor(async () => {
      const s = (await client.call('GET', `/api/campains/${ready.id}/statistics`, 'campaign')).json().data;
      return s.signed === 1 ? s : null;
    });
    expect(stats).toMatchObject({ signed: 1, pending: 2 });
    const canceled = await client.call('PATCH', `/api/campains/${ready.id}/status`, 'campaign', { status: 'canceled' });
    expect(canceled.statusCode).toBe(200);
    const final = await waitForStatus(t, client, ready.id, ['canceled']);
    await t.waitFor(async () => ((await getCampaign(client, final.id)).counts.canceled === 2 ? true : null));

    // A duplicate keeps the template, the mapping and the signatories' values: a new draft ready to send.
    const copy = await client.call('POST', `/api/campains/${ready.id}/duplicate`, 'campaign');
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({ type: 'publipostage', status: 'draft', signatoryCount: 3, mergeDocument: { templateId, mapping: fullMapping } });
    expect(copy.json().data.mergeColumns).toContain('Ville');
  });

  it('authorization of the preview: 401 without token, 403 without the permission, 404 for another tenant', async () => {
    const own = await draft(fullMapping);
    const signers = (await client.call('GET', `/api/campains/${own.id}/signers`, 'campaign')).json().data as { id: string }[];
    const url = `/api/campains/${own.id}/signers/${signers[0]!.id}/preview`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const { client: noFeature } = await campaignTenant(t, { campaign: false });
    expect((await noFeature.call('GET', url, 'campaign')).statusCode).toBe(403);
    const other = await mergeClient(t);
    expect((await other.call('GET', url, 'campaign')).statusCode).toBe(404);
    const otherSend = await other.call('PUT', `/api/campains/${own.id}/send`, 'campaign');
    expect(otherSend.statusCode).toBe(404);
    expect((await getCampaign(client, own.id)).status).toBe('draft');
  });
});

/**
 * A signatory whose document cannot be generated: a LibreOffice stand-in that converts every document but the ones
 * holding "POISON" (the filled .docx is stored uncompressed, so the value is readable in its bytes). ~35 s (the
 * engine retries a failed call one document at a time): run by CI on PostgreSQL only, to keep CI under 25 minutes;
 * it passes on PGlite as well (`env -u TEST_DATABASE_URL MERGE_FAILURE_TEST=1 npx vitest run …`).
 */
describe.skipIf(engine === 'pglite' && !process.env.MERGE_FAILURE_TEST)(`mail-merge campaigns: a document that cannot be generated (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  const dir = mkdtempSync(path.join(tmpdir(), 'merge-poison-'));
  beforeAll(async () => {
    const binary = path.join(dir, 'soffice');
    writeFileSync(
      binary,
      `#!/bin/bash
args=()
for a in "$@"; do if [ -f "$a" ] && grep -aq POISON "$a"; then continue; fi; args+=("$a"); done
exec soffice "\${args[@]}"
`,
    );
    chmodSync(binary, 0o755);
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off', OFFICE_BINARY: binary } });
    client = await mergeClient(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails that signatory with the reason, sends the others, and retries it on demand', async () => {
    const template = (await uploadTo(t, client, '/api/Template', { name: 'contrat.docx', data: twoPageLetter() })).json().data as {
      id: string;
      variables: string[];
    };
    const mapping = Object.fromEntries(template.variables.map((v) => [v, v === 'city' ? { column: 'city' } : { value: 'x' }]));
    const people = [signatory(1, { data: { city: 'Lyon' } }), signatory(2, { data: { city: 'POISON' } }), signatory(3, { data: { city: 'Metz' } })];
    const created = await createCampaign(t, client, { type: 'publipostage', signatories: people, documents: [], files: [] });
    const mergeDocument = { templateId: template.id, mapping, signatureFields: [{ signerIndex: 0, page: 1, x: 100, y: 100 }] };
    expect((await putCampaign(t, client, created.id, [{ name: 'mergeDocument', value: JSON.stringify(mergeDocument) }])).statusCode).toBe(200);
    expect((await client.call('PUT', `/api/campains/${created.id}/send`, 'campaign')).statusCode).toBe(200);
    const ready = await waitForStatus(t, client, created.id, ['ready'], 90_000);
    expect(ready.counts).toMatchObject({ sent: 2, failed: 1, queued: 0 });
    const failed = (await client.call('GET', `/api/campains/${created.id}/signers?status=failed`, 'campaign')).json().data as {
      emailAddress: string;
      error: string;
      attempts: number;
    }[];
    expect(failed).toEqual([
      expect.objectContaining({ emailAddress: people[1]!.emailAddress, attempts: 1, error: expect.stringMatching(/^The document could not be generated: /) }),
    ]);
    expect(await messagesTo(t, people[1]!.emailAddress, 'signature-invitation')).toHaveLength(0);

    // Retry: generated again (still refused by the stand-in), failed again with one more attempt; nobody else resent.
    expect((await client.call('POST', `/api/campains/${created.id}/retry`, 'campaign')).statusCode).toBe(202);
    const again = await t.waitFor(async () => {
      const rows = (await client.call('GET', `/api/campains/${created.id}/signers?status=failed`, 'campaign')).json().data as { attempts: number }[];
      return rows[0]?.attempts === 2 ? rows : null;
    }, 60_000);
    expect(again).toHaveLength(1);
    for (const p of [people[0]!, people[2]!]) expect(await messagesTo(t, p.emailAddress, 'signature-invitation')).toHaveLength(1);
  }, 150_000);
});
