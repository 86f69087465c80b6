import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { verifyPdf } from '@paraphe/signing';
import { trustServices } from '../../src/domains/pki/index.ts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { handwrittenPng } from '../support/signing-page.ts';
import { changedPixels, rawPdf, renderPage, type Box } from '../support/documents.ts';
import { completedDocuments, invitedApi, sentRequest, signAsInvited } from '../support/signing-flow.ts';

/**
 * One coordinate model on the product path (docs/security.md, "Documents and signatures"): the requester places
 * fields in visible-page coordinates (what pdf.js shows); the signing page gives back the same boxes, and the signed
 * PDF, rendered by poppler, shows each appearance at that place — on a /Rotate 90 page and on a page whose CropBox
 * lies inside a larger, offset MediaBox. The requester's field names are kept in the PDF.
 * PARAPHE_KEEP_RENDERS=<dir> keeps the rendered pages (PNG) to look at.
 */
describe(`signing: fields where the requester placed them (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
  });
  afterAll(async () => t?.close());

  it('rotated page and offset crop box: the page shows the placed boxes, the signed PDF draws there, names kept', async () => {
    const pdf = rawPdf({
      pages: [
        { rotate: 90, content: '0.8 g 20 20 100 100 re f' },
        { mediaBox: [-200, -100, 800, 900], cropBox: [100, 150, 500, 650], content: '0.8 g 120 170 50 50 re f' },
      ],
    });
    const onRotated: Box & { page: number; name: string } = { page: 1, name: 'Client signature', x: 60, y: 80, width: 200, height: 70 };
    const onCropped: Box & { page: number; name: string } = { page: 2, name: 'signer', x: 150, y: 300, width: 200, height: 70 };
    const s0 = signer(0, { firstname: 'Éloïse', lastname: 'Dupré' });
    const s1 = signer(1, { firstname: 'Jean', lastname: 'Martin' });
    const request = await sentRequest(t, gerant, {
      signers: [s0, s1],
      files: [{ fileName: 'geometry.pdf', data: pdf }],
      documents: [
        placed('geometry.pdf', [], {
          signatureFields: [
            { ...onRotated, signerIndex: 0 },
            { ...onCropped, signerIndex: 1 },
          ],
        }),
      ],
      options: { handwritten: 'enabled' },
    });
    const docId = request.documents[0]!.id;

    // The signing page shows each signer their field exactly where it was placed (visible coordinates).
    const first = await invitedApi(t, s0.emailAddress);
    const page = (await first.view()).json().data;
    expect(page.documents[0].fields).toEqual([{ name: 'Client signature', page: 1, x: 60, y: 80, width: 200, height: 70 }]);
    const prepared = new Uint8Array((await first.document(docId)).rawPayload);

    await signAsInvited(t, s0.emailAddress, { handwrittenPng: handwrittenPng(300, 100) });
    const second = (await (await invitedApi(t, s1.emailAddress)).view()).json().data;
    expect(second.documents[0].fields).toEqual([{ name: 'signer-2', page: 2, x: 150, y: 300, width: 200, height: 70 }]);
    await signAsInvited(t, s1.emailAddress);

    const [signed] = await completedDocuments(t, gerant, request.id, [docId]);
    const keep = process.env.PARAPHE_KEEP_RENDERS;
    for (const box of [onRotated, onCropped]) {
      const before = renderPage(prepared, box.page);
      const after = renderPage(signed!, box.page, keep ? join(keep, `geometry-page-${box.page}.png`) : undefined);
      expect([after.width, after.height]).toEqual(box.page === 1 ? [792, 612] : [400, 500]);
      const changed = changedPixels(before, after, box);
      expect(changed.inside, `page ${box.page}: the appearance is drawn inside the placed box`).toBeGreaterThan(300);
      expect(changed.outside, `page ${box.page}: nothing is drawn elsewhere`).toBe(0);
    }

    // The requester's name is the PDF field's name; the engine reports the same visible boxes.
    const trust = trustServices(t.server.platform);
    const report = await verifyPdf(signed!, { trustedRoots: await trust.trustedRoots(), revocation: trust.revocationSource() });
    const signatures = report.signatures.filter((s) => s.type === 'signature');
    expect(signatures.map((s) => s.fieldName)).toEqual(['Client signature', 'signer-2']);
    for (const [i, box] of [onRotated, onCropped].entries()) {
      const position = signatures[i]!.position!;
      expect(position.page).toBe(box.page);
      for (const k of ['x', 'y', 'width', 'height'] as const) expect(position[k]).toBeCloseTo(box[k], 3);
    }
  });
});
