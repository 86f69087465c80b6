import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Der } from '@paraphe/signing';
import type { TestContext } from '../support/harness.ts';
import { messagesTo } from '../support/signatures.ts';

/** Helpers of signing-page.test.ts: a handwritten PNG, the public API, external validators. */

/** A small RGBA PNG (a diagonal stroke on transparent), as the signing pad sends it. */
export function handwrittenPng(width = 120, height = 40): string {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 4 + 1);
    for (let x = 0; x < width; x++) if (Math.abs(Math.round((x * height) / width) - y) < 2) raw.writeUInt32BE(0x1a237eff, row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const tokenOf = (text: string) => /#\/sign\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(text)![1]!;

/** The public signing API, as the page calls it (no bearer). */
export function signingApi(t: TestContext, token: string, headers: Record<string, string> = { 'user-agent': 'Vitest signing page' }) {
  const base = `/api/public/sign/${token}`;
  return {
    view: () => t.request({ method: 'GET', url: base, headers }),
    document: (id: string) => t.request({ method: 'GET', url: `${base}/documents/${id}`, headers }),
    signed: (id: string) => t.request({ method: 'GET', url: `${base}/signed/${id}`, headers }),
    code: () => t.request({ method: 'POST', url: `${base}/code`, headers }),
    sign: (body: Record<string, unknown>) => t.request({ method: 'POST', url: `${base}/sign`, body, headers }),
    refuse: (comment: string) => t.request({ method: 'POST', url: `${base}/refuse`, body: { comment }, headers }),
    approve: () => t.request({ method: 'POST', url: `${base}/approve`, body: {}, headers }),
    reject: (comment: string) => t.request({ method: 'POST', url: `${base}/reject`, body: { comment }, headers }),
  };
}

/** The last one-time code sent to an address or phone number. */
export async function lastCode(t: TestContext, to: string): Promise<string> {
  const messages = await messagesTo(t, to, 'signing-code');
  return /\b(\d{6})\b/.exec(messages.at(-1)!.text)![1]!;
}

export interface Tools {
  dir: string;
  nssDir: string;
  file(name: string, bytes: Uint8Array): string;
  run(cmd: string, args: string[]): { status: number | null; stdout: string; stderr: string };
  /** pdfsig, run asynchronously so that this process can answer its OCSP requests meanwhile. */
  pdfsig(pdf: Uint8Array): Promise<{ field: string; valid: boolean; trusted: boolean; total: boolean; text: string }[]>;
  close(): void;
}

const pem = (der: Der) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;

/** A scratch folder and an NSS database trusting our root for signatures (",C,"), for pdfsig. */
export function externalTools(root: Der): Tools {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-signing-page-'));
  const nssDir = join(dir, 'nss');
  mkdirSync(nssDir);
  writeFileSync(join(dir, 'root.pem'), pem(root));
  execFileSync('certutil', ['-N', '-d', `sql:${nssDir}`, '--empty-password']);
  execFileSync('certutil', ['-A', '-d', `sql:${nssDir}`, '-n', 'paraphe-root', '-t', ',C,', '-i', join(dir, 'root.pem')]);
  return {
    dir,
    nssDir,
    file(name, bytes) {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    },
    run(cmd, args) {
      const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000 });
      if (r.error) throw new Error(`${cmd} could not run (is it installed?): ${r.error.message}`);
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    async pdfsig(pdf) {
      const path = join(dir, `pdfsig-${Date.now()}.pdf`);
      writeFileSync(path, pdf);
      const { stdout } = await promisify(execFile)('pdfsig', ['-nssdir', `sql:${nssDir}`, path], { timeout: 60_000 });
      // Unsigned fields are listed too; pdfsig exits 0 even for invalid signatures: parse the lines.
      return stdout
        .split(/^Signature #\d+:$/m)
        .slice(1)
        .filter((block) => !block.includes('form field is not signed'))
        .map((text) => ({
          field: /Signature Field Name: (.*)/.exec(text)?.[1]?.trim() ?? '',
          valid: text.includes('Signature Validation: Signature is Valid.'),
          trusted: text.includes('Certificate Validation: Certificate is Trusted.'),
          total: text.includes('Total document signed'),
          text,
        }));
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
