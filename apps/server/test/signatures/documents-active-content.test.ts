import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectPdf } from '@paraphe/signing';
import { signatureEvents } from '../../src/domains/signatures/schema.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { firstExtra, rawPdf } from '../support/documents.ts';
import { completedDocuments, invitedApi, sentRequest, signAsInvited } from '../support/signing-flow.ts';

/**
 * Active content (docs/security.md, "Documents and signatures"): a PDF that runs JavaScript when opened is accepted,
 * the requester is shown what was found and what the signers' version neutralises; signers only ever get the
 * prepared and signed versions, which run nothing; the original stays downloadable by the requester, as an
 * attachment; every PDF answer is sandboxed.
 */
describe(`documents: active content neutralised for the signers, reported to the requester (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    appId = tenant.appId;
  });
  afterAll(async () => t?.close());

  it('a PDF with /OpenAction JavaScript and a link: reported, neutralised in what the signer sees and signs', async () => {
    const extra = firstExtra(1);
    const scripted = rawPdf({
      pages: [{ content: 'BT /F1 12 Tf 72 700 Td (Contract) Tj ET' }],
      catalogExtra: `/OpenAction ${extra} 0 R`,
      pageExtra: () => `/Annots [${extra + 1} 0 R]`,
      objects: [
        "<</S /JavaScript /JS (app.alert\\('hello'\\);)>>",
        '<</Type /Annot /Subtype /Link /Rect [72 600 200 620] /A <</S /URI /URI (https://example.com/)>>>>',
      ],
    });
    const original = await inspectPdf(scripted);
    expect(original.ok && original.activeContent).toEqual(['JavaScript', 'URI']);

    const s0 = signer(0);
    const request = await sentRequest(t, gerant, {
      signers: [s0],
      files: [{ fileName: 'scripted.pdf', data: scripted }],
      documents: [placed('scripted.pdf', [0])],
    });
    const docId = request.documents[0]!.id;

    // The requester sees what the check found, on the request and in its document list.
    const activeContent = { found: ['JavaScript', 'URI'], neutralised: ['JavaScript'] };
    expect((await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data.documents[0].activeContent).toEqual(activeContent);
    expect((await gerant.call('GET', `/api/transactions/${request.id}/documents`, 'history')).json().data[0].activeContent).toEqual(activeContent);

    // Only the requester gets the original, as an attachment, sandboxed.
    const download = await gerant.call('GET', `/api/transactions/${request.id}/documents/${docId}`, 'history');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(String(download.headers['content-security-policy'])).toMatch(/^sandbox/);
    expect(Buffer.compare(download.rawPayload, scripted)).toBe(0);

    // The signer's version: inline, sandboxed, without the script (the link stays).
    const api = await invitedApi(t, s0.emailAddress);
    const shown = await api.document(docId);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['content-disposition']).toMatch(/^inline;/);
    expect(String(shown.headers['content-security-policy'])).toMatch(/^sandbox/);
    const served = await inspectPdf(new Uint8Array(shown.rawPayload));
    expect(served.ok, JSON.stringify(served)).toBe(true);
    expect(served.ok && served.activeContent).not.toContain('JavaScript');
    expect(served.ok && served.activeContent).toContain('URI');

    // The evidence trail records what the preparation removed.
    const prepared = await t.database.inTenant(appId, (tx) =>
      tx
        .select()
        .from(signatureEvents)
        .where(and(eq(signatureEvents.requestId, request.id), eq(signatureEvents.type, 'document_prepared'))),
    );
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.data).toMatchObject({
      documentId: docId,
      activeContentRemoved: [{ kind: 'JavaScript', location: expect.stringContaining('OpenAction') }],
    });

    // Signed and completed: the served version plus signature revisions, whose catalog opens nothing.
    await signAsInvited(t, s0.emailAddress);
    const [signed] = await completedDocuments(t, gerant, request.id, [docId]);
    expect(Buffer.from(signed!.subarray(0, shown.rawPayload.length)).equals(shown.rawPayload)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'paraphe-active-'));
    try {
      writeFileSync(join(dir, 'signed.pdf'), signed!);
      const catalog = execFileSync('mutool', ['show', join(dir, 'signed.pdf'), 'trailer/Root'], { encoding: 'latin1' });
      expect(catalog).toContain('/AcroForm');
      expect(catalog).not.toContain('/OpenAction');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a plain PDF shows no active content', async () => {
    const request = await sentRequest(t, gerant, { signers: [signer(0)], documents: [placed('contract.pdf', [0])] });
    expect((await gerant.call('GET', `/api/transactions/${request.id}`, 'history')).json().data.documents[0].activeContent).toBeUndefined();
  });
});
