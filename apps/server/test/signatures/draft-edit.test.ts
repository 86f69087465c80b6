import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { draft, makePdf, multipartBody, placed, requestRow, samplePdf, signer, tenantWithGerant, type Part } from '../support/signatures.ts';

/** Editing a saved draft (PUT /api/transactions/:id/draft, docs/signatures.md "Drafts"). */
describe(`signatures: editing a draft (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  const edit = async (
    client: TestClient | null,
    id: string,
    body: { label: string; signers: unknown[]; documents: unknown[]; options?: object; files?: { fileName: string; data: Uint8Array }[] },
  ) => {
    const parts: Part[] = [
      { name: 'label', value: body.label },
      { name: 'transactionSigners', value: JSON.stringify(body.signers) },
      { name: 'transactionDocuments', value: JSON.stringify(body.documents) },
      { name: 'optionsRequest', value: JSON.stringify(body.options ?? {}) },
      ...(body.files ?? []).map((f) => ({ name: 'files', fileName: f.fileName, contentType: 'application/pdf', data: f.data })),
    ];
    const { payload, headers } = multipartBody(parts);
    return t.request({
      method: 'PUT',
      url: `/api/transactions/${id}/draft`,
      token: client ? await client.token('history') : undefined,
      body: payload,
      headers,
    });
  };

  it('replaces label, signers, options and documents (kept by id with their new fields, removed, added); refused once sent, for another tenant, without a session', async () => {
    const pdf = await samplePdf();
    const created = await draft(t, gerant, {
      files: [
        { fileName: 'a.pdf', data: pdf },
        { fileName: 'b.pdf', data: pdf },
      ],
      documents: [placed('a.pdf', [0]), placed('b.pdf', [0])],
    });
    const [a] = created.documents as { id: string; fileName: string }[];
    const body = {
      label: 'Edited contract',
      signers: [signer(0), signer(1)],
      documents: [
        {
          documentId: a!.id,
          fileName: 'a.pdf',
          title: 'Contract A',
          signatureFields: [
            { signerIndex: 0, page: 2, x: 50, y: 60 },
            { signerIndex: 1, page: 1, x: 300, y: 60 },
          ],
        },
        placed('c.pdf', [0, 1]),
      ],
      options: { language: 'en', invitationMessage: 'Please sign' },
      files: [{ fileName: 'c.pdf', data: await makePdf(1, 'Annex') }],
    };
    const res = await edit(gerant, created.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const got = (await gerant.call('GET', `/api/transactions/${created.id}`, 'history')).json().data;
    expect(got).toMatchObject({ label: 'Edited contract', status: 'draft' });
    expect(got.signers).toHaveLength(2);
    expect(got.documents.map((d: { id: string; title: string; fileName: string }) => [d.title, d.fileName])).toEqual([
      ['Contract A', 'a.pdf'],
      ['c', 'c.pdf'],
    ]);
    expect(got.documents[0].id).toBe(a!.id);
    expect(got.documents[0].signatureFields).toEqual([
      expect.objectContaining({ signerIndex: 0, page: 2, x: 50, y: 60 }),
      expect.objectContaining({ signerIndex: 1, page: 1, x: 300, y: 60 }),
    ]);
    expect((await requestRow(t, created.id)).options).toMatchObject({ language: 'en', invitationMessage: 'Please sign' });

    const badPage = await edit(gerant, created.id, {
      ...body,
      files: [],
      documents: [{ documentId: a!.id, fileName: 'a.pdf', signatureFields: [{ signerIndex: 0, page: 9, x: 1, y: 1 }] }],
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.fields[0].field).toBe('transactionDocuments.0.signatureFields.0.page');

    expect((await edit(null, created.id, body)).statusCode).toBe(401);
    const { client: other } = await tenantWithGerant(t);
    expect((await edit(other, created.id, body)).statusCode).toBe(404);
    expect((await requestRow(t, created.id)).label).toBe('Edited contract');

    const sent = await gerant.call('PUT', `/api/transactions/${created.id}`, 'history', { action: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    const refused = await edit(gerant, created.id, { ...body, label: 'Too late', files: [], documents: [body.documents[0]] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_TRANSITION');
    expect((await requestRow(t, created.id)).label).toBe('Edited contract');
  });
});
