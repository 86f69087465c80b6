import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf, inspectRejectionReasons, preparePdf, signPdf, withOneTimeIdentity } from '@paraphe/signing';
import { pdfRejectionMessages, pdfRejectionReasons, type PdfRejectionReason } from '@paraphe/contracts';
import { trustServices } from '../../src/domains/pki/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { createRequest, draft, makePdf, makeZip, multipartBody, placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { deflatedMember, firstExtra, objectStreamPdf, qpdf, rawPdf, rawZip } from '../support/documents.ts';
import { completedDocuments, sentRequest, signAsInvited } from '../support/signing-flow.ts';

/**
 * Upload checks (docs/security.md, "Documents and signatures"): every PDF is read by the signing engine's
 * inspectPdf, so what is accepted can be signed and what is refused says precisely why; ZIP archives are checked
 * on their declared sizes before anything is inflated.
 */
describe(`documents: upload checks with the signing engine's reader (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let plain: Uint8Array;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
    plain = await makePdf(1);
  });
  afterAll(async () => t?.close());

  /** A PDF signed by the engine (a real signature value in a signature field). */
  async function signedPdf(): Promise<Uint8Array> {
    const prepared = await preparePdf(plain, { fields: [{ signerIndex: 0, x: 50, y: 50 }] });
    const identity = trustServices(t.server.platform).simpleSignatureIdentity('ACME', 'Jeanne Martin');
    return withOneTimeIdentity(identity, (signer) => signPdf(prepared.pdf, { field: 'signer-1', signer, level: 'B-B' }));
  }

  /** The refusal of one file: 400 PDF_INVALID, the legacy 73020 detail, the precise message and reason; nothing stored. */
  async function expectRefusedAs(fileName: string, data: Uint8Array, reason: PdfRejectionReason) {
    const before = await t.snapshot();
    const res = await createRequest(t, gerant, { files: [{ fileName, data }], documents: [] });
    expect(res.statusCode, `${reason}: ${res.body}`).toBe(400);
    const error = res.json().error;
    const message = pdfRejectionMessages[reason](fileName);
    expect(error).toMatchObject({ code: 'PDF_INVALID', message, detail: `73020 : ${message}`, details: { reason, fileName } });
    expect(error.fields).toEqual([{ field: `files.${fileName}`, rule: 'invalid_value', message, params: { reason } }]);
    expect(await t.snapshot(), `${reason}: nothing stored`).toBe(before);
    return error;
  }

  it('the contracts list the same refusal reasons as the engine', () => {
    expect([...pdfRejectionReasons].sort()).toEqual([...inspectRejectionReasons].sort());
  });

  it('refuses each unusable PDF with its own reason and a message naming the file and the fix', async () => {
    await expectRefusedAs('notes.pdf', Buffer.from('Bonjour, ceci est un fichier texte.\n'), 'NOT_PDF');
    await expectRefusedAs('cut.pdf', plain.subarray(0, plain.length >> 1), 'DAMAGED');
    const locked = await expectRefusedAs('contract.pdf', qpdf(plain, ['--encrypt', 'user', 'owner', '256', '--']), 'ENCRYPTED_PASSWORD');
    expect(locked.message).toBe('contract.pdf is protected by a password: remove the password and upload it again.');
    const restricted = await expectRefusedAs('restricted.pdf', qpdf(plain, ['--encrypt', '', 'owner', '256', '--modify=none', '--']), 'ENCRYPTED_RESTRICTIONS');
    expect(restricted.message).toMatch(/print it to a new PDF, or save a copy without security/);
    await expectRefusedAs('signed.pdf', await signedPdf(), 'ALREADY_SIGNED');
    const first = firstExtra(1);
    const certified = rawPdf({
      pages: [{}],
      catalogExtra: `/AcroForm <</Fields [${first} 0 R] /SigFlags 3>> /Perms <</DocMDP ${first + 1} 0 R>>`,
      pageExtra: () => `/Annots [${first} 0 R]`,
      objects: [
        `<</Type /Annot /Subtype /Widget /FT /Sig /T (cert) /Rect [0 0 0 0] /F 132 /P 3 0 R /V ${first + 1} 0 R>>`,
        '<</Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange [0 0 0 0] /Contents <00> ' +
          '/Reference [<</Type /SigRef /TransformMethod /DocMDP /TransformParams <</Type /TransformParams /P 1 /V /1.2>>>>]>>',
      ],
    });
    await expectRefusedAs('certified.pdf', certified, 'CERTIFIED_NO_CHANGES');
    await expectRefusedAs('deep.pdf', rawPdf({ pages: [{}], catalogExtra: `/Deep ${'['.repeat(1000)}${']'.repeat(1000)}` }), 'TOO_COMPLEX');
    await expectRefusedAs('exotic.pdf', objectStreamPdf(3, 100, 'LZWDecode'), 'UNSUPPORTED');
  });

  it('refuses a PDF whose object streams inflate to 120 MB (123 KB on disk): 400 DECOMPRESSION_BOMB, memory stays bounded', async () => {
    const bomb = objectStreamPdf(3, 40 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const rss = process.memoryUsage().rss;
    const error = await expectRefusedAs('bomb.pdf', bomb, 'DECOMPRESSION_BOMB');
    expect(error.message).toBe(
      'bomb.pdf holds compressed data that expands far beyond the allowed size: it was refused. Print it to a new PDF and upload it again.',
    );
    // The engine stops inflating at its 64 MB budget; the old reader (pdf-lib) inflated everything.
    expect(process.memoryUsage().rss - rss).toBeLessThan(150 * 1024 * 1024);
  });

  it('accepts what the engine can sign: garbage after %%EOF, the text /ByteRange in a page; both then signed through the page', async () => {
    const trailing = Buffer.concat([Buffer.from(plain), Buffer.from('\n<html><body>502 Bad Gateway</body></html>\n'), Buffer.alloc(4000, 0xa0)]);
    const byteRangeText = rawPdf({ pages: [{ content: 'BT /F1 12 Tf 72 700 Td (/ByteRange [0 10 20 30] /Contents <00>) Tj ET' }] });
    expect(Buffer.from(byteRangeText).includes('/ByteRange')).toBe(true);
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, {
      signers: [s0],
      files: [
        { fileName: 'trailing.pdf', data: trailing },
        { fileName: 'byterange.pdf', data: byteRangeText },
      ],
      documents: [placed('trailing.pdf', [0]), placed('byterange.pdf', [0])],
    });
    await signAsInvited(t, s0.emailAddress);
    const signed = await completedDocuments(
      t,
      gerant,
      request.id,
      request.documents.map((d) => d.id),
    );
    for (const pdf of signed) {
      const inspection = await inspectPdf(pdf);
      expect(inspection.ok === false && inspection.reason).toBe('ALREADY_SIGNED');
    }
  });

  it('checks the field pages against the page count the engine reads', async () => {
    const twoPages = rawPdf({ pages: [{}, { rotate: 90 }] });
    const res = await createRequest(t, gerant, {
      files: [{ fileName: 'two.pdf', data: twoPages }],
      documents: [placed('two.pdf', [], { signatureFields: [{ signerIndex: 0, page: 3 }] })],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[0]).toMatchObject({
      field: 'transactionDocuments.0.signatureFields.0.page',
      rule: 'out_of_range',
      params: { min: 1, max: 2 },
    });
    const ok = await draft(t, gerant, {
      files: [{ fileName: 'two.pdf', data: twoPages }],
      documents: [placed('two.pdf', [], { signatureFields: [{ signerIndex: 0, page: 2 }] })],
    });
    expect(ok.documents).toHaveLength(1);
  });
});

describe(`documents: ZIP archives checked before inflating (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => t?.close());

  it('refuses 50 members of 49 MB each (2.4 MB on disk) from the declared sizes: 413, nothing inflated', async () => {
    const zeros = Buffer.alloc(49 * 1024 * 1024);
    const member = deflatedMember('x.pdf', zeros);
    const zip = rawZip(Array.from({ length: 50 }, (_, i) => ({ ...member, name: `part-${i}.pdf` })));
    expect(zip.length).toBeLessThan(3 * 1024 * 1024);
    const before = await t.snapshot();
    const rss = process.memoryUsage().rss;
    const res = await createRequest(t, gerant, { files: [{ fileName: 'bombs.zip', contentType: 'application/zip', data: zip }], documents: [] });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'bombs.zip unpacks to more than 200 MB.' });
    // Refused from the central directory: the old code inflated every member (≈ 2.4 GB) before looking.
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    expect(await t.snapshot()).toBe(before);
  });

  it('stops inflating a member as soon as it passes its declared size', async () => {
    const honest = deflatedMember('real.pdf', await makePdf(1));
    const liar = { ...deflatedMember('liar.pdf', Buffer.alloc(40 * 1024 * 1024)), size: 2048 };
    const res = await createRequest(t, gerant, {
      files: [{ fileName: 'liar.zip', contentType: 'application/zip', data: rawZip([honest, liar]) }],
      documents: [],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'INVALID_FILE_TYPE',
      message: 'liar.pdf in liar.zip is damaged (it does not inflate to its declared size).',
    });
  });

  it('refuses a member declared over the file limit before inflating it, and reads the PDFs of a good archive', async () => {
    const big = { ...deflatedMember('big.pdf', Buffer.alloc(1024)), size: 51 * 1024 * 1024 };
    const res = await createRequest(t, gerant, { files: [{ fileName: 'big.zip', contentType: 'application/zip', data: rawZip([big]) }], documents: [] });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('ARCHIVE_MEMBER_TOO_LARGE');
    const good = makeZip({ 'one.pdf': await makePdf(1), 'sub/two.pdf': await makePdf(2), '__MACOSX/._one.pdf': new Uint8Array([0]) });
    const request = await draft(t, gerant, {
      files: [{ fileName: 'good.zip', contentType: 'application/zip', data: good }],
      documents: [placed('good.zip', [0])],
    });
    expect(request.documents).toHaveLength(2);
  });
});

describe(`documents: POST /api/transactions/inspect checks one file when it is added (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let comptable: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    const user = await t.factory.user(tenant.appId, { profile: 'COMPTABLE', parentId: tenant.gerant.id });
    comptable = await t.login(user.email);
  });
  afterAll(async () => t?.close());

  const inspect = async (client: TestClient | null, file: { fileName: string; contentType?: string; data: Uint8Array }) => {
    const { payload, headers } = multipartBody([
      { name: 'file', fileName: file.fileName, contentType: file.contentType ?? 'application/pdf', data: file.data },
    ]);
    return t.request({ method: 'POST', url: '/api/transactions/inspect', token: client ? await client.token('history') : undefined, body: payload, headers });
  };

  it('answers the pages in visible coordinates of a PDF, every PDF of a ZIP, and stores nothing', async () => {
    const before = await t.snapshot();
    const rotated = rawPdf({ pages: [{ rotate: 90 }, { mediaBox: [-200, -100, 800, 900], cropBox: [100, 150, 500, 650] }] });
    const res = await inspect(gerant, { fileName: 'rotated.pdf', data: rotated });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      fileName: 'rotated.pdf',
      kind: 'pdf',
      documents: [
        {
          fileName: 'rotated.pdf',
          pageCount: 2,
          pages: [
            { width: 792, height: 612, rotate: 90 },
            { width: 400, height: 500, rotate: 0 },
          ],
          activeContent: { found: [], neutralised: [] },
          warnings: [],
        },
      ],
    });
    const zip = makeZip({ 'a.pdf': await makePdf(1), 'b.pdf': await makePdf(3) });
    const zipped = await inspect(gerant, { fileName: 'bundle.zip', contentType: 'application/zip', data: zip });
    expect(zipped.json().data).toMatchObject({
      kind: 'zip',
      documents: [
        { fileName: 'a.pdf', pageCount: 1 },
        { fileName: 'b.pdf', pageCount: 3 },
      ],
    });
    expect(await t.snapshot()).toBe(before);
  });

  it('refuses a text file named .pdf at once, naming it (as the create call would)', async () => {
    const res = await inspect(gerant, { fileName: 'notes.pdf', data: Buffer.from('not a pdf') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'PDF_INVALID',
      message: 'notes.pdf is not a PDF file: export it as PDF and upload it again.',
      details: { reason: 'NOT_PDF' },
    });
    const txt = await inspect(gerant, { fileName: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') });
    expect(txt.json().error.code).toBe('INVALID_FILE_TYPE');
  });

  it('needs a signed-in user who may create requests', async () => {
    expect((await inspect(null, { fileName: 'a.pdf', data: await makePdf(1) })).statusCode).toBe(401);
    const forbidden = await inspect(comptable, { fileName: 'a.pdf', data: await makePdf(1) });
    expect(forbidden.statusCode, forbidden.body).toBe(403);
  });
});
