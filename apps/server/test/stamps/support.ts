/** Shared helpers of the stamp tests: a tenant with the seal, PKCS#12 files made by openssl, uploads, tool checks. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestClient, TestContext } from '../support/harness.ts';
import { multipartBody } from '../support/signatures.ts';

export async function stampClient(t: TestContext, features: Record<string, boolean> = {}, opts: { testMode?: boolean } = {}): Promise<TestClient> {
  const tenant = await t.factory.tenant({ doubleAuth: false, company: 'Société Générale des Cachets', features: { stamp: true, ...features }, testMode: opts.testMode });
  return t.login(tenant.gerant.email);
}

export async function upload(t: TestContext, client: TestClient | undefined, url: string, file: { name: string; data: Uint8Array }, fields: Record<string, string> = {}) {
  const parts = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'file', fileName: file.name, contentType: 'application/octet-stream', data: file.data },
  ];
  const { payload, headers } = multipartBody(parts);
  return t.request({ method: 'POST', url, token: client ? await client.token('history') : undefined, body: payload, headers });
}

/** PKCS#12 files for the import checks, made once by openssl in a scratch folder. */
export interface Pkcs12Files {
  password: string;
  good: Buffer;
  noKey: Buffer;
  keyMismatch: Buffer;
  encipherOnly: Buffer;
  /** Made 400 days ago (faketime) for 30 days. */
  expired: Buffer;
  close(): void;
}

export function makePkcs12Files(): Pkcs12Files {
  const dir = mkdtempSync(join(tmpdir(), 'paraphe-stamps-'));
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const password = 'mot de passe';
  const cert = (name: string, usage: string, faketime?: string) =>
    (faketime ? (args: string[]) => execFileSync('faketime', [faketime, 'openssl', ...args], { cwd: dir, stdio: 'pipe' }) : run)(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.pem`, '-days', '30', '-subj', `/CN=${name} seal/O=Acme`, '-addext', `keyUsage=critical,${usage}`]);
  cert('good', 'digitalSignature,nonRepudiation');
  cert('encipher', 'keyEncipherment');
  cert('expired', 'digitalSignature', '-400 days');
  run(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'other.key']);
  const p12 = (out: string, args: string[]) => {
    run(['pkcs12', '-export', '-passout', `pass:${password}`, '-out', out, ...args]);
    return readFileSync(join(dir, out));
  };
  return {
    password,
    good: p12('good.p12', ['-inkey', 'good.key', '-in', 'good.pem']),
    noKey: p12('nokey.p12', ['-nokeys', '-in', 'good.pem']),
    keyMismatch: p12('mismatch.p12', ['-nocerts', '-inkey', 'other.key', '-certfile', 'good.pem']),
    encipherOnly: p12('encipher.p12', ['-inkey', 'encipher.key', '-in', 'encipher.pem']),
    expired: p12('expired.p12', ['-inkey', 'expired.key', '-in', 'expired.pem']),
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** qpdf --check on a PDF file: exit 0 and its output. */
export function qpdfCheck(path: string): { ok: boolean; output: string } {
  const r = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
  if (r.error) throw new Error(`qpdf could not run (is it installed?): ${r.error.message}`);
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}
