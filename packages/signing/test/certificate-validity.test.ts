/**
 * What poppler (pdfsig — and so Evince and Okular) shows for our certificates NOW and A YEAR LATER, with real
 * pdfsig runs. Poppler checks the signer certificate at the current time (not at the time-stamp, DSS ignored),
 * and reports "Unknown issue with Certificate or corrupted data." for every signature of a file after the first
 * made with the same certificate. See docs/crypto.md, "Validity and one-time keys".
 *
 * "A year later" = pdfsig under libfaketime (`faketime '+366 days' pdfsig …`); the first test proves that
 * faketime really moves the clock NSS validates with. A second, tool-independent check issues the certificates
 * 400 days in the past through the authority's clock option and validates them today.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ONE_TIME_VALIDITY_DAYS,
  OID,
  archivePdf,
  createCertificateAuthority,
  describeCertificate,
  openCertificateAuthority,
  preparePdf,
  sealPdf,
  signPdf,
  toPem,
  verifyPdf,
  withOneTimeIdentity,
  type CertificateAuthority,
  type PadesLevel,
  type SignerIdentity,
} from '../src/index.ts';
import { makePdf } from './support/documents.ts';
import { createClockedPki, fakedEpochSeconds, pdfsigAt, type PdfsigVerdict } from './support/pdfsig-clock.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';
import { tempFile } from './support/validators.ts';

const DAY = 86_400_000;
const VALID = 'Signature is Valid.';
const TRUSTED = 'Certificate is Trusted.';
const EXPIRED = 'Certificate has Expired';
const UNKNOWN_ISSUE = 'Unknown issue with Certificate or corrupted data.';
/** One year and one day (a leap year included) after signing. */
const A_YEAR_LATER = '+367 days';

let pki: TestPki;
let onePage: Uint8Array;

afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  onePage = await makePdf({ pages: 1 });
}, 60_000);

/** One empty signature field per signer, on one page. */
async function prepared(count: number) {
  return preparePdf(onePage, { fields: Array.from({ length: count }, (_, i) => ({ page: 1, x: 40 + i * 170, y: 70, signerIndex: i })) });
}

const verdicts = (list: PdfsigVerdict[]) => list.map((v) => `${v.field}: ${v.signature} / ${v.certificate}`);

async function signOne(signer: SignerIdentity, level: PadesLevel, ca: CertificateAuthority = pki.ca, tsa = pki.tsa): Promise<Uint8Array> {
  const { pdf, fields } = await prepared(1);
  return signPdf(pdf, {
    field: fields[0]!.name,
    signer,
    level,
    tsa,
    revocation: ca.revocationSource(),
    certify: true,
    appearance: { signerName: 'Jean Martin', reason: 'Lu et approuvé', date: new Date() },
  });
}

describe('level 2: the signer certificate outlives the signing session', () => {
  it('faketime moves the clock pdfsig validates with (before: a 60-minute certificate is "Expired" two hours later)', async () => {
    const faked = fakedEpochSeconds('+400 days');
    expect(Math.abs(faked - (Date.now() / 1000 + 400 * 86_400))).toBeLessThan(120);

    const session = await pki.ca.issueSignerCertificate({ commonName: 'Jean Martin', email: 'jean@example.test', keyAlgorithm: 'P-256', validityMinutes: 60 });
    const pdf = await signOne(session, 'B-LTA');
    expect(verdicts(pdfsigAt(pdf, pki.nssDir))).toEqual([`signer-1: ${VALID} / ${TRUSTED}`]);
    // Same file, same NSS db: only the clock differs. Time-stamp and DSS (B-LTA) do not help poppler.
    expect(verdicts(pdfsigAt(pdf, pki.nssDir, '+2 hours'))).toEqual([`signer-1: ${VALID} / ${EXPIRED}`]);
    expect(verdicts(pdfsigAt(pdf, pki.nssDir, A_YEAR_LATER))).toEqual([`signer-1: ${VALID} / ${EXPIRED}`]);
  });

  it('a one-time certificate (3 years, key destroyed after signing) is valid and trusted now and a year and a day later', async () => {
    const issued = pki.ca.issueOneTimeSignerCertificate({
      commonName: 'Jean Martin',
      givenName: 'Jean',
      surname: 'Martin',
      email: 'jean@example.test',
    });
    let used: Awaited<typeof issued> | undefined;
    const { pdf, fields } = await prepared(1);
    const signed = await withOneTimeIdentity(issued, (signer) => {
      used = signer;
      return signPdf(pdf, {
        field: fields[0]!.name,
        signer,
        level: 'B-LTA',
        tsa: pki.tsa,
        revocation: pki.ca.revocationSource(),
        certify: true,
        appearance: { signerName: 'Jean Martin', reason: 'Lu et approuvé', date: new Date() },
      });
    });

    // The key is gone: the identity cannot sign again.
    expect(used!.destroyed).toBe(true);
    expect(() => used!.privateKey).toThrow(expect.objectContaining({ code: 'CERTIFICATE_INVALID' }));
    const again = await prepared(1);
    await expect(signPdf(again.pdf, { field: again.fields[0]!.name, signer: used!, level: 'B-B' })).rejects.toMatchObject({ code: 'CERTIFICATE_INVALID' });

    const certificate = describeCertificate(used!.certificate);
    expect(certificate.notAfter.getTime() - certificate.notBefore.getTime()).toBe(ONE_TIME_VALIDITY_DAYS * DAY + 5 * 60_000);
    expect(certificate.notAfter.getTime()).toBeLessThanOrEqual(pki.ca.issuingCaNotAfter.getTime());
    expect(certificate.subject).toBe('emailAddress=jean@example.test, CN=Jean Martin, GN=Jean, SN=Martin');

    const now = pdfsigAt(signed, pki.nssDir);
    expect(verdicts(now)).toEqual([`signer-1: ${VALID} / ${TRUSTED}`]);
    expect(verdicts(pdfsigAt(signed, pki.nssDir, A_YEAR_LATER))).toEqual([`signer-1: ${VALID} / ${TRUSTED}`]);
    expect(verdicts(pdfsigAt(signed, pki.nssDir, '+1000 days'))).toEqual([`signer-1: ${VALID} / ${TRUSTED}`]);
    // Honest limit: after the certificate's 3 years, poppler says "Expired" (the time-stamp still proves it).
    expect(verdicts(pdfsigAt(signed, pki.nssDir, '+1100 days'))).toEqual([`signer-1: ${VALID} / ${EXPIRED}`]);

    const report = await verifyPdf(signed, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
  });

  it('without faketime: certificates issued 400 days ago (authority clock) — one-time trusted today, 60-minute expired', async () => {
    const past = new Date(Date.now() - 400 * DAY);
    const old = await createClockedPki('Paraphe Backdated', () => past);
    const oneTime = await old.ca.issueOneTimeSignerCertificate({ commonName: 'Jean Martin', email: 'jean@example.test' });
    const session = await old.ca.issueSignerCertificate({ commonName: 'Jean Martin', email: 'jean@example.test', keyAlgorithm: 'P-256', validityMinutes: 60 });
    expect(describeCertificate(oneTime.certificate).notBefore.getTime()).toBeLessThan(Date.now() - 399 * DAY);

    // Signed today with keys kept from then (only to simulate the elapsed year: in production the key is gone).
    const fresh = await signOne(oneTime, 'B-T', old.ca, old.tsa);
    expect(verdicts(pdfsigAt(fresh, old.nssDir))).toEqual([`signer-1: ${VALID} / ${TRUSTED}`]);
    oneTime.destroy();
    const expired = await signOne(session, 'B-T', old.ca, old.tsa);
    expect(verdicts(pdfsigAt(expired, old.nssDir))).toEqual([`signer-1: ${VALID} / ${EXPIRED}`]);
  });
});

describe('issuing CA end of life: a certificate never outlives its issuer', () => {
  let ca: CertificateAuthority;
  beforeAll(async () => {
    // The issuing CA is valid 10 years: created 10 years minus 100 days ago, it has 100 days left.
    const created = new Date(Date.now() - (10 * 365 - 100) * DAY);
    const sealed = await createCertificateAuthority({ name: 'Paraphe Old', encryptionKey: 'k', keyAlgorithm: 'P-256', clock: () => created });
    ca = await openCertificateAuthority(sealed, 'k');
  });

  it('refuses a one-time certificate that would have to end within the minimum validity', async () => {
    expect(ca.issuingCaNotAfter.getTime() - Date.now()).toBeLessThan(101 * DAY);
    expect(ca.rootNotAfter.getTime()).toBeGreaterThan(ca.issuingCaNotAfter.getTime());
    const request = { commonName: 'Jean Martin', email: 'jean@example.test' };
    await expect(ca.issueOneTimeSignerCertificate(request)).rejects.toMatchObject({
      code: 'CERTIFICATE_INVALID',
      details: { reason: 'ISSUING_CA_EXPIRING', issuingCaNotAfter: ca.issuingCaNotAfter.toISOString() },
    });
    await expect(ca.issueOneTimeSealCertificate({ organizationName: 'ACME SAS', signerName: 'Jean Martin' })).rejects.toMatchObject({
      details: { reason: 'ISSUING_CA_EXPIRING' },
    });
    // With a lower floor it is shortened to the issuing CA's end, never beyond.
    const shortened = await ca.issueOneTimeSignerCertificate({ ...request, minimumValidityDays: 30 });
    expect(describeCertificate(shortened.certificate).notAfter.getTime()).toBe(ca.issuingCaNotAfter.getTime());
  });

  it('caps seal, TSA and session certificates at the issuing CA end too', async () => {
    const seal = await ca.issueSealCertificate({ organizationName: 'ACME SAS', validityDays: 365 });
    const tsa = await ca.issueTsaCertificate({ validityDays: 5 * 365 });
    const session = await ca.issueSignerCertificate({ commonName: 'Jean Martin', email: 'jean@example.test', validityDays: 2 });
    expect(describeCertificate(seal.certificate).notAfter.getTime()).toBe(ca.issuingCaNotAfter.getTime());
    expect(describeCertificate(tsa.certificate).notAfter.getTime()).toBe(ca.issuingCaNotAfter.getTime());
    expect(describeCertificate(session.certificate).notAfter.getTime()).toBeLessThan(ca.issuingCaNotAfter.getTime());
    await expect(ca.issueSignerCertificate({ commonName: 'J', email: 'j@example.test', validityDays: 1, validityMinutes: 5 })).rejects.toMatchObject({
      code: 'CERTIFICATE_INVALID',
    });
  });
});

describe('level 1: one tenant, three signatures on one document', () => {
  const signers = ['Éloïse Dupré', 'Jean Martin', 'Amélie Nguyen'];

  it('with one one-time certificate per signature (and for the stamp), every signature is valid and trusted, now and a year later', async () => {
    const { pdf: preparedPdf, fields: all } = await preparePdf(onePage, {
      fields: [0, 1, 2, -1].map((signerIndex, i) => ({ page: 1, x: 20 + i * 140, y: 70, width: 130, signerIndex })),
    });
    const fields = all.filter((f) => f.signerIndex >= 0);
    let pdf = preparedPdf;
    const certificates: Uint8Array[] = [];
    for (const [i, signerName] of signers.entries()) {
      pdf = await withOneTimeIdentity(
        pki.ca.issueOneTimeSealCertificate({ organizationName: 'ACME SAS', organizationIdentifier: 'NTRFR-123456789', country: 'FR', signerName }),
        (signer) => {
          certificates.push(signer.certificate);
          return signPdf(pdf, {
            field: fields[i]!.name,
            signer,
            level: 'B-T',
            tsa: pki.tsa,
            certify: i === 0,
            appearance: { signerName, reason: `Signé électroniquement par ${signerName} (ACME SAS)`, date: new Date() },
          });
        },
      );
    }
    // As the server does at completion: the company stamp (a one-time company seal here), then DSS + document
    // time-stamp over the whole file.
    pdf = await withOneTimeIdentity(pki.ca.issueOneTimeSealCertificate({ organizationName: 'ACME SAS', country: 'FR' }), (identity) =>
      sealPdf(pdf, { identity, format: 'PADES', level: 'B-T', tsa: pki.tsa, appearance: { signerName: 'ACME SAS', date: new Date() } }),
    );
    pdf = await archivePdf(pdf, { tsa: pki.tsa, revocation: pki.ca.revocationSource() });

    const expected = [...fields.map((f) => f.name), 'cachet'].map((name) => `${name}: ${VALID} / ${TRUSTED}`);
    const now = pdfsigAt(pdf, pki.nssDir);
    expect(verdicts(now)).toEqual(expected);
    expect(now.map((v) => v.commonName)).toEqual([...signers.map((name) => `ACME SAS — ${name}`), 'ACME SAS']);
    expect(now[3]!.distinguishedName).toBe('CN=ACME SAS,OID.2.5.4.13=One-time seal of ACME SAS,O=ACME SAS,C=FR');
    expect(now[1]!.distinguishedName).toBe(
      'CN=ACME SAS — Jean Martin,OID.2.5.4.13=One-time seal of ACME SAS for the simple electronic signature of Jean Martin,' +
        'OID.2.5.4.97=NTRFR-123456789,O=ACME SAS,C=FR',
    );
    expect(verdicts(pdfsigAt(pdf, pki.nssDir, A_YEAR_LATER))).toEqual(expected);

    const subject = describeCertificate(certificates[1]!).subject;
    expect(subject).toBe(
      'CN=ACME SAS — Jean Martin, description=One-time seal of ACME SAS for the simple electronic signature of Jean Martin, ' +
        'organizationIdentifier=NTRFR-123456789, O=ACME SAS, C=FR',
    );
    const text = execFileSync('openssl', ['x509', '-in', tempFile(new TextEncoder().encode(toPem(certificates[1]!)), 'seal.pem'), '-noout', '-text'], {
      encoding: 'utf8',
    });
    expect(text).toContain(`Policy: ${OID.policyOneTimeSeal}`);
    expect(text).not.toContain('Extended Key Usage');
    expect(new Set(certificates.map((c) => describeCertificate(c).serialHex)).size).toBe(3);

    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.indication).toBe('TOTAL_PASSED');
  });

  it('poppler bug, for the record: the same certificate for every signature gives "Unknown issue" from the second on', async () => {
    const { pdf: preparedPdf, fields } = await prepared(3);
    let pdf = preparedPdf;
    for (const [i, signerName] of signers.entries()) {
      pdf = await signPdf(pdf, {
        field: fields[i]!.name,
        signer: pki.seal,
        level: 'B-T',
        tsa: pki.tsa,
        certify: i === 0,
        appearance: { signerName, reason: `Signé électroniquement par ${signerName} (ACME SAS)`, date: new Date() },
      });
    }
    expect(verdicts(pdfsigAt(pdf, pki.nssDir))).toEqual([
      `signer-1: ${VALID} / ${TRUSTED}`,
      `signer-2: ${VALID} / ${UNKNOWN_ISSUE}`,
      `signer-3: ${VALID} / ${UNKNOWN_ISSUE}`,
    ]);
    // Our verifier and OpenSSL see nothing wrong: it is poppler's.
    const report = await verifyPdf(pdf, { trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });
    expect(report.signatures.map((s) => s.certificateTrusted)).toEqual([true, true, true]);
  });
});
