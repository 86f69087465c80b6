/**
 * External validators (poppler pdfsig, OpenSSL, qpdf) run on signed files. Missing tools make the tests
 * fail, never skip: CI must install poppler-utils, openssl, qpdf and libnss3-tools.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch.ts';
import { extractCmsCertificates, derLength } from '../../src/pdf/cms-certificates.ts';
import { PdfString } from '../../src/pdf/objects.ts';
import { PdfReader } from '../../src/pdf/reader.ts';
import { listFields } from '../../src/pdf/fields.ts';
import type { TestPki } from './pki.ts';

export interface ToolResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function run(cmd: string, args: string[]): ToolResult {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw new Error(`${cmd} could not run (is it installed?): ${r.error.message}`);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function tempFile(bytes: Uint8Array, name = 'file.bin'): string {
  const path = join(scratchDir('file'), name);
  writeFileSync(path, bytes);
  return path;
}

export interface PdfsigSignature {
  field: string;
  lines: string[];
  valid: boolean;
  trusted: boolean;
  total: boolean;
  type: string;
}

/** pdfsig exits 0 even for invalid signatures (pitfall 10): parse its lines instead. */
export function pdfsig(pdf: Uint8Array, pki: TestPki): PdfsigSignature[] {
  const r = run('pdfsig', ['-nssdir', `sql:${pki.nssDir}`, tempFile(pdf, 'signed.pdf')]);
  if (r.status !== 0 && r.status !== 2) throw new Error(`pdfsig failed: ${r.stderr}`);
  const blocks = r.stdout.split(/^Signature #\d+:$/m).slice(1);
  // Empty signature fields are listed too ("The signature form field is not signed."): keep signed ones only.
  return blocks
    .filter((block) => !block.includes('form field is not signed'))
    .map((block) => {
      const lines = block.split('\n').map((l) => l.trim().replace(/^- /, ''));
      const value = (prefix: string) =>
        lines
          .find((l) => l.startsWith(prefix))
          ?.slice(prefix.length)
          .trim() ?? '';
      return {
        field: value('Signature Field Name:'),
        lines,
        valid: lines.includes('Signature Validation: Signature is Valid.'),
        trusted: lines.includes('Certificate Validation: Certificate is Trusted.'),
        total: lines.includes('Total document signed'),
        type: value('Signature Type:'),
      };
    });
}

export interface EmbeddedSignature {
  field: string;
  /** Keys of the signature dictionary, in file order. */
  keys: string[];
  filter: string | undefined;
  type: string | undefined;
  subFilter: string | undefined;
  byteRange: number[];
  der: Uint8Array;
  /** Concatenation of the signed byte ranges. */
  signedData: Buffer;
}

/** Every signature dictionary of the file, with its signed bytes, read with the engine's own lazy reader. */
export function embeddedSignatures(pdf: Uint8Array): EmbeddedSignature[] {
  const reader = PdfReader.open(pdf);
  return listFields(reader)
    .filter((f) => f.isSignature && f.value)
    .map((f) => {
      const d = reader.resolveDict(f.value!)!;
      const br = reader.resolveArray(d.get('ByteRange')) as number[];
      const contents = d.get('Contents') as PdfString;
      const der = contents.bytes.subarray(0, derLength(contents.bytes));
      const signedData = Buffer.concat([pdf.subarray(br[0]!, br[0]! + br[1]!), pdf.subarray(br[2]!, br[2]! + br[3]!)]);
      return {
        field: f.name,
        keys: [...d.entries.keys()],
        filter: reader.nameValue(d.get('Filter')),
        type: reader.nameValue(d.get('Type')),
        subFilter: reader.nameValue(d.get('SubFilter')),
        byteRange: br,
        der,
        signedData,
      };
    })
    .sort((a, b) => a.byteRange[2]! - b.byteRange[2]!);
}

export function opensslCmsVerify(sig: EmbeddedSignature, pki: TestPki): ToolResult {
  return run('openssl', [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    tempFile(sig.der, 'sig.p7s'),
    '-content',
    tempFile(sig.signedData, 'content.bin'),
    '-CAfile',
    pki.rootPem,
    '-purpose',
    'any',
    '-out',
    '/dev/null',
  ]);
}

/** Verifies the signature time-stamp token of a CMS (imprint = SHA-256 of the signature value). */
export function opensslSignatureTimestampVerify(sig: EmbeddedSignature, pki: TestPki): ToolResult {
  const parts = extractCmsCertificates(sig.der);
  const token = parts.timestampTokens[0];
  if (!token || !parts.signatureValue) return { status: 1, stdout: '', stderr: 'no signature time-stamp' };
  const digest = createHash('sha256').update(parts.signatureValue).digest('hex');
  return run('openssl', [
    'ts',
    '-verify',
    '-digest',
    digest,
    '-in',
    tempFile(token, 'token.tst'),
    '-token_in',
    '-CAfile',
    pki.rootPem,
    '-untrusted',
    pki.untrustedPem,
  ]);
}

/** Verifies a document time-stamp token against its byte ranges, or a detached token against a file. */
export function opensslDataTimestampVerify(token: Uint8Array, data: Uint8Array, pki: TestPki): ToolResult {
  return run('openssl', [
    'ts',
    '-verify',
    '-data',
    tempFile(data, 'data.bin'),
    '-in',
    tempFile(token, 'token.tst'),
    '-token_in',
    '-CAfile',
    pki.rootPem,
    '-untrusted',
    pki.untrustedPem,
  ]);
}

export function qpdfCheck(pdf: Uint8Array): ToolResult {
  return run('qpdf', ['--check', tempFile(pdf, 'check.pdf')]);
}
