import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, multipartBody, placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { externalTools, type Tools } from '../support/signing-page.ts';
import { completedDocuments, sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { signatureDocuments, signatureEvents } from '../../src/domains/signatures/schema.ts';
import { trustServices } from '../../src/domains/pki/index.ts';

/**
 * A damaged but repairable PDF (a wrong stream /Length, a cross-reference shifted by bytes a tool inserted) as a
 * user uploads it: written out plainly by qpdf, then damaged the way broken producers and transports do.
 */
async function damagedPdf(): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-repair-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), await makePdf(2, 'Repaired contract'));
    execFileSync('qpdf', ['--object-streams=disable', '--stream-data=preserve', join(dir, 'in.pdf'), join(dir, 'plain.pdf')]);
    const plain = readFileSync(join(dir, 'plain.pdf')).toString('latin1');
    const wrongLength = plain.replace(/\/Length (\d+)/, (_, n: string) => `/Length ${n.slice(0, -1)}${(Number(n.at(-1)) + 3) % 10}`);
    const firstLine = wrongLength.indexOf('\n') + 1;
    return Buffer.from(`${wrongLength.slice(0, firstLine)}% bytes a broken tool put here\n${wrongLength.slice(firstLine)}`, 'latin1');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Issue 25 item 14: repaired once before the first signature, said to the requester, the original kept. */
describe(`signing: a damaged PDF is repaired once before the first signature (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let tools: Tools;
  beforeAll(async () => {
    t = await createTestContext();
    gerant = (await tenantWithGerant(t)).client;
    tools = externalTools(await trustServices(t.server.platform).certificate('root'));
  });
  afterAll(async () => {
    tools?.close();
    await t?.close();
  });

  it('tells the requester at upload, signs a clean rewrite (qpdf: no warning), keeps the original and says so in the evidence', async () => {
    const original = await damagedPdf();
    const before = tools.run('qpdf', ['--check', tools.file('damaged.pdf', original)]);
    expect(before.stdout + before.stderr).toMatch(/WARNING/);

    // The requester is told when the file is added.
    const { payload, headers } = multipartBody([{ name: 'file', fileName: 'damaged.pdf', contentType: 'application/pdf', data: original }]);
    const inspected = await t.request({ method: 'POST', url: '/api/transactions/inspect', token: await gerant.token('history'), body: payload, headers });
    expect(inspected.statusCode, inspected.body).toBe(200);
    expect(inspected.json().data.documents[0].repairs).toEqual([
      'the cross-reference table was damaged (rebuilt by scanning the file)',
      '1 stream had a wrong /Length',
    ]);

    const s0 = signer(0);
    const request = await sentRequest(t, gerant, {
      signers: [s0],
      files: [{ fileName: 'damaged.pdf', data: original }],
      documents: [placed('damaged.pdf', [0])],
    });
    const docId = request.documents[0]!.id;
    await signAsInvited(t, s0.emailAddress);
    const [signed] = await completedDocuments(t, gerant, request.id, [docId]);

    const after = tools.run('qpdf', ['--check', tools.file('signed.pdf', signed!)]);
    expect(after.status, after.stdout + after.stderr).toBe(0);
    expect(after.stdout + after.stderr).not.toMatch(/WARNING/);
    expect(tools.run('pdftotext', [tools.file('signed-text.pdf', signed!), '-']).stdout).toContain('Repaired contract');
    const drawn = tools.run('mutool', ['draw', '-o', join(tools.dir, 'page-%d.png'), tools.file('mutool.pdf', signed!)]);
    expect(drawn.status, drawn.stderr).toBe(0);
    // (This mutool build always says "ICC support is not available" and lists the pages; nothing else may be reported.)
    expect(drawn.stderr.split('\n').filter((line) => line && !/ICC support|^page /.test(line))).toEqual([]);

    // The evidence: the repair in the preparation event, the original's own hash as the document's original.
    const [prepared] = await t.database.db
      .select()
      .from(signatureEvents)
      .where(and(eq(signatureEvents.requestId, request.id), eq(signatureEvents.type, 'document_prepared')));
    expect(prepared!.data.repaired).toEqual(['the cross-reference table was damaged (rebuilt by scanning the file)', '1 stream had a wrong /Length']);
    const attestation = new Uint8Array((await gerant.call('GET', `/api/transactions/${request.id}/attestation`, 'history')).rawPayload);
    const text = tools.run('pdftotext', ['-layout', tools.file('evidence.pdf', attestation), '-']).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(createHash('sha256').update(original).digest('hex'));
    expect(text).toContain('repaired=');
    // The stored original is the file as uploaded, byte for byte.
    const [document] = await t.database.db.select().from(signatureDocuments).where(eq(signatureDocuments.id, docId));
    expect(Buffer.from(await t.server.platform.storage.get(document!.storageKey)).equals(Buffer.from(original))).toBe(true);
  });
});
