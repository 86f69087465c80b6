import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCertificateAuthority,
  createLocalTsa,
  describeCertificate,
  isOrganisationSeal,
  loadPkcs12,
  openCertificateAuthority,
  sealPdf,
  timestampPdf,
  verifyPdf,
  type SignerIdentity,
  type TimestampAuthority,
} from '../src/index.ts';
import { makePdf } from './support/documents.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch, scratchDir } from './support/scratch.ts';

/**
 * Issue 24 item 4: a certificate's names are confirmed only by a chain to a trusted root. A self-signed certificate
 * naming "Banque de France", or one from a CA nobody trusted, makes a signature that is intact but INDETERMINATE /
 * NO_CERTIFICATE_CHAIN_FOUND (as the EU DSS says), never TOTAL_PASSED; integrity stays a separate question (an altered
 * file is TOTAL_FAILED whoever signed it); and a time-stamp from an untrusted TSA proves no time.
 */
let pki: TestPki;
let selfSigned: SignerIdentity;
let foreignSeal: SignerIdentity;
let foreignTsa: TimestampAuthority;
afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  const dir = scratchDir('trust');
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
    '30',
    '-subj',
    '/C=FR/O=Banque de France/CN=Banque de France',
    '-addext',
    'keyUsage=critical,digitalSignature,nonRepudiation',
  );
  run('pkcs12', '-export', '-passout', 'pass:x', '-out', 'bdf.p12', '-inkey', 'bdf.key', '-in', 'bdf.pem');
  selfSigned = loadPkcs12(readFileSync(join(dir, 'bdf.p12')), 'x');
  // A complete, well-formed PKI of someone else's: root, issuing CA, seal and TSA — just not one we trust.
  const foreign = await openCertificateAuthority(await createCertificateAuthority({ name: 'Banque de France', encryptionKey: 'k', country: 'FR' }), 'k');
  foreignSeal = await foreign.issueSealCertificate({ organizationName: 'Banque de France', country: 'FR' });
  foreignTsa = createLocalTsa({ identity: await foreign.issueTsaCertificate({}) });
}, 60_000);

const roots = () => ({ trustedRoots: [pki.ca.rootCertificate], revocation: pki.ca.revocationSource() });

describe('chain classification of signatures and time-stamps', () => {
  it('a seal by the trusted CA is TOTAL_PASSED with its chain trusted', async () => {
    const sealed = await sealPdf(await makePdf(), { identity: pki.seal, format: 'PADES', level: 'B-T', tsa: pki.tsa, appearance: 'invisible' });
    const report = await verifyPdf(sealed, roots());
    const [seal] = report.signatures;
    expect(seal).toMatchObject({
      integrity: true,
      certificateTrusted: true,
      chain: 'trusted',
      timestampChain: 'trusted',
      timestampIntegrity: true,
      indication: 'TOTAL_PASSED',
    });
    expect(seal!.subIndication).toBeUndefined();
    expect(report.indication).toBe('TOTAL_PASSED');
  });

  it('a self-signed "Banque de France" seal is intact but INDETERMINATE / NO_CERTIFICATE_CHAIN_FOUND, even with a trusted time-stamp', async () => {
    const sealed = await sealPdf(await makePdf(), { identity: selfSigned, format: 'PADES', level: 'B-T', tsa: pki.tsa, appearance: 'invisible' });
    const report = await verifyPdf(sealed, roots());
    const [seal] = report.signatures;
    expect(seal).toMatchObject({
      signerName: 'Banque de France',
      integrity: true,
      certificateTrusted: false,
      chain: 'no-trusted-root',
      indication: 'INDETERMINATE',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
    });
    // The time is proven by our TSA: only the identity is unconfirmed.
    expect(seal).toMatchObject({ timestampValid: true, timestampChain: 'trusted' });
    expect(report.indication).toBe('INDETERMINATE');
  });

  it('a complete chain to a root nobody trusted is NO_CERTIFICATE_CHAIN_FOUND too; trusting that root makes it TOTAL_PASSED', async () => {
    const sealed = await sealPdf(await makePdf(), { identity: foreignSeal, format: 'PADES', level: 'B-T', tsa: pki.tsa, appearance: 'invisible' });
    const unknown = await verifyPdf(sealed, roots());
    expect(unknown.signatures[0]).toMatchObject({ chain: 'no-trusted-root', indication: 'INDETERMINATE', subIndication: 'NO_CERTIFICATE_CHAIN_FOUND' });
    const foreignRoot = foreignSeal.chain.at(-1)!;
    const known = await verifyPdf(sealed, { trustedRoots: [pki.ca.rootCertificate, foreignRoot], revocation: pki.ca.revocationSource() });
    // Its own CA publishes no revocation data here: trusted chain, revocation unknown → TRY_LATER, not a chain problem.
    expect(known.signatures[0]).toMatchObject({ chain: 'trusted', certificateTrusted: true, indication: 'INDETERMINATE', subIndication: 'TRY_LATER' });
    // Which of the two roots vouches for it: the foreign one (an operator's configured anchor, for the server).
    expect(Buffer.from(known.signatures[0]!.trustAnchor!).equals(Buffer.from(foreignRoot))).toBe(true);
    expect(unknown.signatures[0]!.trustAnchor).toBeUndefined();
  });

  it('reports the root a trusted chain reaches, and tells a company seal of the CA from other certificates', async () => {
    const sealed = await sealPdf(await makePdf(), { identity: pki.seal, format: 'PADES', level: 'B-T', tsa: pki.tsa, appearance: 'invisible' });
    const [seal] = (await verifyPdf(sealed, roots())).signatures;
    expect(Buffer.from(seal!.trustAnchor!).equals(Buffer.from(pki.ca.rootCertificate))).toBe(true);
    // A seal names an organisation as the account declared it: the server must know who checked that name.
    expect(isOrganisationSeal(pki.seal.certificate)).toBe(true);
    expect(describeCertificate(pki.seal.certificate).organization).toBeTruthy();
    const oneTime = await pki.ca.issueOneTimeSealCertificate({ organizationName: 'ACME', signerName: 'Jean Dupont' });
    expect(isOrganisationSeal(oneTime.certificate)).toBe(true);
    // A natural person's certificate, a TSA's and a self-made one naming an organisation are not the CA's company seals.
    expect(isOrganisationSeal(pki.signer.certificate)).toBe(false);
    expect(isOrganisationSeal(pki.tsaIdentity.certificate)).toBe(false);
    expect(isOrganisationSeal(selfSigned.certificate)).toBe(false);
    expect(describeCertificate(selfSigned.certificate)).toMatchObject({ organization: 'Banque de France', policies: [] });
  });

  it('integrity stays separate: the same self-signed seal on an altered file is TOTAL_FAILED / HASH_FAILURE', async () => {
    const sealed = Buffer.from(await sealPdf(await makePdf(), { identity: selfSigned, format: 'PADES', level: 'B-B', appearance: 'invisible' }));
    const at = sealed.indexOf('/MediaBox');
    expect(at).toBeGreaterThan(0);
    sealed.write('/MediaBoX', at, 'latin1'); // one byte inside the signed range
    const report = await verifyPdf(new Uint8Array(sealed), roots());
    expect(report.signatures[0]).toMatchObject({ integrity: false, indication: 'TOTAL_FAILED', subIndication: 'HASH_FAILURE', chain: 'no-trusted-root' });
    expect(report.indication).toBe('TOTAL_FAILED');
  });

  it('a time-stamp from an untrusted TSA proves no time: a trusted signature gets NO_POE, a document time-stamp NO_CERTIFICATE_CHAIN_FOUND', async () => {
    const sealed = await sealPdf(await makePdf(), { identity: pki.seal, format: 'PADES', level: 'B-T', tsa: foreignTsa, appearance: 'invisible' });
    const report = await verifyPdf(sealed, roots());
    expect(report.signatures[0]).toMatchObject({
      chain: 'trusted',
      timestampIntegrity: true,
      timestampValid: false,
      timestampChain: 'no-trusted-root',
      indication: 'INDETERMINATE',
      subIndication: 'NO_POE',
    });

    const stamped = await timestampPdf(await makePdf(), { tsa: foreignTsa });
    const [docTs] = (await verifyPdf(stamped, roots())).signatures;
    expect(docTs).toMatchObject({
      type: 'document-timestamp',
      integrity: true,
      timestampIntegrity: true,
      chain: 'no-trusted-root',
      timestampChain: 'no-trusted-root',
      indication: 'INDETERMINATE',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
    });
    const [ours] = (await verifyPdf(await timestampPdf(await makePdf(), { tsa: pki.tsa }), roots())).signatures;
    expect(ours).toMatchObject({ type: 'document-timestamp', chain: 'trusted', timestampChain: 'trusted', indication: 'TOTAL_PASSED' });
  });
});
