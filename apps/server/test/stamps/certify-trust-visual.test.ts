import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPkcs12, sealPdf, verifyPdf } from '@paraphe/signing';
import type { Stamp } from '@paraphe/contracts';
import { trustServices } from '../../src/domains/pki/index.ts';
import { createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { rawPdf } from '../support/documents.ts';
import { multipartBody } from '../support/signatures.ts';
import { externalTools, type Tools } from '../support/signing-page.ts';
import { makePkcs12Files, qpdfCheck, stampClient, upload, type Pkcs12Files } from './support.ts';

/**
 * The seal's certification option (DocMDP P=1/2/3), the public verification page's attribution of the certificates
 * tenants imported as stamps (and only those), and what a visible seal looks like in two renderers (poppler, MuPDF).
 */
describe(`stamps: certification, trust on the verify page, visible seal (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let tools: Tools;
  let files: Pkcs12Files;
  const pdf = rawPdf({ pages: [{}] });

  beforeAll(async () => {
    t = await createTestContext();
    gerant = await stampClient(t);
    tools = externalTools(await trustServices(t.server.platform).certificate('root'));
    files = makePkcs12Files();
  });
  afterAll(async () => {
    tools?.close();
    files?.close();
    await t?.close();
  });

  const seal = async (request: object) => {
    const res = await upload(t, gerant, '/api/stamps', { name: 'contrat.pdf', data: pdf }, { request: JSON.stringify(request) });
    expect(res.statusCode, res.body).toBe(201);
    const stamp = res.json().data as Stamp;
    const file = await gerant.call('GET', `/api/stamps/${stamp.id}/file`, 'history');
    return { stamp, sealed: new Uint8Array(file.rawPayload) };
  };
  const publicVerify = (name: string, data: Uint8Array) => {
    const { payload, headers } = multipartBody([{ name: 'file', fileName: name, contentType: 'application/pdf', data }]);
    return t.request({ method: 'POST', url: '/api/public/verify', body: payload, headers: { ...headers, ...freshIp() } });
  };

  it('certifies with the permission asked (P=1, P=3): /Perms /DocMDP in the file, the engine and qpdf agree; P=1 takes one seal', async () => {
    const created = await gerant.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet', reason: '' });
    expect(created.statusCode, created.body).toBe(201);
    const trust = trustServices(t.server.platform);
    for (const permission of [1, 3] as const) {
      const { stamp, sealed } = await seal({ certify: permission, seals: [{ visible: false }] });
      expect(stamp.seals[0]).toMatchObject({ certify: permission });
      expect(qpdfCheck(tools.file(`certified-${permission}.pdf`, sealed)).ok).toBe(true);
      // qpdf's view of the catalog: /Perms /DocMDP points at the seal, whose reference carries /P.
      const qdf = join(tools.dir, `certified-${permission}.qdf.pdf`);
      tools.run('qpdf', ['--qdf', '--object-streams=disable', tools.file(`c${permission}.pdf`, sealed), qdf]);
      const text = readFileSync(qdf, 'latin1');
      expect(text).toMatch(/\/Perms\s*<<\s*\/DocMDP \d+ 0 R\s*>>/);
      expect(text).toMatch(new RegExp(`/TransformMethod /DocMDP\\s*/TransformParams\\s*<<\\s*/P ${permission}\\b`));
      const report = await verifyPdf(sealed, { trustedRoots: await trust.trustedRoots(), revocation: trust.revocationSource() });
      const [signature] = report.signatures.filter((s) => s.type === 'signature');
      expect(signature!.certification).toEqual({ permission });
      // P=1: nothing may follow the seal, not even the DSS and document time-stamp (B-T); the engine sees no change.
      if (permission === 1) expect(report.signatures.map((s) => s.type)).toEqual(['signature']);
      expect(signature!.modifiedAfterSigning, signature!.modifications.join('; ')).toBe(false);
    }
    const twice = await upload(t, gerant, '/api/stamps', { name: 'contrat.pdf', data: pdf }, { request: JSON.stringify({ certify: 1, seals: [{}, {}] }) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual([expect.objectContaining({ field: 'request.certify' })]);
  });

  it('the public verification page attributes a tenant-imported stamp certificate by its fingerprint (not valid: unconfirmed), never a look-alike', async () => {
    const imported = await upload(
      t,
      gerant,
      '/api/stamp-accounts/import',
      { name: 'seal.p12', data: files.good },
      { password: files.password, label: 'Cachet importé', isDefault: 'true' },
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const { sealed } = await seal({ format: 'ISO-32000-1', seals: [{ visible: false }] });
    const known = await publicVerify('sealed.pdf', sealed);
    expect(known.statusCode, known.body).toBe(200);
    const [signature] = known.json().data.signatures;
    // Self-signed: recognised as this tenant's import, yet its identity is not confirmed by anyone we trust (issue 24 item 4).
    expect(signature).toMatchObject({
      trustedBy: 'unknown',
      identity: 'unconfirmed',
      verdict: 'indeterminate',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
      signerName: null,
      declaredName: 'good seal',
      importedBy: { company: 'Société Générale des Cachets', source: 'account', issuer: expect.stringContaining('good seal') },
    });
    expect(known.body).not.toContain(imported.json().data.id); // no account id, no label
    expect(known.body).not.toContain('Cachet importé');

    // Same subject and issuer names, another key: a self-made chain is not trusted because of its names.
    const dir = tools.dir;
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        'fake.key',
        '-out',
        'fake.pem',
        '-days',
        '30',
        '-subj',
        '/CN=good seal/O=Acme',
        '-addext',
        'keyUsage=critical,digitalSignature',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    execFileSync('openssl', ['pkcs12', '-export', '-passout', 'pass:x', '-out', 'fake.p12', '-inkey', 'fake.key', '-in', 'fake.pem'], {
      cwd: dir,
      stdio: 'pipe',
    });
    const identity = loadPkcs12(readFileSync(join(dir, 'fake.p12')), 'x');
    const forged = await sealPdf(pdf, {
      identity,
      format: 'ISO-32000-1',
      level: 'B-T',
      tsa: await trustServices(t.server.platform).tsa(),
      appearance: 'invisible',
    });
    const unknown = await publicVerify('forged.pdf', forged);
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(unknown.json().data.signatures[0]).toMatchObject({
      trustedBy: 'unknown',
      identity: 'unconfirmed',
      signerName: null,
      declaredName: 'good seal',
      importedBy: null,
    });
    expect(unknown.json().data.verdict).not.toBe('valid');
  });

  it('a visible seal is drawn where it was placed, in poppler and in MuPDF', async () => {
    // Page 612 × 792 pt; the seal at x 300, y 100 (from the bottom), 180 × 60.
    const box = { x: 300, y: 100, width: 180, height: 60 };
    const { sealed } = await seal({ seals: [{ visible: true, page: 1, ...box }] });
    const path = tools.file('visible.pdf', sealed);
    const scale = 50 / 72;
    for (const renderer of ['poppler', 'mupdf'] as const) {
      const out = join(tools.dir, `render-${renderer}`);
      if (renderer === 'poppler') execFileSync('pdftoppm', ['-r', '50', '-cropbox', '-gray', '-singlefile', path, out]);
      else execFileSync('mutool', ['draw', '-q', '-r', '50', '-c', 'gray', '-o', `${out}.pgm`, path, '1']);
      const image = readPgm(readFileSync(`${out}.pgm`));
      const inside = {
        x0: Math.ceil(box.x * scale) + 1,
        x1: Math.floor((box.x + box.width) * scale) - 1,
        y0: Math.ceil((792 - box.y - box.height) * scale) + 1,
        y1: Math.floor((792 - box.y) * scale) - 1,
      };
      let dark = 0;
      let strayOutside = 0;
      for (let y = 0; y < image.height; y++) {
        for (let x = 0; x < image.width; x++) {
          const white = image.pixel(x, y) > 245;
          const within = x >= inside.x0 - 3 && x <= inside.x1 + 3 && y >= inside.y0 - 3 && y <= inside.y1 + 3;
          if (!white && x >= inside.x0 && x <= inside.x1 && y >= inside.y0 && y <= inside.y1) dark++;
          // The outermost pixel row/column is left out: poppler anti-aliases the crop box's edge at 50 dpi.
          const pageEdge = x === 0 || y === 0 || x === image.width - 1 || y === image.height - 1;
          if (!white && !within && !pageEdge) strayOutside++;
        }
      }
      expect(dark, `${renderer}: ink inside the seal's box`).toBeGreaterThan(20);
      expect(strayOutside, `${renderer}: nothing drawn outside the seal on a blank page`).toBe(0);
    }
  });
});

/** A binary PGM (P5, 8-bit) as pdftoppm -gray and mutool -c gray write it. */
function readPgm(bytes: Buffer) {
  const header = bytes.subarray(0, 64).toString('latin1');
  const match = /^P5\s+(?:#.*\s+)*(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!match) throw new Error(`not a binary PGM: ${header.slice(0, 20)}`);
  const [, w, h] = match.map(Number) as [number, number, number];
  const offset = match[0].length;
  return { width: w, height: h, pixel: (x: number, y: number) => bytes[offset + y * w + x]! };
}
