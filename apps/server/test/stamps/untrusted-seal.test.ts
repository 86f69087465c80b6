import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCertificateAuthority, createLocalTsa, openCertificateAuthority, timestampFile, timestampPdf, type TimestampAuthority } from '@paraphe/signing';
import type { Stamp, VerificationReport, VerifiedSignature } from '@paraphe/contracts';
import { createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { validProfile } from '../support/billing.ts';
import { rawPdf } from '../support/documents.ts';
import { stampClient, upload } from './support.ts';

/**
 * Issue 24 item 4: a seal whose certificate nobody trusted is never shown as the organisation it names. A tenant imports
 * a self-signed PKCS#12 with CN=Banque de France and seals a PDF; the public verification page, over a real HTTP
 * connection, says "valid signature, identity not confirmed" (indeterminate / NO_CERTIFICATE_CHAIN_FOUND), headlines the
 * tenant as the platform knows it (billing profile: legal name and registration number), and shows the certificate's
 * name only as declared. A seal by the platform CA stays valid; an altered file stays invalid; a time-stamp from an
 * unknown TSA proves no time.
 */
describe(`stamps: an untrusted imported seal on the public verification page (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let baseUrl: string;
  let dir: string;
  let bdfP12: Buffer;
  let foreignTsa: TimestampAuthority;
  /** The file sealed with the imported certificate, and its account (the first test makes them). */
  let bdfSealed: Uint8Array;
  let bdfAccountId: string;
  const pdf = rawPdf({ pages: [{}] });
  const company = 'Société Générale des Cachets';

  beforeAll(async () => {
    t = await createTestContext();
    gerant = await stampClient(t);
    baseUrl = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    dir = mkdtempSync(join(tmpdir(), 'paraphe-untrusted-seal-'));
    const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
    run(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      'bdf.key',
      '-out',
      'bdf.pem',
      '-days',
      '60',
      '-subj',
      '/C=FR/O=Banque de France/CN=Banque de France',
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    );
    run('pkcs12', '-export', '-passout', 'pass:secret', '-out', 'bdf.p12', '-inkey', 'bdf.key', '-in', 'bdf.pem');
    bdfP12 = readFileSync(join(dir, 'bdf.p12'));
    const foreign = await openCertificateAuthority(await createCertificateAuthority({ name: 'Banque de France', encryptionKey: 'k' }), 'k');
    foreignTsa = createLocalTsa({ identity: await foreign.issueTsaCertificate({}) });
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  /** The public endpoint over a real connection, as a browser sends it (multipart, no session). */
  const publicVerify = async (file: Uint8Array, name = 'sealed.pdf', token?: Uint8Array): Promise<VerificationReport> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    if (token) form.append('token', new Blob([new Uint8Array(token)]), `${name}.tsr`);
    const res = await fetch(`${baseUrl}/api/public/verify`, { method: 'POST', body: form, headers: freshIp() });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text).data as VerificationReport;
  };
  const sealWith = async (): Promise<Uint8Array> => {
    const res = await upload(
      t,
      gerant,
      '/api/stamps',
      { name: 'contrat.pdf', data: pdf },
      { request: JSON.stringify({ format: 'PADES', seals: [{ visible: false }] }) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const stamp = res.json().data as Stamp;
    return new Uint8Array((await gerant.call('GET', `/api/stamps/${stamp.id}/file`, 'history')).rawPayload);
  };
  const sealOf = (report: VerificationReport): VerifiedSignature => {
    const seals = report.signatures.filter((s) => s.type === 'signature');
    expect(seals).toHaveLength(1);
    return seals[0]!;
  };

  it('a self-signed "Banque de France" seal: not valid, headlined by the importing tenant, its own name only declared', async () => {
    const imported = await upload(
      t,
      gerant,
      '/api/stamp-accounts/import',
      { name: 'bdf.p12', data: bdfP12 },
      { password: 'secret', label: 'BdF', isDefault: 'true' },
    );
    expect(imported.statusCode, imported.body).toBe(201);
    const sealed = await sealWith();
    bdfSealed = sealed;
    bdfAccountId = imported.json().data.id;

    // Before a billing profile: the account's company name, said to be the account's.
    const first = await publicVerify(sealed);
    expect(first.verdict).toBe('indeterminate');
    expect(sealOf(first)).toMatchObject({
      verdict: 'indeterminate',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
      identity: 'unconfirmed',
      trustedBy: 'unknown',
      integrity: true,
      modifiedAfterSigning: false,
      signerName: null,
      declaredName: 'Banque de France',
      importedBy: { company, registrationNumber: null, country: null, source: 'account', issuer: expect.stringContaining('Banque de France') },
      time: 'confirmed',
      timeProven: true,
    });

    // With a billing profile: its legal name and registration number head the seal.
    const saved = await gerant.call('PUT', '/api/billing/profile', 'billing', { ...validProfile, companyName: `${company} SAS` });
    expect(saved.statusCode, saved.body).toBe(200);
    const second = await publicVerify(sealed);
    const seal = sealOf(second);
    expect(seal).toMatchObject({
      verdict: 'indeterminate',
      identity: 'unconfirmed',
      signerName: null,
      importedBy: { company: `${company} SAS`, registrationNumber: '44306184100047', country: 'FR', source: 'billing-profile' },
    });
    // "Banque de France" appears only where the certificate speaks for itself (its name, its issuer, and the technical
    // finding that it is self-signed but not trusted); no account id or label leaks.
    const named = Object.entries(seal)
      .filter(([, value]) => JSON.stringify(value).includes('Banque de France'))
      .map(([key]) => key);
    expect(named.sort()).toEqual(['declaredName', 'errors', 'importedBy']);
    expect(seal.importedBy!.company).not.toContain('Banque de France');
    expect(seal.errors).toContain('signer certificate: "Banque de France" is self-signed but not trusted');
    expect(JSON.stringify(second)).not.toContain(imported.json().data.id);
    expect(JSON.stringify(second)).not.toContain('"BdF"');

    // Integrity stays its own question: one byte changed inside the signed range is invalid, whoever sealed.
    const altered = Buffer.from(sealed);
    const at = altered.indexOf('/MediaBox');
    altered.write('/MediaBoX', at, 'latin1');
    const broken = await publicVerify(new Uint8Array(altered), 'altered.pdf');
    expect(broken.verdict).toBe('invalid');
    expect(sealOf(broken)).toMatchObject({ verdict: 'invalid', integrity: false, subIndication: 'HASH_FAILURE', identity: 'unconfirmed' });
  });

  it('the attribution outlives the stamp account; a certificate two tenants imported is attributed to neither', async () => {
    expect((await gerant.call('DELETE', `/api/stamp-accounts/${bdfAccountId}`, 'history')).statusCode).toBe(200);
    const afterDeletion = sealOf(await publicVerify(bdfSealed));
    expect(afterDeletion).toMatchObject({
      identity: 'unconfirmed',
      verdict: 'indeterminate',
      importedBy: { company: `${company} SAS`, source: 'billing-profile' },
    });

    // Another tenant holding the same key imports the same file: the page can no longer tell who sealed.
    const other = await stampClient(t);
    const again = await upload(t, other, '/api/stamp-accounts/import', { name: 'bdf.p12', data: bdfP12 }, { password: 'secret', label: 'Same' });
    expect(again.statusCode, again.body).toBe(201);
    const ambiguous = sealOf(await publicVerify(bdfSealed));
    expect(ambiguous).toMatchObject({
      identity: 'unconfirmed',
      verdict: 'indeterminate',
      signerName: null,
      declaredName: 'Banque de France',
      importedBy: null,
    });
  });

  it("a seal by the platform CA stays valid; its name is the account's declaration until the company identity is verified", async () => {
    const created = await gerant.call('POST', '/api/stamp-accounts', 'history', { label: 'Cachet plateforme', reason: '', isDefault: true });
    expect(created.statusCode, created.body).toBe(201);
    const report = await publicVerify(await sealWith());
    expect(report.verdict).toBe('valid');
    // The verification by the product administrator, and what confirms the name: seal-identity.test.ts.
    expect(sealOf(report)).toMatchObject({
      verdict: 'valid',
      subIndication: null,
      identity: 'declared',
      trustedBy: 'platform',
      signerName: null,
      declaredName: company,
      importedBy: null,
      declaredBy: { company: `${company} SAS`, registrationNumber: '44306184100047', source: 'billing-profile' },
      time: 'confirmed',
    });
  });

  it('a time-stamp from an authority nobody trusted: intact, time not confirmed (PDF document time-stamp and detached token)', async () => {
    const stamped = await publicVerify(await timestampPdf(pdf, { tsa: foreignTsa }), 'stamped.pdf');
    expect(stamped.verdict).toBe('indeterminate');
    expect(stamped.signatures).toEqual([
      expect.objectContaining({
        type: 'document-timestamp',
        integrity: true,
        identity: 'unconfirmed',
        signerName: null,
        declaredName: expect.stringContaining('Time-Stamping'),
        time: 'unconfirmed',
        timeProven: false,
        verdict: 'indeterminate',
        subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
      }),
    ]);
    const data = new TextEncoder().encode('minutes of the board meeting');
    const token = await timestampFile(data, { tsa: foreignTsa });
    const detached = await publicVerify(data, 'minutes.txt', token);
    expect(detached.token).toMatchObject({
      coversFile: true,
      integrity: true,
      identity: 'unconfirmed',
      time: 'unconfirmed',
      trustedBy: 'unknown',
      verdict: 'indeterminate',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
    });
    const changed = await publicVerify(new TextEncoder().encode('minutes, amended'), 'minutes.txt', token);
    expect(changed.token).toMatchObject({ coversFile: false, verdict: 'invalid', subIndication: 'HASH_FAILURE', time: 'claimed' });
  });
});
