/** Shared fixtures for the crypto tests: one CA per test file (key generation is the slow part) and an OpenSSL runner. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCertificateAuthority, openCertificateAuthority, type CertificateAuthority, type SealedAuthority } from './authority.ts';
import type { KeyAlgorithm, SignerIdentity } from './types.ts';
import { toPem } from './x509.ts';

export const TEST_SECRET = 'correct horse battery staple';

export interface TestPki {
  sealed: SealedAuthority;
  authority: CertificateAuthority;
  signer: SignerIdentity;
  tsaIdentity: SignerIdentity;
  dir: string;
  /** Writes bytes (or text) into the test's temp folder and returns the path. */
  file(name: string, data: Uint8Array | string): string;
  cleanup(): void;
}

export async function createTestPki(keyAlgorithm: KeyAlgorithm = 'RSA-2048'): Promise<TestPki> {
  const sealed = await createCertificateAuthority({ name: 'Paraphe Test', encryptionKey: TEST_SECRET, keyAlgorithm, baseUrl: 'https://sign.example.test' });
  const authority = await openCertificateAuthority(sealed, TEST_SECRET);
  const [signer, tsaIdentity] = await Promise.all([
    authority.issueSignerCertificate({ commonName: 'Jeanne Dupré', givenName: 'Jeanne', surname: 'Dupré', email: 'jeanne@example.test' }),
    authority.issueTsaCertificate(),
  ]);
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-crypto-'));
  const file = (name: string, data: Uint8Array | string): string => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };
  file('root.pem', authority.rootPem);
  file('issuing.pem', authority.issuingPem);
  file('signer.pem', toPem(signer.certificate));
  file('tsa.pem', toPem(tsaIdentity.certificate));
  file('tsa-chain.pem', toPem(tsaIdentity.certificate) + authority.issuingPem);
  return { sealed, authority, signer, tsaIdentity, dir, file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface OpensslResult {
  status: number | null;
  output: string; // stdout + stderr
}

export function openssl(args: string[], cwd: string): OpensslResult {
  const result = spawnSync('openssl', args, { cwd, encoding: 'latin1' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}
