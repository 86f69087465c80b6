/**
 * pdfsig at another time: poppler (pdfsig, Evince, Okular) validates certificates at the CURRENT time, so what a
 * reader sees a year after signing is what pdfsig says under libfaketime (`faketime '+400 days' pdfsig …`,
 * Debian package faketime). libfaketime intercepts clock_gettime/gettimeofday/time, which NSS's PR_Now() uses:
 * certificate-validity.test.ts checks that it really moves NSS's clock (a 60-minute certificate is "Expired"
 * under `faketime '+2 hours'`) before trusting a "still valid" answer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  createCertificateAuthority,
  createLocalTsa,
  openCertificateAuthority,
  toPem,
  type CertificateAuthority,
  type TimestampAuthority,
} from '../../src/index.ts';
import { scratchDir } from './scratch.ts';
import { run, tempFile } from './validators.ts';

export interface PdfsigVerdict {
  field: string;
  commonName: string;
  distinguishedName: string;
  signature: string;
  certificate: string;
  total: boolean;
}

/**
 * Runs pdfsig, under `faketime <offset>` when an offset is given (e.g. '+400 days'), and returns one verdict per
 * signature (empty fields and document time-stamps, which pdfsig does not validate, left out).
 */
export function pdfsigAt(pdf: Uint8Array, nssDir: string, offset?: string): PdfsigVerdict[] {
  const args = ['-nssdir', `sql:${nssDir}`, tempFile(pdf, 'signed.pdf')];
  const r = offset ? run('faketime', [offset, 'pdfsig', ...args]) : run('pdfsig', args);
  if (r.status !== 0 && r.status !== 2) throw new Error(`pdfsig failed (${r.status}): ${r.stderr}`);
  return r.stdout
    .split(/^Signature #\d+:$/m)
    .slice(1)
    .filter((block) => !block.includes('form field is not signed') && !/Signature Type: unknown/.test(block))
    .map((block) => {
      const value = (label: string) => new RegExp(`^\\s*- ${label}: (.*)$`, 'm').exec(block)?.[1]?.trim() ?? '';
      return {
        field: value('Signature Field Name'),
        commonName: value('Signer Certificate Common Name'),
        distinguishedName: value('Signer full Distinguished Name'),
        signature: value('Signature Validation'),
        certificate: value('Certificate Validation'),
        total: /^\s*- Total document signed$/m.test(block),
      };
    });
}

/** Seconds since the epoch as seen by a program run under `faketime <offset>`. */
export function fakedEpochSeconds(offset: string): number {
  const r = run('faketime', [offset, 'date', '+%s']);
  if (r.status !== 0) throw new Error(`faketime failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

export interface ClockedPki {
  ca: CertificateAuthority;
  tsa: TimestampAuthority;
  nssDir: string;
}

/** A CA (and TSA) whose clock is `clock` — e.g. 400 days ago, to issue certificates "in the past" — with its NSS db. */
export async function createClockedPki(name: string, clock: () => Date): Promise<ClockedPki> {
  const sealed = await createCertificateAuthority({ name, encryptionKey: 'test-secret', country: 'FR', clock });
  const ca = await openCertificateAuthority(sealed, 'test-secret', { clock });
  const tsa = createLocalTsa({ identity: await ca.issueTsaCertificate({}) });
  const dir = scratchDir('clocked-pki');
  const rootPem = join(dir, 'root.pem');
  writeFileSync(rootPem, toPem(ca.rootCertificate));
  const nssDir = join(dir, 'nss');
  mkdirSync(nssDir);
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', 'ca', '-t', ',C,', '-i', rootPem]);
  return { ca, tsa, nssDir };
}
