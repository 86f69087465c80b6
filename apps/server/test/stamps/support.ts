/** Shared helpers of the stamp tests: a tenant with the seal, PKCS#12 files made by openssl, uploads, tool checks. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestClient, TestContext } from '../support/harness.ts';
import { multipartBody } from '../support/signatures.ts';

export async function stampClient(t: TestContext, features: Record<string, boolean> = {}, opts: { testMode?: boolean } = {}): Promise<TestClient> {
  const tenant = await t.factory.tenant({
    doubleAuth: false,
    company: 'Société Générale des Cachets',
    features: { stamp: true, ...features },
    testMode: opts.testMode,
  });
  return t.login(tenant.gerant.email);
}

export async function upload(
  t: TestContext,
  client: TestClient | undefined,
  url: string,
  file: { name: string; data: Uint8Array },
  fields: Record<string, string> = {},
) {
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
    (faketime ? (args: string[]) => execFileSync('faketime', [faketime, 'openssl', ...args], { cwd: dir, stdio: 'pipe' }) : run)([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
      '-days',
      '30',
      '-subj',
      `/CN=${name} seal/O=Acme`,
      '-addext',
      `keyUsage=critical,${usage}`,
    ]);
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

/**
 * A PKCS#12 asking for `iterations` key-derivation iterations (MAC and every encrypted bag): openssl writes it with
 * 65,536 (INTEGER 02 03 01 00 00), then each of those counts is rewritten in place. `iterations` must also encode on
 * three bytes (65,536 to 8,388,607), so no length changes; the MAC no longer matches, which a wrong password hides
 * anyway: the server derives the keys (the hostile cost) before it can tell.
 */
export function withIterations(dir: string, iterations: number): Buffer {
  if (iterations < 0x10000 || iterations > 0x7fffff) throw new Error('iterations must encode on three bytes');
  const password = 'mot de passe';
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'iter.key', '-out', 'iter.pem', '-days', '30', '-subj', '/CN=iter seal/O=Acme'],
    { cwd: dir, stdio: 'pipe' },
  );
  execFileSync(
    'openssl',
    ['pkcs12', '-export', '-iter', '65536', '-passout', `pass:${password}`, '-inkey', 'iter.key', '-in', 'iter.pem', '-out', 'iter.p12'],
    { cwd: dir, stdio: 'pipe' },
  );
  const file = readFileSync(join(dir, 'iter.p12'));
  const from = Buffer.from([0x02, 0x03, 0x01, 0x00, 0x00]);
  const to = Buffer.from([0x02, 0x03, (iterations >> 16) & 0xff, (iterations >> 8) & 0xff, iterations & 0xff]);
  let replaced = 0;
  for (let at = file.indexOf(from); at >= 0; at = file.indexOf(from, at + from.length), replaced++) to.copy(file, at);
  if (replaced < 2) throw new Error(`expected the MAC and a bag to carry 65536 iterations, found ${replaced}`);
  return file;
}
