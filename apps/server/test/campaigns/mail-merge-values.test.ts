import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { MergeReadiness, SignatoryImport } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { multipartBody } from '../support/signatures.ts';
import { buildDocx, paragraph } from '../templates/docx.ts';
import { mergeClient, pdfText, uploadTo } from '../templates/support.ts';
import { createCampaign, getCampaign, putCampaign, rows, signatory, waitForStatus } from './support.ts';

/**
 * Mail-merge with the users' own files (issue 25 items 6 and 7): values as the spreadsheet shows them, variables of
 * headers and footers mapped by column name, a variable followed by text in its run, and no document ever saying
 * `undefined`, `null` or `NaN`.
 */
describe(`mail-merge values as the sheet shows them (${engine})`, () => {
  let t: TestContext;
  let client: TestClient;
  let templateId: string;
  const iban = 'FR76 3000 6000 0112 3456 7890 189';
  beforeAll(async () => {
    t = await createTestContext({ env: { EMAIL_DOMAIN_CHECK: 'off' } });
    client = await mergeClient(t);
    const template = buildDocx({
      header: paragraph('Contrat ${reference} — ${company}'),
      body: [paragraph('Bénéficiaire : ${iban} Holdings'), paragraph('Montant ${amount} euros, échéance ${due}, pour ${firstname} ${lastname}.')].join(''),
      footer: paragraph('Dossier ${reference}'),
    });
    const uploaded = await uploadTo(t, client, '/api/Template', { name: 'echeancier.docx', data: template });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    templateId = uploaded.json().data.id;
    expect(uploaded.json().data.variables).toEqual(['reference', 'company', 'iban', 'amount', 'due', 'firstname', 'lastname']);
  });
  afterAll(async () => t?.close());

  const mergePart = (mapping: Record<string, unknown>) => ({
    name: 'mergeDocument',
    value: JSON.stringify({ templateId, mapping, signatureFields: [{ signerIndex: 0, page: 1, x: 320, y: 80 }] }),
  });
  const send = (id: string) => client.call('PUT', `/api/campains/${id}/send`, 'campaign');

  /** Every merged PDF the test made (each signatory's document), as pdftotext reads it. */
  async function everyMergedPdfText(): Promise<{ key: string; text: string }[]> {
    const docs = await rows<{ key: string }>(t, sql`select storage_key as key from signature_documents where file_type = 'publi' order by storage_key`);
    return Promise.all(docs.map(async (d) => ({ key: d.key, text: await pdfText(await t.server.platform.storage.get(d.key)) })));
  }
  const nothingWords = /\b(undefined|null|nan)\b/i;

  async function sheet(): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Échéances');
    ws.addRow(['E-mail', 'Prénom', 'Nom', 'iban', 'company', 'amount', 'due', 'reference']);
    ws.addRow(['ana@example.com', 'Ana', 'Lima', iban, 'ACME SA', 1234.5, new Date(Date.UTC(2026, 2, 15)), 'C-1']);
    ws.addRow(['bo@example.com', 'Bo', 'Berg', iban, 'Nullarbor Ltd', 7, new Date(Date.UTC(2026, 11, 1)), 'C-2']);
    for (const r of [2, 3]) {
      ws.getCell(`F${r}`).numFmt = '0.00';
      ws.getCell(`G${r}`).numFmt = 'dd/mm/yyyy';
    }
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('imports numbers and dates as shown, maps header, body and footer variables by column name, and merges them', async () => {
    // The template is chosen first (no columns yet: nothing mapped), the signatories imported afterwards.
    const draft = await createCampaign(t, client, { type: 'publipostage', signatories: [], documents: [], files: [] });
    expect((await putCampaign(t, client, draft.id, [mergePart({})])).statusCode).toBe(200);

    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'echeances.xlsx', contentType: 'application/octet-stream', data: await sheet() }]);
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
      mapping: { mail: 0, firstname: 1, lastname: 2 },
      ignoreFirstLine: true,
      variables: { iban: 3, company: 4, amount: 5, due: 6, reference: 7 },
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await t.waitFor(async () => {
      const data = (await client.call('GET', `/api/campains/${draft.id}/import/${preview.id}`, 'campaign')).json().data as SignatoryImport;
      return data.status === 'done' || data.status === 'failed' ? data : null;
    });
    expect(done).toMatchObject({ status: 'done', imported: 2, skipped: 0 });
    const people = (await client.call('GET', `/api/campains/${draft.id}/signers?order=ASC&orderBy=rowIndex`, 'campaign')).json().data as {
      data: Record<string, string>;
    }[];
    expect(people.map((p) => [p.data.amount, p.data.due])).toEqual([
      ['1234.50', '15/03/2026'],
      ['7.00', '01/12/2026'],
    ]);

    // Nothing was mapped by hand: each variable found the column of its name, the header's and footer's too.
    const campaign = await getCampaign(client, draft.id);
    expect(campaign.mergeDocument!.mapping).toEqual({
      reference: { column: 'reference' },
      company: { column: 'company' },
      iban: { column: 'iban' },
      amount: { column: 'amount' },
      due: { column: 'due' },
      firstname: { column: 'firstname' },
      lastname: { column: 'lastname' },
    });

    const sent = await send(draft.id);
    expect(sent.statusCode, sent.body).toBe(200);
    const ready = await waitForStatus(t, client, draft.id, ['ready'], 60_000);
    expect(ready.counts).toMatchObject({ sent: 2, failed: 0 });
    const texts = await rows<{ email: string; key: string }>(
      t,
      sql`select s.email, d.storage_key as key from signature_requests r join signers s on s.request_id = r.id join signature_documents d on d.request_id = r.id where r.source_id = ${draft.id} order by s.email`,
    );
    expect(texts).toHaveLength(2);
    const [ana, bo] = await Promise.all(texts.map(async (d) => (await pdfText(await t.server.platform.storage.get(d.key))).replace(/\s+/g, ' ')));
    expect(ana).toContain('Contrat C-1 — ACME SA');
    expect(ana).toContain(`Bénéficiaire : ${iban} Holdings`);
    expect(ana).toContain('Montant 1234.50 euros, échéance 15/03/2026, pour Ana Lima.');
    expect(ana).toContain('Dossier C-1');
    expect(bo).toContain('Contrat C-2 — Nullarbor Ltd');
    expect(bo).toContain('Montant 7.00 euros, échéance 01/12/2026, pour Bo Berg.');
    for (const text of [ana, bo]) expect(text).not.toMatch(nothingWords);
  });

  it('refuses to send while a value is a word for nothing (undefined, null, NaN), saying which row; no merged PDF ever says one', async () => {
    const base = { iban, company: 'ACME SA', amount: '10.00', due: '01/01/2027', reference: 'R' };
    const people = [
      signatory(1, { data: { ...base, iban: 'undefined' } }),
      signatory(2, { data: { ...base, amount: 'NaN' } }),
      signatory(3, { data: { ...base, company: ' null ' } }),
      signatory(4, { data: base }),
    ];
    const draft = await createCampaign(t, client, { type: 'publipostage', signatories: people, documents: [], files: [] });
    expect((await putCampaign(t, client, draft.id, [mergePart({})])).statusCode).toBe(200);
    const refused = await send(draft.id);
    expect(refused.statusCode, refused.body).toBe(400);
    const details = refused.json().error.details as MergeReadiness;
    expect(details.rowsMissingCount).toBe(3);
    expect(details.rowsMissingValues.map((r) => [r.row, r.variables])).toEqual([
      [1, ['iban']],
      [2, ['amount']],
      [3, ['company']],
    ]);
    expect(refused.json().error.message).toMatch(/3 signatories lack a value: row 1 \(sig1-.*: \$\{iban\}\)/);
    expect((await getCampaign(client, draft.id)).status).toBe('draft');

    // The preview of row 1 says the value is missing and prints nothing in its place.
    const signers = (await client.call('GET', `/api/campains/${draft.id}/signers?order=ASC&orderBy=rowIndex`, 'campaign')).json().data as { id: string }[];
    const preview = await client.call('GET', `/api/campains/${draft.id}/signers/${signers[0]!.id}/preview`, 'campaign');
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['x-merge-missing']).toBe('iban');
    const previewText = await pdfText(preview.rawPayload);
    expect(previewText).toContain('Bénéficiaire : Holdings');
    expect(previewText).not.toMatch(nothingWords);

    // A fixed value that is a word for nothing is no mapping.
    expect((await putCampaign(t, client, draft.id, [mergePart({ iban: { value: 'undefined' } })])).statusCode).toBe(200);
    const fixed = await send(draft.id);
    expect(fixed.statusCode).toBe(400);
    expect((fixed.json().error.details as MergeReadiness).unmapped).toEqual(['iban']);

    // The merged PDFs of every campaign sent in this file: none says undefined, null or NaN.
    const merged = await everyMergedPdfText();
    expect(merged.length).toBeGreaterThanOrEqual(2);
    for (const { key, text } of merged) expect(text, key).not.toMatch(nothingWords);
  });
});
