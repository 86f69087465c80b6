import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeCertificate, toPem, type Der } from '@paraphe/signing';
import { createLogger } from '../../src/platform/logger.ts';
import { createServer } from '../../src/server.ts';
import { TrustServices, trustServices } from '../../src/domains/pki/service.ts';
import { pkiSettings } from '../../src/domains/pki/repository.ts';
import { instanceSettings } from '../../src/platform/db/schema/index.ts';
import { createTestContext, engine, type TestContext } from '../support/harness.ts';

const run = promisify(execFile);
/** Runs openssl; resolves with stdout + stderr (openssl prints verification results on either). */
async function openssl(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run('openssl', args);
  return `${stdout}${stderr}`;
}

describe(`trust services: CA, TSA, OCSP, CRL, seals (${engine})`, () => {
  let t: TestContext;
  let dir: string;
  let trust: TrustServices;
  const file = (name: string) => path.join(dir, name);
  const write = (name: string, content: string | Uint8Array) => (fs.writeFileSync(file(name), content), file(name));
  const logger = createLogger('silent');
  /** Another process on the same database (what a second node or a restart sees). */
  const otherNode = (secret = t.config.secretKey!) => new TrustServices({ database: t.database, config: t.config, clock: () => new Date(), logger }, secret);

  const get = async (url: string) => {
    const res = await t.request({ method: 'GET', url });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return { type: res.headers['content-type'], der: new Uint8Array(res.rawPayload) };
  };
  const post = async (url: string, type: string, body: Uint8Array) => {
    const res = await t.server.app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload: Buffer.from(body) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return { type: res.headers['content-type'], der: new Uint8Array(res.rawPayload) };
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-pki-'));
    t = await createTestContext();
    trust = trustServices(t.server.platform);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the CA once on first use, keeps one when two nodes race, and reopens it after a restart', async () => {
    const stored = async () => (await t.database.db.select().from(instanceSettings)).map((row) => row.key).filter((key) => key.startsWith('pki.'));
    expect(await stored()).toEqual([]); // nothing is created before first use

    const [mine, theirs] = await Promise.all([trust.trustedRoots(), otherNode().trustedRoots()]);
    expect(Buffer.from(theirs[0]!)).toEqual(Buffer.from(mine[0]!));
    expect(await stored()).toContain(pkiSettings.authority);
    const root = await get('/pki/root.crt');
    expect(root.type).toBe('application/pkix-cert');
    expect(Buffer.from(root.der)).toEqual(Buffer.from(mine[0]!));
    expect(describeCertificate(root.der).subject).toContain('Paraphe Root CA');

    // A new server on the same database opens the same CA.
    const restarted = await createServer({ config: { ...t.config, role: 'api' }, database: t.database, logger });
    try {
      const again = await restarted.app.inject({ method: 'GET', url: '/pki/root.crt' });
      expect(Buffer.from(again.rawPayload)).toEqual(Buffer.from(root.der));
    } finally {
      await restarted.app.close();
      await restarted.platform.jobs.stop();
    }

    // The keys are sealed with the instance secret: another secret cannot open them (and creates nothing).
    await expect(otherNode('y'.repeat(40)).authority()).rejects.toMatchObject({ code: 'UNAVAILABLE' });

    const openApi = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(openApi.paths)).toEqual(expect.arrayContaining(['/pki/root.crt', '/pki/issuing.crl', '/pki/ocsp', '/tsa']));

    write('root.pem', toPem(root.der));
    write('issuing.pem', toPem((await get('/pki/issuing.crt')).der));
    write('chain.pem', fs.readFileSync(file('issuing.pem'), 'utf8') + fs.readFileSync(file('root.pem'), 'utf8'));
  });

  it('time-stamps an openssl query over HTTP, verified by openssl; a bad query gets a rejection, not a 500', async () => {
    write('data.txt', 'Paraphe time-stamp test\n');
    await openssl('ts', '-query', '-data', file('data.txt'), '-sha256', '-cert', '-out', file('request.tsq'));
    const reply = await post('/tsa', 'application/timestamp-query', fs.readFileSync(file('request.tsq')));
    expect(reply.type).toBe('application/timestamp-reply');
    write('reply.tsr', reply.der);
    const verified = await openssl(
      'ts',
      '-verify',
      '-data',
      file('data.txt'),
      '-in',
      file('reply.tsr'),
      '-CAfile',
      file('root.pem'),
      '-untrusted',
      file('issuing.pem'),
    );
    expect(verified).toContain('Verification: OK');
    expect(await openssl('ts', '-reply', '-in', file('reply.tsr'), '-text')).toContain('Status: Granted.');

    const oversized = await t.server.app.inject({
      method: 'POST',
      url: '/tsa',
      headers: { 'content-type': 'application/timestamp-query' },
      payload: Buffer.alloc(65 * 1024),
    });
    expect(oversized.statusCode).toBe(413);
    for (const body of [new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x07]), new Uint8Array(0)]) {
      const rejected = await post('/tsa', 'application/timestamp-query', body);
      write('rejected.tsr', rejected.der);
      expect(await openssl('ts', '-reply', '-in', file('rejected.tsr'), '-text')).toContain('Status: Rejected.');
    }
  });

  it('issues signer certificates that chain to the root and point at the published URLs', async () => {
    const signer = await trust.signerIdentity({ firstName: 'Éloïse', lastName: 'Dupré', email: 'eloise@example.com' });
    write('signer.pem', toPem(signer.certificate));
    expect(await openssl('verify', '-CAfile', file('root.pem'), '-untrusted', file('issuing.pem'), file('signer.pem'))).toContain('signer.pem: OK');
    const text = await openssl('x509', '-in', file('signer.pem'), '-noout', '-text');
    expect(text).toMatch(/Public-Key: \(2048 bit\)/);
    expect(describeCertificate(signer.certificate)).toMatchObject({ commonName: 'Éloïse Dupré', email: 'eloise@example.com' });

    // Every URL in the certificate (CRL, caIssuers; no OCSP one, see packages/signing profiles.ts) is served here.
    const urls = [...text.matchAll(/URI:(\S+)/g)].map((match) => match[1]!);
    expect(urls).toEqual([`${t.config.publicUrl}/pki/issuing.crl`, `${t.config.publicUrl}/pki/issuing.cer`]);
    for (const url of urls) await get(url.slice(t.config.publicUrl.length));

    const fast = await trust.signerIdentity({ firstName: 'Quick', lastName: 'Signer', email: 'quick@example.com', keyAlgorithm: 'P-256' });
    write('fast.pem', toPem(fast.certificate));
    expect(await openssl('x509', '-in', file('fast.pem'), '-noout', '-text')).toContain('prime256v1');
    await expect(trust.signerIdentity({ firstName: 'No', lastName: 'Mail', email: 'not-an-address' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers OCSP over HTTP (good, then revoked) and publishes CRLs that openssl verifies', async () => {
    const signer = await trust.signerIdentity({ firstName: 'Ocsp', lastName: 'Subject', email: 'ocsp@example.com', keyAlgorithm: 'P-256' });
    write('subject.pem', toPem(signer.certificate));
    await openssl('ocsp', '-issuer', file('issuing.pem'), '-cert', file('subject.pem'), '-reqout', file('ocsp.req'));
    // -reqin: openssl also checks that the response echoes the request's nonce.
    const readOcsp = (response: Uint8Array) =>
      openssl('ocsp', '-respin', write('ocsp.resp', response), '-reqin', file('ocsp.req'), '-CAfile', file('root.pem'), '-resp_text');
    const status = async () => {
      const response = await post('/pki/ocsp', 'application/ocsp-request', fs.readFileSync(file('ocsp.req')));
      expect(response.type).toBe('application/ocsp-response');
      return readOcsp(response.der);
    };
    const crlText = async () => {
      const crl = await get('/pki/issuing.crl');
      expect(crl.type).toBe('application/pkix-crl');
      write('issuing.crl', crl.der);
      const out = await openssl('crl', '-inform', 'DER', '-in', file('issuing.crl'), '-CAfile', file('chain.pem'), '-noout', '-verify', '-text');
      expect(out).toContain('verify OK');
      return out;
    };
    const serial = describeCertificate(signer.certificate).serialHex.toUpperCase();

    // The signing path's revocation data is cached: the same signed bytes until a revocation is known.
    const source = trust.revocationSource();
    const first = await source.revocationFor(signer.certificate, (await trust.certificate('issuing')) as Der);
    const second = await source.revocationFor(signer.certificate, (await trust.certificate('issuing')) as Der);
    expect(first.ocsps[0]).toBe(second.ocsps[0]);
    expect(first.crls[0]).toBe(second.crls[0]);

    const good = await status();
    expect(good).toContain('Response verify OK');
    expect(good).toContain('Cert Status: good');
    expect(await crlText()).not.toContain(serial);

    await trust.revoke(signer.certificate, 'keyCompromise');
    const revoked = await status();
    expect(revoked).toContain('Response verify OK');
    expect(revoked).toContain('Cert Status: revoked');
    expect(revoked).toContain('Reason: keyCompromise');
    expect(await crlText()).toContain(serial);

    const afterRevocation = await source.revocationFor(signer.certificate, (await trust.certificate('issuing')) as Der);
    expect(afterRevocation.ocsps[0]).not.toBe(first.ocsps[0]);
    write('cached.resp', afterRevocation.ocsps[0]!);
    expect(
      await openssl('ocsp', '-respin', file('cached.resp'), '-issuer', file('issuing.pem'), '-cert', file('subject.pem'), '-CAfile', file('root.pem')),
    ).toMatch(/subject\.pem: revoked/);

    // Another node learns the revocation from the database.
    const node = otherNode();
    expect(await readOcsp(await node.respondOcsp(fs.readFileSync(file('ocsp.req'))))).toContain('Cert Status: revoked');

    write('root.crl', (await get('/pki/root.crl')).der);
    expect(await openssl('crl', '-inform', 'DER', '-in', file('root.crl'), '-CAfile', file('root.pem'), '-noout', '-verify')).toContain('verify OK');
    // RFC 6960 A.1 GET form: base64, URL-encoded, as the last path segment.
    const viaGet = await get(`/pki/ocsp/${encodeURIComponent(fs.readFileSync(file('ocsp.req')).toString('base64'))}`);
    expect(await readOcsp(viaGet.der)).toContain('Cert Status: revoked');
    const malformed = await post('/pki/ocsp', 'application/ocsp-request', new Uint8Array([1, 2, 3]));
    expect(Buffer.from(malformed.der)).toEqual(Buffer.from([0x30, 0x03, 0x0a, 0x01, 0x01])); // OCSPResponse malformedRequest
  });

  it('issues one seal per tenant, reuses it, and renews it near expiry or when the company changes', async () => {
    const a = await t.factory.tenant({ company: 'Acme' });
    const b = await t.factory.tenant({ company: 'Bolt' });
    const sealA = await trust.tenantSealIdentity(a.appId, 'Acme SAS');
    expect(describeCertificate(sealA.certificate).subject).toContain('O=Acme SAS');
    expect(await trust.tenantSealIdentity(a.appId, 'Acme SAS')).toBe(sealA);
    const reopened = await otherNode().tenantSealIdentity(a.appId, 'Acme SAS'); // from tenant_seals, decrypted
    expect(Buffer.from(reopened.certificate)).toEqual(Buffer.from(sealA.certificate));
    expect(reopened.privateKey.equals(sealA.privateKey)).toBe(true);

    const sealB = await trust.tenantSealIdentity(b.appId, 'Bolt');
    expect(Buffer.from(sealB.certificate)).not.toEqual(Buffer.from(sealA.certificate));
    write('seal.pem', toPem(sealB.certificate));
    expect(await openssl('verify', '-CAfile', file('root.pem'), '-untrusted', file('issuing.pem'), file('seal.pem'))).toContain('OK');

    const renamed = await trust.tenantSealIdentity(b.appId, 'Bolt Industries');
    expect(describeCertificate(renamed.certificate).subject).toContain('O=Bolt Industries');

    // A tenant's own PKCS#12 replaces the platform seal and is used whatever the company name.
    await openssl(
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-subj',
      '/O=Bolt/CN=Bolt Qualified Seal',
      '-days',
      '60',
      '-keyout',
      file('own.key'),
      '-out',
      file('own.pem'),
    );
    await openssl('pkcs12', '-export', '-inkey', file('own.key'), '-in', file('own.pem'), '-passout', 'pass:s3cret', '-out', file('own.p12'));
    const pkcs12 = fs.readFileSync(file('own.p12'));
    await expect(trust.importTenantSeal(b.appId, pkcs12, 'wrong')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await trust.importTenantSeal(b.appId, pkcs12, 's3cret')).subject).toContain('CN=Bolt Qualified Seal');
    const imported = await otherNode().tenantSealIdentity(b.appId, 'Bolt Renamed');
    expect(describeCertificate(imported.certificate).commonName).toBe('Bolt Qualified Seal');

    const notAfter = describeCertificate(sealA.certificate).notAfter;
    t.now.value = new Date(notAfter.getTime() - 29 * 24 * 3600 * 1000);
    try {
      const renewed = await trust.tenantSealIdentity(a.appId, 'Acme SAS');
      expect(describeCertificate(renewed.certificate).notAfter.getTime()).toBeGreaterThan(notAfter.getTime());
      expect(Buffer.from((await otherNode().tenantSealIdentity(a.appId, 'Acme SAS')).certificate)).toEqual(Buffer.from(renewed.certificate));
    } finally {
      t.now.value = undefined;
    }
  });
});
