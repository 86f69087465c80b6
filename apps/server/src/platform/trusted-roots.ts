import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';

/**
 * TRUSTED_ROOTS_FILE (docs/configuration.md, docs/timestamps.md "Trust"): the operator's trust anchors besides the
 * platform CA, as a PEM bundle (`-----BEGIN CERTIFICATE-----` blocks; text between blocks is ignored, so a bundle
 * may carry comments). Read once at start: a chain to one of them makes a signature's names confirmed by that
 * authority. Every block must be a CA certificate: a bundle with a typo, a private key or an end-entity certificate
 * is refused with the file, the block and the reason, instead of silently trusting less (or more) than meant.
 */
export function readTrustedRoots(file: string): { roots: Uint8Array[] } | { problem: string } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'latin1');
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  }
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) return { problem: "contains a private key: give the roots' certificates only" };
  const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)];
  if (blocks.length === 0) return { problem: 'holds no PEM certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----)' };
  const roots: Uint8Array[] = [];
  for (const [index, block] of blocks.entries()) {
    const der = Buffer.from(block[1]!.replace(/\s+/g, ''), 'base64');
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(der);
    } catch {
      return { problem: `certificate ${index + 1} is not a valid X.509 certificate` };
    }
    if (!certificate.ca)
      return {
        problem: `certificate ${index + 1} (${certificate.subject.replace(/\n/g, ', ')}) is not a CA certificate (basicConstraints cA): a trust anchor must be a root or intermediate CA`,
      };
    roots.push(new Uint8Array(der));
  }
  return { roots };
}
