/** Shared helpers of the mail-merge tests: a tenant with the features, uploads, PDF text. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestClient, TestContext } from '../support/harness.ts';
import { multipartBody } from '../support/signatures.ts';

const run = promisify(execFile);

/** A GERANT of a fresh tenant with campaigns and mail-merge on (no second factor), logged in. */
export async function mergeClient(t: TestContext, features: { mailing?: boolean; campaign?: boolean } = {}): Promise<TestClient> {
  const tenant = await t.factory.tenant({ doubleAuth: false, features: { campaign: true, mailing: true, ...features } });
  return t.login(tenant.gerant.email);
}

export async function uploadTo(
  t: TestContext,
  client: TestClient | undefined,
  url: string,
  file: { name: string; data: Uint8Array } | null,
  fields: Record<string, string> = {},
) {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...(file ? [{ name: 'file', fileName: file.name, contentType: 'application/octet-stream', data: file.data }] : []),
  ];
  const { payload, headers } = multipartBody(parts);
  return t.request({ method: 'POST', url, token: client ? await client.token('template') : undefined, body: payload, headers });
}

/** The text of a PDF, as pdftotext reads it (poppler-utils). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdftext-'));
  try {
    await writeFile(join(dir, 'a.pdf'), pdf);
    return (await run('pdftotext', ['-layout', join(dir, 'a.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The fonts a PDF embeds (pdffonts), names without their subset prefix. */
export async function pdfFonts(pdf: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'pdffonts-'));
  try {
    await writeFile(join(dir, 'a.pdf'), pdf);
    const lines = (await run('pdffonts', [join(dir, 'a.pdf')])).stdout.split('\n').slice(2).filter(Boolean);
    return lines.map((l) => l.split(/\s+/)[0]!.replace(/^[A-Z]{6}\+/, ''));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
