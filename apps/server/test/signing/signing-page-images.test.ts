import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { createTestContext, engine, type TestClient, type TestContext, tenantWithoutDomain } from '../support/harness.ts';
import { draft, makePdf, requestRow, tenantWithGerant } from '../support/signatures.ts';
import { signingApi } from '../support/signing-page.ts';
import { documentVersions } from '../../src/domains/signatures/schema.ts';
import { signingLink } from '../../src/domains/signatures/links.ts';

/** Gray levels (0–255) of an image, row by row. */
async function grayOf(image: Uint8Array): Promise<{ width: number; height: number; gray: Uint8Array }> {
  const decoded = await loadImage(Buffer.from(image));
  const canvas = createCanvas(decoded.width, decoded.height);
  const context = canvas.getContext('2d');
  context.drawImage(decoded, 0, 0);
  const rgba = context.getImageData(0, 0, decoded.width, decoded.height).data;
  const gray = new Uint8Array(decoded.width * decoded.height);
  for (let i = 0; i < gray.length; i++) gray[i] = Math.round((rgba[i * 4]! + rgba[i * 4 + 1]! + rgba[i * 4 + 2]!) / 3);
  return { width: decoded.width, height: decoded.height, gray };
}

/** pdftoppm's rendering of one page, `width` pixels wide, as PNG bytes. */
function pdftoppm(pdf: Uint8Array, page: number, width: number): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-pages-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', [
      '-f',
      String(page),
      '-l',
      String(page),
      '-scale-to-x',
      String(width),
      '-scale-to-y',
      '-1',
      '-png',
      '-singlefile',
      join(dir, 'in.pdf'),
      join(dir, 'out'),
    ]);
    return readFileSync(join(dir, 'out.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Two pages, the second one's content stream inflating to 240 MB of drawing operators (≈ 240 KB on disk): pdf.js
 * would draw for minutes. No cross-reference table: pdf.js rebuilds it, as for any damaged file.
 */
function contentBombPdf(): Buffer {
  const line = Buffer.from('0 0 m 1 1 l S\n', 'latin1');
  const bomb = deflateSync(Buffer.concat(Array.from({ length: 16 }, () => Buffer.alloc(15 * 1024 * 1024 - ((15 * 1024 * 1024) % line.length), line))), {
    level: 9,
  });
  const objects = [
    '<</Type /Catalog /Pages 2 0 R>>',
    '<</Type /Pages /Count 2 /Kids [3 0 R 4 0 R]>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 5 0 R>>',
  ].map((body, i) => `${i + 1} 0 obj\n${body}\nendobj\n`);
  return Buffer.concat([
    Buffer.from(`%PDF-1.7\n${objects.join('')}5 0 obj\n<</Length ${bomb.length} /Filter /FlateDecode>>\nstream\n`, 'latin1'),
    bomb,
    Buffer.from('\nendstream\nendobj\ntrailer\n<</Size 6 /Root 1 0 R>>\n%%EOF\n', 'latin1'),
  ]);
}

describe(`signing page: page images (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  let pdf: Uint8Array;
  let mine: { token: string; docId: string };
  let other: { token: string; docId: string };

  beforeAll(async () => {
    // A short task limit: the hostile document below must be cut off in seconds, not the default 30.
    t = await createTestContext({ env: { WORKER_TASK_TIMEOUT_SECONDS: '15' } });
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    appId = tenant.appId;
    pdf = await makePdf(2, 'Page image');
    const linkOf = async () => {
      const request = await draft(t, gerant, { files: [{ fileName: 'contract.pdf', data: pdf }] });
      const sent = await gerant.call('PUT', `/api/transactions/${request.id}`, 'history', { action: 'send' });
      expect(sent.statusCode, sent.body).toBe(200);
      await t.waitFor(async () => ['ready', 'wait_cosigner'].includes((await requestRow(t, request.id)).status));
      const expiresAt = (await requestRow(t, request.id)).expiresAt!;
      const url = signingLink(t.server.platform, { appId: tenantWithoutDomain, requestId: request.id, signerId: request.signers[0]!.id, expiresAt });
      return { token: url.split('#/sign/')[1]!, docId: request.documents[0]!.id };
    };
    mine = await linkOf();
    other = await linkOf();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const image = (token: string, docId: string, page: number | string, width: number | string) =>
    t.request({ method: 'GET', url: `/api/public/sign/${token}/documents/${docId}/pages/${page}?width=${width}` });

  it('the view gives every page size and where to fetch the images; a page image is a WebP at the width asked', async () => {
    const view = await signingApi(t, mine.token).view();
    expect(view.statusCode, view.body).toBe(200);
    const doc = view.json().data.documents[0];
    expect(doc.pages).toEqual([
      { width: 595, height: 842 },
      { width: 595, height: 842 },
    ]);
    expect(doc.pagesUrl).toBe(`/api/public/sign/${mine.token}/documents/${mine.docId}/pages/`);

    const res = await image(mine.token, mine.docId, 2, 800);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const decoded = await loadImage(bytes);
    expect(decoded.width).toBe(800);
    expect(decoded.height).toBe(Math.floor((842 * 800) / 595));
    // Asked again: the same bytes (read from the cache, not drawn anew).
    expect((await image(mine.token, mine.docId, 2, 800)).rawPayload.equals(bytes)).toBe(true);
  }, 120_000);

  it("refuses a forged link, another link's document, a page the document lacks and a width outside the set", async () => {
    const forged = await image(`${mine.token.slice(0, -2)}xx`, mine.docId, 1, 800);
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.code).toBe('LINK_INVALID');
    const otherDocument = await image(mine.token, other.docId, 1, 800);
    expect(otherDocument.statusCode).toBe(404);
    expect(otherDocument.json().error.code).toBe('NOT_FOUND');
    for (const page of [0, 3, -1]) {
      const outside = await image(mine.token, mine.docId, page, 800);
      expect(outside.statusCode, `page ${page}`).toBe(404);
      expect(outside.json().error).toMatchObject({ code: 'NOT_FOUND', message: `This document has no page ${page}.` });
    }
    for (const width of [1000, 'big', '']) {
      const wrong = await image(mine.token, mine.docId, 1, width);
      expect(wrong.statusCode, `width ${width}`).toBe(400);
      expect(wrong.json().error.code).toBe('VALIDATION_FAILED');
    }
    // The rule, as for any field (the web says it in the signer's language); the widths are the contract's.
    expect((await image(mine.token, mine.docId, 1, 1000)).json().error.fields[0]).toMatchObject({ field: 'width', rule: 'invalid_value' });
  });

  it('draws the page as pdftoppm does: same size, not blank, the same pixels within antialiasing', async () => {
    const ours = await grayOf((await image(mine.token, mine.docId, 1, 1240)).rawPayload);
    const reference = await grayOf(pdftoppm(pdf, 1, 1240));
    expect(Math.abs(ours.width - reference.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(ours.height - reference.height)).toBeLessThanOrEqual(1);
    const dark = (r: typeof ours) => r.gray.filter((g) => g < 128).length;
    expect(dark(ours)).toBeGreaterThan(200); // the page's text is there
    expect(dark(ours) / dark(reference)).toBeGreaterThan(0.5);
    expect(dark(ours) / dark(reference)).toBeLessThan(2);
    const width = Math.min(ours.width, reference.width);
    const height = Math.min(ours.height, reference.height);
    let differing = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if (Math.abs(ours.gray[y * ours.width + x]! - reference.gray[y * reference.width + x]!) > 96) differing++;
    expect(differing / (width * height)).toBeLessThan(0.005);
  }, 120_000);

  it('a hostile document (a page of 240 MB of drawing once inflated) fails cleanly within the task limit, and the server answers meanwhile', async () => {
    // The stored file of the version shown is swapped for the hostile one (an upload would have been refused).
    expect((await signingApi(t, other.token).view()).statusCode).toBe(200); // prepares the version shown
    const [version] = await t.database.db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.appId, appId), eq(documentVersions.documentId, other.docId)));
    await t.server.platform.storage.put(version!.storageKey, contentBombPdf());
    const started = Date.now();
    let imageAnsweredAt = 0;
    const pending = image(other.token, other.docId, 2, 1600).then((res) => ((imageAnsweredAt = Date.now()), res));
    // While the worker thread chews on it, the event loop answers other calls: the view comes back first.
    const view = await signingApi(t, mine.token).view();
    expect(view.statusCode).toBe(200);
    expect(imageAnsweredAt).toBe(0);
    const res = await pending;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'CONVERSION_FAILED',
      message: 'This page could not be shown as an image: open the document (PDF) to read it.',
    });
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 120_000);
});
