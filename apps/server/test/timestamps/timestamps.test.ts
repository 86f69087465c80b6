import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FileTimestamp, VerificationReport } from '@paraphe/contracts';
import { trustServices } from '../../src/domains/pki/index.ts';
import { createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { makePdf, multipartBody, placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { externalTools, type Tools } from '../support/signing-page.ts';
import { completedDocuments, sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { pdfText } from '../templates/support.ts';

/**
 * Time-stamping of files and verification (docs/timestamps.md): a PDF gets a document time-stamp that pdfsig and qpdf
 * accept, any other file a token that `openssl ts -verify` accepts with the built-in TSA's chain; verification (for an
 * account and on the public page) reads signatures, levels, integrity and trust, and stores nothing.
 */
type Rows = { rows: Record<string, unknown>[] };
type Upload = { name: string; data: Uint8Array };

describe(`timestamps: stamp, history, downloads, verification (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  let tools: Tools;
  let issuingPem: string;

  const rowsOf = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as Rows).rows;
  const upload = async (
    url: string,
    token: string | undefined,
    file: Upload,
    extra: { token?: Upload; fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) => {
    const { payload, headers } = multipartBody([
      ...Object.entries(extra.fields ?? {}).map(([name, value]) => ({ name, value })),
      { name: 'file', fileName: file.name, contentType: 'application/octet-stream', data: file.data },
      ...(extra.token ? [{ name: 'token', fileName: extra.token.name, contentType: 'application/timestamp-reply', data: extra.token.data }] : []),
    ]);
    return t.request({ method: 'POST', url, token, body: payload, headers: { ...headers, ...extra.headers } });
  };
  const stamp = async (client: TestClient, file: Upload, fields?: Record<string, string>) =>
    upload('/api/timestamps', await client.token('user'), file, { fields });
  const download = async (client: TestClient, id: string, output: string) => client.call('GET', `/api/timestamps/${id}/${output}`, 'user');
  /** `openssl ts -verify` of a token over data, with the built-in root and issuing CA. */
  const openssl = (data: Uint8Array, token: Uint8Array) => {
    const r = tools.run('openssl', [
      'ts',
      '-verify',
      '-data',
      tools.file('data.bin', data),
      '-in',
      tools.file('token.tsr', token),
      '-token_in',
      '-CAfile',
      `${tools.dir}/root.pem`,
      '-untrusted',
      issuingPem,
    ]);
    return r.stdout + r.stderr;
  };
  const publicVerify = (file: Upload, token?: Upload) => upload('/api/public/verify', undefined, file, { token, headers: freshIp() });

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t, { features: { timestamp: true } });
    gerant = tenant.client;
    appId = tenant.appId;
    const trust = trustServices(t.server.platform);
    tools = externalTools(await trust.certificate('root'));
    const issuing = Buffer.from(await trust.certificate('issuing'))
      .toString('base64')
      .replace(/(.{64})/g, '$1\n');
    issuingPem = tools.file('issuing.pem', new TextEncoder().encode(`-----BEGIN CERTIFICATE-----\n${issuing}\n-----END CERTIFICATE-----\n`));
  });
  afterAll(async () => {
    tools?.close();
    await t?.close();
  });

  it('a PDF gets a document time-stamp (incremental, pdfsig and qpdf accept it), metered as option_timestamp, listed newest first', async () => {
    const original = await makePdf(1, 'Attestation');
    const res = await stamp(gerant, { name: 'attestation.pdf', data: original });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as FileTimestamp;
    expect(created).toMatchObject({ fileName: 'attestation.pdf', kind: 'pdf', sizeBytes: original.length, outputs: ['pdf'] });
    expect(created.tsa).toMatch(/Time-Stamping Authority/);

    const pdf = new Uint8Array((await download(gerant, created.id, 'pdf')).rawPayload);
    expect(Buffer.from(pdf.subarray(0, original.length)).equals(Buffer.from(original)), 'an incremental update keeps the original bytes').toBe(true);
    const check = tools.run('qpdf', ['--check', tools.file('stamped.pdf', pdf)]);
    expect(check.stdout, check.stderr).toMatch(/No syntax or stream encoding errors/);
    // pdfsig lists the time-stamp over the whole file (poppler does not verify document time-stamps themselves:
    // "not yet verified"), and OpenSSL verifies its token over the signed byte ranges with the built-in chain.
    const [listed] = await tools.pdfsig(pdf);
    expect([listed?.field, listed?.total], listed?.text).toEqual(['timestamp-1', true]);
    const embedded = documentTimestampOf(pdf);
    expect(openssl(embedded.signedData, embedded.token)).toContain('Verification: OK');

    // The account's verification reads it back: one document time-stamp, intact, by the platform's TSA.
    const verified = await upload('/api/timestamps/verify', await gerant.token('user'), { name: 'attestation.pdf', data: pdf });
    expect(verified.statusCode, verified.body).toBe(200);
    const report = verified.json().data as VerificationReport;
    expect(report).toMatchObject({ kind: 'pdf', verdict: 'valid', revisions: 2 });
    expect(report.signatures).toEqual([
      expect.objectContaining({ type: 'document-timestamp', integrity: true, coversWholeDocument: true, trustedBy: 'platform', timeProven: true }),
    ]);

    // Billing: one option_timestamp, in the tenant's (test) mode; the history shows it.
    expect(await rowsOf(sql`select kind, quantity, billable, request_id from consumptions where app_id = ${appId}`)).toEqual([
      { kind: 'option_timestamp', quantity: 1, billable: false, request_id: null },
    ]);
    const second = await stamp(gerant, { name: 'b.pdf', data: original });
    const list = await gerant.call('GET', '/api/timestamps?limit=1', 'user');
    expect(list.json()).toMatchObject({ countAll: 2, limit: 1, offset: 0, data: [{ id: second.json().data.id }] });
  });

  it('any other file gets a detached token (openssl ts -verify with the built-in chain) and a receipt; verification covers it, not a changed file', async () => {
    const data = new TextEncoder().encode('Procès-verbal du 24 novembre\n');
    const res = await stamp(gerant, { name: 'pv.txt', data }, { language: 'fr' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as FileTimestamp;
    expect(created).toMatchObject({ kind: 'detached', outputs: ['token', 'receipt'] });

    const tokenRes = await download(gerant, created.id, 'token');
    expect(tokenRes.headers['content-disposition']).toContain('pv.txt.tsr');
    const token = new Uint8Array(tokenRes.rawPayload);
    expect(openssl(data, token)).toContain('Verification: OK');

    const receipt = await pdfText(new Uint8Array((await download(gerant, created.id, 'receipt')).rawPayload));
    expect(receipt).toContain("Reçu d'horodatage");
    expect(receipt.replace(/\s+/g, '')).toContain(created.sha256);
    expect(receipt).toContain(created.serial);
    expect((await download(gerant, created.id, 'pdf')).statusCode).toBe(404);

    const ok = (await publicVerify({ name: 'pv.txt', data }, { name: 'pv.tsr', data: token })).json().data as VerificationReport;
    expect(ok).toMatchObject({ kind: 'token', verdict: 'valid', token: { coversFile: true, integrity: true, trustedBy: 'platform', serial: created.serial } });
    const changed = (
      await publicVerify({ name: 'pv.txt', data: new TextEncoder().encode('Procès-verbal du 25 novembre\n') }, { name: 'pv.tsr', data: token })
    ).json().data as VerificationReport;
    expect(changed).toMatchObject({ verdict: 'invalid', token: { coversFile: false, integrity: true } });
    const notAToken = await publicVerify({ name: 'pv.txt', data }, { name: 'pv.tsr', data: new TextEncoder().encode('nope') });
    expect(notAToken.statusCode).toBe(400);
    expect(notAToken.json().error.message).toMatch(/not an RFC 3161 time-stamp token/);
    const alone = await publicVerify({ name: 'pv.txt', data });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.message).toMatch(/not a PDF: send its time-stamp token/);
  });

  it('the public page reports a signed PDF (signer, level, integrity, trust) and a tampered one, and stores nothing', async () => {
    const s0 = signer(0);
    const request = await sentRequest(t, gerant, { signers: [s0], documents: [placed('contract.pdf', [0])] });
    await signAsInvited(t, s0.emailAddress);
    const [signed] = await completedDocuments(t, gerant, request.id, [request.documents[0]!.id]);
    const before = await rowsOf(
      sql`select (select count(*)::int from file_timestamps) as stamps, (select count(*)::int from domain_events) as events, (select count(*)::int from audit_events) as audits`,
    );

    const res = await publicVerify({ name: 'contract.pdf', data: signed! });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as VerificationReport;
    expect(report.verdict).toBe('valid');
    const signature = report.signatures.find((s) => s.type === 'signature');
    expect(signature).toMatchObject({ integrity: true, coversWholeDocument: false, modifiedAfterSigning: false, trustedBy: 'platform', timeProven: true });
    // A simple signature is sealed with a one-time company seal of the platform CA: the company name in it is the
    // account's declaration (no record says which account it was issued to), never shown as confirmed.
    expect(signature).toMatchObject({ identity: 'declared', signerName: null, declaredBy: null });
    expect(signature?.declaredName).toContain('Last0');
    expect(signature?.level).toMatch(/^B-(LT|LTA)$/);
    expect(report.signatures.at(-1)).toMatchObject({ type: 'document-timestamp', coversWholeDocument: true });

    // One byte changed inside the signed range: the signature no longer verifies.
    const tampered = Buffer.from(signed!);
    const at = tampered.indexOf('/Type /Page') + 2;
    tampered[at] = tampered[at] === 0x54 ? 0x55 : 0x54;
    const broken = (await publicVerify({ name: 'contract.pdf', data: tampered })).json().data as VerificationReport;
    expect(broken.verdict).toBe('invalid');
    expect(broken.signatures.some((s) => !s.integrity)).toBe(true);

    expect(
      await rowsOf(
        sql`select (select count(*)::int from file_timestamps) as stamps, (select count(*)::int from domain_events) as events, (select count(*)::int from audit_events) as audits`,
      ),
    ).toEqual(before);
  });

  it('ladder: 401 without a session, 403 without the permission or the feature, another tenant’s time-stamp is 404; nothing changes', async () => {
    const data = { name: 'a.txt', data: new TextEncoder().encode('a') };
    const mine = (await stamp(gerant, data)).json().data as FileTimestamp;
    expect((await upload('/api/timestamps', undefined, data)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/timestamps' })).statusCode).toBe(401);
    expect((await upload('/api/timestamps/verify', undefined, data)).statusCode).toBe(401);

    const before = await rowsOf(sql`select count(*)::int as n from file_timestamps`);
    const comptable = await t.login(
      (
        await t.factory.user(appId, {
          profile: 'COMPTABLE',
          parentId: (await rowsOf(sql`select id from users where app_id = ${appId} and profile = 'GERANT'`))[0]!.id as string,
        })
      ).email,
    );
    const forbidden = await stamp(comptable, data);
    expect([forbidden.statusCode, forbidden.json().error.code]).toEqual([403, 'FORBIDDEN']);
    expect((await comptable.call('GET', '/api/timestamps', 'user')).statusCode).toBe(403);

    const disabled = await tenantWithGerant(t, { features: { timestamp: false } });
    const off = await stamp(disabled.client, data);
    expect([off.statusCode, off.json().error.code]).toEqual([403, 'FEATURE_DISABLED']);

    const other = await tenantWithGerant(t, { features: { timestamp: true } });
    expect((await download(other.client, mine.id, 'token')).statusCode).toBe(404);
    expect((await other.client.call('GET', '/api/timestamps', 'user')).json().countAll).toBe(0);
    expect(await rowsOf(sql`select count(*)::int as n from file_timestamps`)).toEqual(before);
  });
});

/** The last signature of a PDF: its token (the DER inside /Contents, padding dropped) and the bytes its /ByteRange covers. */
function documentTimestampOf(pdf: Uint8Array): { token: Uint8Array; signedData: Uint8Array } {
  const text = Buffer.from(pdf).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1)!.slice(1).map(Number) as [number, number, number, number];
  const [a, b, c, d] = ranges;
  const der = Buffer.from(text.slice(b + 1, c - 1), 'hex');
  // DER SEQUENCE with a long-form length: 0x30 0x8n, then n length bytes.
  const lengthBytes = der[1]! & 0x7f;
  const length = der.subarray(2, 2 + lengthBytes).reduce((n, byte) => n * 256 + byte, 0);
  return { token: der.subarray(0, 2 + lengthBytes + length), signedData: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]) };
}
