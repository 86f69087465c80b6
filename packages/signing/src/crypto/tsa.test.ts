import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SigningError } from '../errors.ts';
import { boolean, children, integer, nullValue, octetString, oid, parseDer, raw, sequence } from './der.ts';
import { OID } from './oids.ts';
import { createTestPki, openssl, type TestPki } from './test-support.ts';
import { buildTimestampRequest, createLocalTsa, type LocalTsa } from './tsa.ts';
import { createRemoteTsaClient } from './tsa-client.ts';
import { verifyTimestampToken } from './verify.ts';

let pki: TestPki;
let tsa: LocalTsa;
const data = Buffer.from('data to time-stamp');
const digest = createHash('sha256').update(data).digest();

beforeAll(async () => {
  pki = await createTestPki();
  tsa = createLocalTsa({ identity: pki.tsaIdentity });
  pki.file('data.bin', data);
});
afterAll(() => pki.cleanup());

describe('local TSA responder', () => {
  it('answers an openssl ts query with a response that openssl verifies (imprint, nonce, ESS, chain)', async () => {
    openssl(['ts', '-query', '-data', 'data.bin', '-sha256', '-cert', '-out', 'request.tsq'], pki.dir);
    const response = await tsa.respond(readFileSync(join(pki.dir, 'request.tsq')));
    pki.file('response.tsr', response);
    const byQuery = openssl(
      ['ts', '-verify', '-queryfile', 'request.tsq', '-in', 'response.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa-chain.pem'],
      pki.dir,
    );
    expect(byQuery.output).toContain('Verification: OK');
    const byDigest = openssl(
      ['ts', '-verify', '-digest', digest.toString('hex'), '-in', 'response.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa-chain.pem'],
      pki.dir,
    );
    expect(byDigest.output).toContain('Verification: OK');
    const text = openssl(['ts', '-reply', '-in', 'response.tsr', '-text'], pki.dir).output;
    expect(text).toContain('Status: Granted.');
    expect(text).toContain(`Policy OID: ${OID.policyTimestamp}`);
    expect(text).toMatch(/Nonce: 0x[0-9A-F]+/);
    expect(text).toContain('Accuracy: 0x01 seconds');
  });

  it('leaves the certificates out when certReq is false, and stamps with its clock', async () => {
    const fixed = createLocalTsa({ identity: pki.tsaIdentity, clock: () => new Date('2030-05-06T07:08:09.120Z') });
    openssl(['ts', '-query', '-digest', digest.toString('hex'), '-sha256', '-no_nonce', '-out', 'nocert.tsq'], pki.dir);
    pki.file('nocert.tsr', await fixed.respond(readFileSync(join(pki.dir, 'nocert.tsq'))));
    const text = openssl(['ts', '-reply', '-in', 'nocert.tsr', '-text'], pki.dir).output;
    expect(text).toContain('Time stamp: May  6 07:08:09.12 2030 GMT');
    expect(text).toContain('Nonce: unspecified');
    const verified = openssl(['ts', '-verify', '-queryfile', 'nocert.tsq', '-in', 'nocert.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa-chain.pem'], pki.dir);
    expect(verified.output).toContain('Verification: OK');
    const token = await fixed.timestamp({ hashAlgorithm: 'SHA-256', digest });
    expect(verifyTimestampToken(token, { digest })).toMatchObject({ valid: true, genTime: new Date('2030-05-06T07:08:09.120Z') });
  });

  it('rejects bad requests with a PKIStatus rejection and failure info', async () => {
    const cases: Array<[string, Uint8Array, string]> = [
      ['garbage', Uint8Array.of(0x30, 0x03, 0x02, 0x01), 'the data submitted has the wrong format'],
      [
        'MD5 imprint',
        sequence(integer(1), sequence(sequence(oid('1.2.840.113549.2.5'), nullValue()), octetString(new Uint8Array(16)))),
        'unrecognized or unsupported algorithm identifier',
      ],
      [
        'wrong digest length',
        sequence(integer(1), sequence(sequence(oid(OID.sha256), nullValue()), octetString(new Uint8Array(20)))),
        'the data submitted has the wrong format',
      ],
      [
        'foreign policy',
        sequence(integer(1), sequence(sequence(oid(OID.sha256), nullValue()), octetString(digest)), oid('1.2.3.4')),
        'the requested TSA policy is not supported by the TSA',
      ],
    ];
    for (const [name, request, failure] of cases) {
      pki.file(`${name}.tsr`, await tsa.respond(request));
      const text = openssl(['ts', '-reply', '-in', `${name}.tsr`, '-text'], pki.dir).output;
      expect(text, name).toContain('Status: Rejected.');
      expect(text, name).toContain(`Failure info: ${failure}`);
    }
  });

  it('stops stamping once its certificate has expired', async () => {
    const late = createLocalTsa({ identity: pki.tsaIdentity, clock: () => new Date(Date.now() + 6 * 365 * 86_400_000) });
    await expect(late.timestamp({ hashAlgorithm: 'SHA-256', digest })).rejects.toMatchObject({ code: 'TSA_UNAVAILABLE' });
    pki.file('late.tsr', await late.respond(buildTimestampRequest({ hashAlgorithm: 'SHA-256', digest }, undefined)));
    expect(openssl(['ts', '-reply', '-in', 'late.tsr', '-text'], pki.dir).output).toContain('Status: Rejected.');
  });

  it('refuses to run with a certificate that is not a TSA certificate', () => {
    expect(() => createLocalTsa({ identity: pki.signer })).toThrow(SigningError);
  });
});

describe('remote TSA client', () => {
  let server: Server;
  let liveUrl: string;
  let deadUrl: string;
  let requests = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A handler that throws answers 500 (the test fails on it) rather than leaving an unhandled rejection.
      request.on(
        'end',
        () =>
          void (async () => {
            requests++;
            if (request.headers['content-type'] !== 'application/timestamp-query') {
              response.writeHead(415).end();
              return;
            }
            const answer = request.url === '/wrong-nonce' ? await tsa.respond(stripNonce(Buffer.concat(chunks))) : await tsa.respond(Buffer.concat(chunks));
            response.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(answer);
          })().catch((error: unknown) => (response.headersSent ? response.end() : response.writeHead(500).end(String(error)))),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    liveUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/tsa`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('fails over from a dead URL to a live one and returns a verified token', async () => {
    const client = createRemoteTsaClient({ urls: [deadUrl, liveUrl], timeoutMs: 2000 });
    const before = requests;
    const token = await client.timestamp({ hashAlgorithm: 'SHA-256', digest });
    expect(requests).toBe(before + 1);
    expect(verifyTimestampToken(token, { data })).toMatchObject({ valid: true });
  });

  it('throws TSA_UNAVAILABLE when no TSA answers (no local-clock fallback)', async () => {
    const client = createRemoteTsaClient({ urls: [deadUrl, deadUrl.replace('/tsa', '/other')], timeoutMs: 1000 });
    await expect(client.timestamp({ hashAlgorithm: 'SHA-256', digest })).rejects.toMatchObject({ code: 'TSA_UNAVAILABLE' });
  });

  it('times out a TSA that never answers', async () => {
    const hanging = (() => new Promise<Response>((_resolve, reject) => setTimeout(() => reject(new Error('aborted')), 50))) as typeof fetch;
    const client = createRemoteTsaClient({ urls: ['http://hang.invalid'], timeoutMs: 20, fetchImpl: hanging });
    await expect(client.timestamp({ hashAlgorithm: 'SHA-256', digest })).rejects.toMatchObject({ code: 'TSA_UNAVAILABLE' });
  });

  it('rejects a response that does not echo the nonce', async () => {
    const client = createRemoteTsaClient({ urls: [liveUrl.replace('/tsa', '/wrong-nonce')], timeoutMs: 2000 });
    await expect(client.timestamp({ hashAlgorithm: 'SHA-256', digest })).rejects.toMatchObject({ code: 'TSA_RESPONSE_INVALID' });
  });
});

/** The same TimeStampReq without its nonce (simulates a misbehaving TSA that ignores it). */
function stripNonce(request: Uint8Array): Uint8Array {
  const [version, imprint] = children(parseDer(request));
  return sequence(raw(version!), raw(imprint!), boolean(true));
}
