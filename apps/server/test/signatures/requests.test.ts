import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { readSpreadsheet } from '../../src/platform/spreadsheets/index.ts';
import { encodeSignatureFilter } from '@paraphe/contracts';
import { eq } from 'drizzle-orm';
import { signers } from '../../src/domains/signatures/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext, tenantWithoutDomain } from '../support/harness.ts';
import { signingLink } from '../../src/domains/signatures/links.ts';
import { createRequest, draft, forceStatus, makePdf, makeZip, placed, requestRow, signer, tenantWithGerant } from '../support/signatures.ts';

describe(`signature requests: create, read, documents (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
  });
  afterAll(async () => t?.close());

  it('saves a draft from the multipart form: signers (legacy keys renamed), documents, fields, options', async () => {
    const res = await createRequest(t, gerant, {
      label: 'Lease 2026',
      signers: [
        { firstname: 'Ann', lastname: 'Lee', mail: 'ANN@example.com', phoneNumber: '+33 6 12 34 56 78', signerIndex: 0 },
        { ...signer(1), role: 'observer' },
      ],
      documents: [{ fileName: 'contract.pdf', title: 'The lease', checkBoxTexts: ['I agree', ' '], signatureFields: [{ signerIndex: 0 }] }],
      options: { finalDocCCeMails: 'cc@example.com', signedDocuments: { sendCopy: true }, reminders: { mail: { firstAfterDays: 2, intervalDays: 3 } } },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json().data;
    expect(body).toMatchObject({ label: 'Lease 2026', status: 'draft', level: 1, testMode: true, percentSigned: 0, signerCount: 2, links: [] });
    expect(body.allowedActions).toEqual(['send', 'delete', 'duplicate', 'export']);
    expect(body.signers[0]).toMatchObject({ emailAddress: 'ann@example.com', phoneNum: '+33612345678', status: 'before', role: 'signer', language: 'fr' });
    expect(body.documents[0]).toMatchObject({ title: 'The lease', fileType: 'classic', pageCount: 2, checkBoxTexts: ['I agree'] });
    // Missing name → 'signer', missing x/y → 0, missing page → last page (-1).
    expect(body.documents[0].signatureFields).toEqual([{ page: -1, name: 'signer', x: 0, y: 0, width: 150, height: 60, signerIndex: 0 }]);
    expect(body.documents[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(body.options).toMatchObject({
      finalDocCCeMails: ['cc@example.com'],
      chainingMode: 'email',
      reminders: { mail: { firstAfterDays: 2, intervalDays: 3 } },
    });
    expect(body.owner.name).toBe('GERANT Gérard');
  });

  it('gives a file sent without a document entry a default entry with spread default fields', async () => {
    const body = await draft(t, gerant, { signers: [signer(0), signer(1)], documents: [], files: [{ fileName: 'annex.pdf', data: await makePdf(1) }] });
    expect(body.documents).toHaveLength(1);
    const doc = (await (await gerant.call('GET', `/api/transactions/${body.id}/documents`, 'history')).json()).data[0];
    expect(doc).toMatchObject({ title: 'annex', fileName: 'annex.pdf' });
    expect(doc.signatureFields).toEqual([
      { page: -1, name: 'signer', x: 70, y: 70, width: 150, height: 60, signerIndex: 0 },
      { page: -1, name: 'signer', x: 278, y: 70, width: 150, height: 60, signerIndex: 1 },
    ]);
  });

  it('keeps the size of each field, prepares the PDF with it (widget /Rect), and refuses a size out of bounds', async () => {
    const fields = [
      { signerIndex: 0, page: 1, x: 100, y: 120, width: 240.5, height: 90 },
      { signerIndex: 1, page: 2, x: 50, y: 60 },
    ];
    const created = await createRequest(t, gerant, { signers: [signer(0), signer(1)], documents: [placed('contract.pdf', [], { signatureFields: fields })] });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json().data;
    expect(body.documents[0].signatureFields).toEqual([
      { page: 1, name: 'signer', x: 100, y: 120, width: 240.5, height: 90, signerIndex: 0 },
      { page: 2, name: 'signer', x: 50, y: 60, width: 150, height: 60, signerIndex: 1 },
    ]);
    const duplicated = (await gerant.call('POST', `/api/transactions/${body.id}/duplicate`, 'history')).json().data;
    expect(duplicated.documents[0].signatureFields.map((f: { width: number; height: number }) => [f.width, f.height])).toEqual([
      [240.5, 90],
      [150, 60],
    ]);

    const sent = await gerant.call('PUT', `/api/transactions/${body.id}`, 'history', { action: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.waitFor(async () => (await requestRow(t, body.id)).status === 'ready');
    const expiresAt = (await requestRow(t, body.id)).expiresAt!;
    const token = signingLink(t.server.platform, { appId: tenantWithoutDomain, requestId: body.id, signerId: body.signers[0].id, expiresAt }).split(
      '#/sign/',
    )[1]!;
    const page = (await t.request({ method: 'GET', url: `/api/public/sign/${token}` })).json().data;
    expect(page.documents[0].fields).toEqual([expect.objectContaining({ page: 1, x: 100, y: 120, width: 240.5, height: 90 })]);
    const pdf = (await t.request({ method: 'GET', url: `/api/public/sign/${token}/documents/${body.documents[0].id}` })).rawPayload.toString('latin1');
    const rects = [...pdf.matchAll(/\/Rect\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) => m.slice(1).map(Number));
    expect(rects).toEqual(
      expect.arrayContaining([
        [100, 120, 340.5, 210],
        [50, 60, 200, 120],
      ]),
    );

    const tooWide = await createRequest(t, gerant, {
      signers: [signer(0)],
      documents: [placed('contract.pdf', [], { signatureFields: [{ signerIndex: 0, width: 601 }] })],
    });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().error.fields[0].field).toBe('transactionDocuments.0.signatureFields.0.width');
  });

  it('turns each PDF of a zip into a document of type zip', async () => {
    const zip = makeZip({ 'a.pdf': await makePdf(1), 'folder/b.pdf': await makePdf(3), '__MACOSX/._a.pdf': new Uint8Array([1]) });
    const body = await draft(t, gerant, {
      files: [{ fileName: 'bundle.zip', contentType: 'application/x-zip-compressed', data: zip }],
      documents: [placed('bundle.zip', [0])],
    });
    const docs = (await (await gerant.call('GET', `/api/transactions/${body.id}/documents`, 'history')).json()).data;
    expect(docs.map((d: { fileName: string; fileType: string; pageCount: number }) => [d.fileName, d.fileType, d.pageCount])).toEqual([
      ['a.pdf', 'zip', 1],
      ['b.pdf', 'zip', 3],
    ]);
    expect(docs[1].signatureFields).toHaveLength(1);
  });

  it('downloads a document as stored, with a content-disposition', async () => {
    const pdf = await makePdf(1, 'Download me');
    const body = await draft(t, gerant, { files: [{ fileName: 'Contrat été.pdf', data: pdf }], documents: [placed('Contrat été.pdf', [0])] });
    const res = await gerant.call('GET', `/api/transactions/${body.id}/documents/${body.documents[0]!.id}`, 'history');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''Contrat%20%C3%A9t%C3%A9.pdf`);
    expect(Buffer.compare(res.rawPayload, Buffer.from(pdf))).toBe(0);
  });

  it('lists with pagination, search ≥ 3 characters, base64 filter, light; counts per status; quick search', async () => {
    const t2 = await tenantWithGerant(t);
    const a = await draft(t, t2.client, { label: 'Alpha lease' });
    const b = await draft(t, t2.client, { label: 'Beta order', signers: [{ ...signer(0), lastname: 'Zorglub' }] });
    await forceStatus(t, b.id, 'ready', 'ready', { invited: true });
    const list = async (query: string) => (await t2.client.call('GET', `/api/transactions?${query}`, 'history')).json();

    const all = await list('limit=1');
    expect(all).toMatchObject({ countAll: 2, limit: 1, offset: 0, order: 'DESC' });
    expect(all.data[0].id).toBe(b.id);
    expect((await list('search=al')).countAll).toBe(2); // < 3 characters: ignored
    expect((await list('search=alpha')).data.map((r: { id: string }) => r.id)).toEqual([a.id]);
    expect((await list('search=zorg')).data.map((r: { id: string }) => r.id)).toEqual([b.id]); // signer name
    expect((await list('search=first0%20zorglub')).data.map((r: { id: string }) => r.id)).toEqual([b.id]); // first and last name together
    // The search text is the database's (triggers, migration 0016): a signer renamed by any code path is found by the new name.
    await t.database.inSystem((tx) => tx.update(signers).set({ lastname: 'Quenouille' }).where(eq(signers.requestId, b.id)));
    expect((await list('search=zorg')).data).toEqual([]);
    expect((await list('search=quenouil')).data.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await list(`filter=${encodeURIComponent(encodeSignatureFilter({ status: ['ready'] }))}`)).data.map((r: { id: string }) => r.id)).toEqual([b.id]);
    const light = await list('light=1');
    expect(light.data[0].signers).toBeUndefined();
    expect(light.data[0].signerCount).toBe(1);
    expect((await list('order=ASC&orderBy=label')).data.map((r: { label: string }) => r.label)).toEqual(['Alpha lease', 'Beta order']);

    const bad = await t2.client.call('GET', '/api/transactions?filter=not-base64-json', 'history');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('filter');

    const count = (await t2.client.call('GET', '/api/transactions/count', 'history')).json().data;
    expect(count.total).toBe(2);
    expect(count.byStatus).toMatchObject({ draft: 1, ready: 1, completed: 0 });

    const search = (await t2.client.call('GET', '/api/transactions/search?q=beta', 'history')).json();
    expect(search.data.map((r: { id: string }) => r.id)).toEqual([b.id]);
    expect((await t2.client.call('GET', '/api/transactions/search?q=be', 'history')).json().data).toEqual([]);

    const status = (await t2.client.call('GET', `/api/transactions/${b.id}/status`, 'history')).json().data;
    expect(status).toMatchObject({ id: b.id, status: 'ready', percentSigned: 0, signers: [{ status: 'ready', signerIndex: 0 }] });
  });

  it('exports the visible requests as xlsx', async () => {
    const t3 = await tenantWithGerant(t);
    await draft(t, t3.client, { label: 'Export <me> & co', signers: [signer(0, { firstname: 'Jean', lastname: 'Dupont' })] });
    const res = await t3.client.call('GET', '/api/transactions/export', 'history');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(files['[Content_Types].xml']).toBeDefined();
    // Read back as a spreadsheet program would: our reader, then LibreOffice itself (xlsx → csv).
    const { rows } = await readSpreadsheet(new Uint8Array(res.rawPayload));
    const sheet = rows.map((r) => r.join('\t')).join('\n');
    expect(sheet).toContain('% signed');
    expect(sheet).toContain('Export <me> & co');
    expect(sheet).toContain('DUPONT Jean');
    const csv = await libreOfficeCsv(new Uint8Array(res.rawPayload));
    expect(csv).toContain('Export <me> & co');
    expect(csv).toContain('DUPONT Jean');
  }, 120_000);

  it('neutralises formula-like texts in the export: a label or signer named like a formula comes out as text', async () => {
    const t4 = await tenantWithGerant(t);
    const hyperlink = '=HYPERLINK("http://evil.example","x")';
    const dde = "+CMD|' /C calc'!A0";
    await draft(t, t4.client, { label: dde, signers: [signer(0, { firstname: 'Eve', lastname: hyperlink })] });
    await draft(t, t4.client, { label: hyperlink, signers: [signer(0, { firstname: '@SUM(A1)', lastname: '-2+3' })] });
    const res = await t4.client.call('GET', '/api/transactions/export', 'history');
    expect(res.statusCode).toBe(200);
    // As stored in the file (the reader's guard removal off): every formula-like text starts with the quote.
    const { rows } = await readSpreadsheet(new Uint8Array(res.rawPayload), { stripFormulaGuard: false });
    const [header, ...body] = rows;
    const column = (name: string) => body.map((r) => r[header!.indexOf(name)]).sort();
    expect(column('Label')).toEqual([`'${dde}`, `'${hyperlink}`].sort());
    // Signers are shown "LASTNAME Firstname": the names that make the cell formula-like are neutralised.
    expect(column('Signers')).toEqual([`'${hyperlink.toUpperCase()} Eve`, "'-2+3 @SUM(A1)"].sort());
    expect(body.flat().filter((cell) => typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    // Our reader takes the quote off again (an export imports back as it was).
    expect((await readSpreadsheet(new Uint8Array(res.rawPayload))).rows.map((r) => r[0])).toContain(dde);
  });

  it('deletes a document of a draft only, then duplicates and deletes requests', async () => {
    const body = await draft(t, gerant, {
      files: [
        { fileName: 'one.pdf', data: await makePdf(1) },
        { fileName: 'two.pdf', data: await makePdf(1) },
      ],
      documents: [],
    });
    const [one, two] = body.documents;
    expect((await gerant.call('DELETE', `/api/transactions/${body.id}/documents/${one!.id}`, 'history')).statusCode).toBe(200);
    expect((await gerant.call('GET', `/api/transactions/${body.id}/documents/${one!.id}`, 'history')).statusCode).toBe(404);

    const copy = await gerant.call('POST', `/api/transactions/${body.id}/duplicate`, 'history');
    expect(copy.statusCode).toBe(201);
    const duplicated = copy.json().data;
    expect(duplicated).toMatchObject({ status: 'draft', label: 'Sales contract' });
    expect(duplicated.id).not.toBe(body.id);
    expect(duplicated.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['two.pdf']);
    expect(duplicated.documents[0].id).not.toBe(two!.id);

    await forceStatus(t, body.id, 'ready', 'ready', { invited: true });
    const refused = await gerant.call('DELETE', `/api/transactions/${body.id}/documents/${two!.id}`, 'history');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Cannot delete a document of a request that is ready');

    // The copy keeps its own file when the original goes.
    await forceStatus(t, body.id, 'canceled', 'aborted');
    expect((await gerant.call('DELETE', `/api/transactions/${body.id}`, 'history')).statusCode).toBe(200);
    expect((await gerant.call('GET', `/api/transactions/${body.id}`, 'history')).statusCode).toBe(404);
    const file = await gerant.call('GET', `/api/transactions/${duplicated.id}/documents/${duplicated.documents[0].id}`, 'history');
    expect(file.statusCode).toBe(200);
  });

  it('answers 204 for the attestation until the signing produces one', async () => {
    const body = await draft(t, gerant);
    expect((await gerant.call('GET', `/api/transactions/${body.id}/attestation`, 'history')).statusCode).toBe(204);
  });

  it('regenerates the archive in a job, then notifies the user who asked', async () => {
    const body = await draft(t, gerant, {
      files: [
        { fileName: 'one.pdf', data: await makePdf(1) },
        { fileName: 'two.pdf', data: await makePdf(2) },
      ],
      documents: [],
    });
    expect((await gerant.call('POST', `/api/transactions/${body.id}/archive`, 'history')).statusCode).toBe(409);
    await forceStatus(t, body.id, 'signed', 'signed');
    const res = await gerant.call('POST', `/api/transactions/${body.id}/archive`, 'history');
    expect(res.statusCode).toBe(202);
    await t.waitFor(async () => (await requestRow(t, body.id)).archiveKey);
    const notifications = await t.notificationsAbout(gerant, 'signature.archive', body.id);
    expect(notifications.find((n) => n.type === 'signature.archive')).toMatchObject({ data: { requestId: body.id }, read: false });
    const archive = await gerant.call('GET', `/api/transactions/${body.id}/archive`, 'history');
    expect(archive.statusCode).toBe(200);
    expect(Object.keys(unzipSync(new Uint8Array(archive.rawPayload))).sort()).toEqual(['one.pdf', 'two.pdf']);
  });

  it('downloads the signed documents of a completed request at once, without regenerating an archive first', async () => {
    const one = await makePdf(1);
    const body = await draft(t, gerant, {
      files: [
        { fileName: 'one.pdf', data: one },
        { fileName: 'two.pdf', data: await makePdf(2) },
      ],
      documents: [],
    });
    const early = await gerant.call('GET', `/api/transactions/${body.id}/archive`, 'history');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Cannot download a request that is draft');

    await forceStatus(t, body.id, 'completed', 'signed');
    const archive = await gerant.call('GET', `/api/transactions/${body.id}/archive`, 'history');
    expect(archive.statusCode).toBe(200);
    expect(archive.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(archive.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['one.pdf', 'two.pdf']);
    expect(Buffer.from(files['one.pdf']!).equals(Buffer.from(one))).toBe(true);
    // Nothing was stored: the next download is built again from the current files.
    expect((await requestRow(t, body.id)).archiveKey).toBeNull();
  });
});

/** The xlsx converted to CSV by LibreOffice (fails, never skips, without soffice). */
async function libreOfficeCsv(xlsx: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'paraphe-lo-'));
  try {
    const file = join(dir, 'export.xlsx');
    await writeFile(file, xlsx);
    const profile = pathToFileURL(join(dir, 'profile')).href;
    await promisify(execFile)(
      'soffice',
      [
        '--headless',
        '--norestore',
        '--nolockcheck',
        `-env:UserInstallation=${profile}`,
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76',
        '--outdir',
        dir,
        file,
      ],
      { timeout: 90_000 },
    );
    return await readFile(join(dir, 'export.csv'), 'utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
