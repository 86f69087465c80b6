import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch.ts';
import { execFileSync } from 'node:child_process';
import {
  createCertificateAuthority,
  createLocalTsa,
  openCertificateAuthority,
  toPem,
  type CertificateAuthority,
  type SignerIdentity,
  type TimestampAuthority,
} from '../../src/index.ts';

export interface TestPki {
  ca: CertificateAuthority;
  signer: SignerIdentity;
  signer2: SignerIdentity;
  seal: SignerIdentity;
  tsaIdentity: SignerIdentity;
  tsa: TimestampAuthority;
  dir: string;
  rootPem: string;
  /** PEM bundle: issuing CA + TSA certificate (for openssl -untrusted). */
  untrustedPem: string;
  nssDir: string;
}

/**
 * One CA (root + issuing), two signers, a seal, an in-process TSA; plus the files external validators need.
 * With `baseUrl`, the certificates carry CRL DP and AIA caIssuers URLs under it (nothing needs to answer there).
 */
export async function createTestPki(options: { baseUrl?: string } = {}): Promise<TestPki> {
  const sealed = await createCertificateAuthority({ name: 'Paraphe Test', encryptionKey: 'test-secret', country: 'FR', ...options });
  const ca = await openCertificateAuthority(sealed, 'test-secret');
  const [signer, signer2, seal, tsaIdentity] = await Promise.all([
    ca.issueSignerCertificate({ commonName: 'Éloïse Dupré', email: 'eloise@example.test', validityMinutes: 600 }),
    ca.issueSignerCertificate({ commonName: 'Jean Martin', email: 'jean@example.test', validityMinutes: 600 }),
    ca.issueSealCertificate({ organizationName: 'ACME SAS', country: 'FR' }),
    ca.issueTsaCertificate({}),
  ]);
  const tsa = createLocalTsa({ identity: tsaIdentity });
  const dir = scratchDir('pki');
  const rootPem = join(dir, 'root.pem');
  writeFileSync(rootPem, toPem(ca.rootCertificate));
  const untrustedPem = join(dir, 'untrusted.pem');
  writeFileSync(untrustedPem, toPem(ca.issuingCertificate) + toPem(tsaIdentity.certificate));
  const nssDir = join(dir, 'nss');
  mkdirSync(nssDir);
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', 'ca', '-t', ',C,', '-i', rootPem]);
  return { ca, signer, signer2, seal, tsaIdentity, tsa, dir, rootPem, untrustedPem, nssDir };
}
