import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../../src/domains/tenants/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { createRequest, draft, makePdf, makeZip, placed, samplePdf, signer, tenantWithGerant } from '../support/signatures.ts';

describe(`signature requests: upload checks and save rules (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  let before: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t, { features: { sms: false } });
    gerant = tenant.client;
    appId = tenant.appId;
    // Small limits so that "too big" needs little data: 1 MB per file, 2 MB per archive.
    await t.database.inSystem(async (tx) => {
      const [app] = await tx.select().from(applications).where(eq(applications.id, appId));
      await tx
        .update(applications)
        .set({ settings: { ...app!.settings, maxFileSizeMb: 1, maxArchiveSizeMb: 2 } })
        .where(eq(applications.id, appId));
    });
  });
  afterAll(async () => t?.close());

  /** Each refused upload leaves no row and no mail behind. */
  async function expectRefused(res: Awaited<ReturnType<typeof createRequest>>, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(await t.snapshot()).toBe(before);
    return res.json().error;
  }
  const bigPdf = async (bytes: number) => {
    const pdf = Buffer.from(await samplePdf());
    // A PDF comment after the end keeps it a valid PDF of the wanted size.
    return Buffer.concat([pdf, Buffer.from('\n%'), Buffer.alloc(bytes - pdf.length, 'x')]);
  };

  it('refuses files over the tenant limits, by type', async () => {
    before = await t.snapshot();
    const tooBig = await expectRefused(
      await createRequest(t, gerant, { files: [{ fileName: 'big.pdf', data: await bigPdf(1.5 * 1024 * 1024) }] }),
      413,
      'FILE_TOO_LARGE',
    );
    expect(tooBig.fields[0]).toMatchObject({ field: 'files.big.pdf', rule: 'file_too_big', params: { maxsize: '1 MB' } });
    // Over both limits: stopped while reading.
    await expectRefused(await createRequest(t, gerant, { files: [{ fileName: 'huge.pdf', data: await bigPdf(2.5 * 1024 * 1024) }] }), 413, 'FILE_TOO_LARGE');
  });

  it('refuses a file that is neither PDF nor ZIP, and a zip with a non-PDF member or a member over the limit', async () => {
    before = await t.snapshot();
    await expectRefused(
      await createRequest(t, gerant, { files: [{ fileName: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello') }], documents: [] }),
      400,
      'INVALID_FILE_TYPE',
    );
    const mixed = makeZip({ 'a.pdf': await makePdf(1), 'readme.txt': new TextEncoder().encode('hi') });
    const error = await expectRefused(
      await createRequest(t, gerant, { files: [{ fileName: 'mixed.zip', contentType: 'application/zip', data: mixed }], documents: [] }),
      400,
      'INVALID_FILE_TYPE',
    );
    expect(error.message).toBe('readme.txt in mixed.zip is not a PDF.');
    // Stored without compression so that the member really is over 1 MB while the archive stays under 2 MB.
    const { zipSync } = await import('fflate');
    const heavy = zipSync({ 'small.pdf': await makePdf(1), 'heavy.pdf': [new Uint8Array(await bigPdf(1.2 * 1024 * 1024)), { level: 0 }] });
    await expectRefused(
      await createRequest(t, gerant, { files: [{ fileName: 'heavy.zip', contentType: 'application/zip', data: heavy }], documents: [] }),
      413,
      'ARCHIVE_MEMBER_TOO_LARGE',
    );
    await expectRefused(
      await createRequest(t, gerant, {
        files: [{ fileName: 'empty.zip', contentType: 'application/zip', data: makeZip({ 'x.txt': new Uint8Array(1) }) }],
        documents: [],
      }),
      400,
      'INVALID_FILE_TYPE',
    );
  });

  it('refuses more than 50 files', async () => {
    before = await t.snapshot();
    const pdf = await makePdf(1);
    const files = Array.from({ length: 51 }, (_, i) => ({ fileName: `f${i}.pdf`, data: pdf }));
    await expectRefused(await createRequest(t, gerant, { files, documents: [] }), 400, 'TOO_MANY_FILES');
    const zip = makeZip(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`z${i}.pdf`, pdf])));
    await expectRefused(
      await createRequest(t, gerant, { files: [{ fileName: 'many.zip', contentType: 'application/zip', data: zip }], documents: [] }),
      400,
      'TOO_MANY_FILES',
    );
  });

  it('names the invalid fields of the JSON parts', async () => {
    before = await t.snapshot();
    const error = await expectRefused(
      await createRequest(t, gerant, {
        signers: [{ ...signer(0), emailAddress: 'nope' }, signer(0)],
        options: { successRedirection: 'http://example.com', signedDocuments: { sendCopy: true, toSigners: false }, finalDocCCeMails: ['cc@example.com'] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(error.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'transactionSigners.0.emailAddress', rule: 'invalid_email' }),
        expect.objectContaining({ field: 'optionsRequest.successRedirection', rule: 'url_https', message: 'URL must be HTTPS.' }),
        expect.objectContaining({ field: 'optionsRequest.signedDocuments.sendCopy', message: "'Send copy' requires 'send signed documents to signatory'." }),
      ]),
    );
    const notJson = await expectRefused(
      await createRequest(t, gerant, { extraParts: [{ name: 'transactionSigners', value: '{oops' }] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(notJson.fields[0]).toMatchObject({ field: 'transactionSigners' });
    const missingFile = await expectRefused(
      await createRequest(t, gerant, { documents: [placed('contract.pdf', [0]), placed('ghost.pdf', [0])] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(missingFile.fields[0]).toMatchObject({ field: 'transactionDocuments.1.fileName', message: 'No file named ghost.pdf was uploaded.' });
    const beyond = await expectRefused(
      await createRequest(t, gerant, { documents: [{ fileName: 'contract.pdf', signatureFields: [{ signerIndex: 0, page: 3 }] }] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(beyond.fields[0]).toMatchObject({ field: 'transactionDocuments.0.signatureFields.0.page', rule: 'out_of_range' });
    const sepa = { rum: 'RUM-1', ics: 'FR72ZZZ123456', type: 'oneOff', debtor: { name: 'Ann', address: 'Paris', iban: 'FR7630006000011234567890188' } };
    const iban = await expectRefused(await createRequest(t, gerant, { options: { preprocessing: { sepa } } }), 400, 'VALIDATION_FAILED');
    expect(iban.fields[0]).toMatchObject({ field: 'optionsRequest.preprocessing.sepa.debtor.iban', message: 'Invalid IBAN.' });
  });

  it('applies the save rules when sending directly: signers, documents, placement', async () => {
    before = await t.snapshot();
    const noSigner = await expectRefused(
      await createRequest(t, gerant, { send: true, signers: [], documents: [placed('contract.pdf', [])] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(noSigner.fields).toEqual([{ field: 'transactionSigners', rule: 'required', message: 'Add at least one signer.' }]);
    const notPlaced = await expectRefused(
      await createRequest(t, gerant, {
        send: true,
        signers: [signer(0), signer(1, { firstname: 'Bob', lastname: 'Ray' })],
        documents: [placed('contract.pdf', [0])],
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(notPlaced.fields).toEqual([{ field: 'transactionSigners.1', rule: 'required', message: 'Place RAY Bob on at least one document.' }]);
    // Placed only on a presentation document: not placed.
    await expectRefused(
      await createRequest(t, gerant, { send: true, documents: [placed('contract.pdf', [0], { documentType: 'pdf-for-presentation' })] }),
      400,
      'VALIDATION_FAILED',
    );
    // No document at all (draft saving allows it; sending does not).
    const d = await draft(t, gerant, { files: [], documents: [] });
    const send = await gerant.call('PUT', `/api/transactions/${d.id}`, 'history', { action: 'send' });
    expect(send.statusCode).toBe(400);
    expect(send.json().error.fields).toEqual([{ field: 'transactionDocuments', rule: 'required', message: 'Add at least one document.' }]);
  });

  it('checks the level, the features and the billing', async () => {
    before = await t.snapshot();
    // Level 3 needs the tenant's qualified feature first (then a certificate per signer: test/certificates).
    const qualified = await expectRefused(await createRequest(t, gerant, { level: 3 }), 403, 'FEATURE_DISABLED');
    expect(qualified.message).toBe('Qualified signatures (level 3) are not enabled for your account. Please contact sales.');
    expect((await createRequest(t, gerant, { level: 4 })).statusCode).toBe(400);
    await expectRefused(await createRequest(t, gerant, { options: { contactFirstSignerBy: 'sms' } }), 403, 'FEATURE_DISABLED');
    const sepa = { rum: 'RUM-1', ics: 'FR72ZZZ123456', type: 'oneOff', debtor: { name: 'Ann', address: 'Paris', iban: 'FR7630006000011234567890189' } };
    await expectRefused(await createRequest(t, gerant, { options: { preprocessing: { sepa } } }), 403, 'FEATURE_DISABLED');

    const noLevel2 = await tenantWithGerant(t, { features: { level2: false } });
    before = await t.snapshot();
    await expectRefused(await createRequest(t, noLevel2.client, { level: 2 }), 403, 'FEATURE_DISABLED');
    expect((await createRequest(t, gerant, { level: 2 })).statusCode).toBe(201);

    const live = await tenantWithGerant(t, { testMode: false });
    const liveDraft = await draft(t, live.client);
    before = await t.snapshot();
    const billing = await live.client.call('PUT', `/api/transactions/${liveDraft.id}`, 'history', { action: 'send' });
    expect(billing.statusCode).toBe(409);
    // Live mode needs a complete billing profile (test/billing covers the send once it is saved).
    expect(billing.json().error.code).toBe('BILLING_REQUIRED');
    expect(billing.json().error.message).toContain('Settings → Billing');
    expect(await t.snapshot()).toBe(before);
  });

  it('needs the account information for pre-processing', async () => {
    const tenant = await tenantWithGerant(t, { features: { preprocessing: true } });
    const sepa = {
      rum: 'RUM-1',
      ics: 'FR72ZZZ123456',
      type: 'recurrent',
      debtor: { name: 'Ann', address: 'Paris', iban: 'FR76 3000 6000 0112 3456 7890 189' },
    };
    const ok = await createRequest(t, tenant.client, { options: { preprocessing: { sepa } } });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.options.preprocessing.sepa.debtor.iban).toBe('FR7630006000011234567890189');
    await t.database.inSystem((tx) => tx.update(applications).set({ ownerUserId: null }).where(eq(applications.id, tenant.appId)));
    before = await t.snapshot();
    await expectRefused(await createRequest(t, tenant.client, { options: { preprocessing: { sepa } } }), 409, 'ACCOUNT_INFO_REQUIRED');
  });
});
