/**
 * Property test: hostile bytes (random, truncated, bit-flipped, spliced from valid structures) reach the parsers
 * through every public entry point. Each must return a result or throw a SigningError — never anything else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SigningError } from '../errors.ts';
import { verifyCertificateChain } from './chain.ts';
import { buildSignatureCms } from './cms.ts';
import { loadPkcs12 } from './pkcs12.ts';
import { createTestPki, openssl, type TestPki } from './test-support.ts';
import { createLocalTsa, type LocalTsa } from './tsa.ts';
import { describeCertificate, verifyCmsSignature, verifyTimestampToken } from './verify.ts';

let pki: TestPki;
let tsa: LocalTsa;
const samples: Record<string, Uint8Array> = {};
const digest = createHash('sha256').update('x').digest();

/** Deterministic PRNG (mulberry32) so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(source: Uint8Array, next: () => number): Uint8Array {
  const pick = (n: number): number => Math.floor(next() * n);
  switch (pick(5)) {
    case 0: // random bytes, DER-looking start
      return Uint8Array.from({ length: pick(300) }, (_, i) => (i === 0 ? 0x30 : pick(256)));
    case 1: // truncation
      return source.subarray(0, pick(source.length));
    case 2: {
      // a few bit flips
      const copy = Uint8Array.from(source);
      for (let i = 0, flips = 1 + pick(4); i < flips; i++) copy[pick(copy.length)]! ^= 1 << pick(8);
      return copy;
    }
    case 3: {
      // length byte corruption near the start, where the big structures begin
      const copy = Uint8Array.from(source);
      copy[1 + pick(Math.min(40, copy.length - 1))] = pick(256);
      return copy;
    }
    default: {
      // splice a random slice of the structure somewhere else
      const start = pick(source.length);
      const slice = source.subarray(start, start + pick(200));
      const at = pick(source.length);
      return Uint8Array.from([...source.subarray(0, at), ...slice, ...source.subarray(at)]);
    }
  }
}

function expectOnlySigningErrors(name: string, action: (input: Uint8Array) => unknown, source: Uint8Array, rounds: number, seed: number): void {
  const next = random(seed);
  for (let round = 0; round < rounds; round++) {
    const input = mutate(source, next);
    try {
      action(input);
    } catch (error) {
      // a SigningError wrapping a TypeError would be a parser bug dressed up as a clean rejection
      if (!(error instanceof SigningError) || error.cause instanceof TypeError) {
        throw new Error(
          `${name} threw ${String(error)} (cause ${String(error instanceof Error ? error.cause : '')}) for input ${Buffer.from(input).toString('hex').slice(0, 400)}`,
          { cause: error },
        );
      }
    }
  }
}

beforeAll(async () => {
  pki = await createTestPki();
  tsa = createLocalTsa({ identity: pki.tsaIdentity });
  samples.cms = await buildSignatureCms({ format: 'PADES', contentDigest: digest, signer: pki.signer, tsa });
  samples.token = await tsa.timestamp({ hashAlgorithm: 'SHA-256', digest });
  samples.certificate = pki.signer.certificate;
  pki.file('signer.key', pki.signer.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  openssl(['pkcs12', '-export', '-inkey', 'signer.key', '-in', 'signer.pem', '-passout', 'pass:pw', '-iter', '1', '-out', 'f.p12'], pki.dir);
  samples.p12 = readFileSync(join(pki.dir, 'f.p12'));
  // without MAC nor encryption, mutations reach the inner SafeContents parsing instead of failing the MAC
  openssl(
    [
      'pkcs12',
      '-export',
      '-inkey',
      'signer.key',
      '-in',
      'signer.pem',
      '-passout',
      'pass:pw',
      '-nomac',
      '-keypbe',
      'NONE',
      '-certpbe',
      'NONE',
      '-out',
      'plain.p12',
    ],
    pki.dir,
  );
  samples.plainP12 = readFileSync(join(pki.dir, 'plain.p12'));
  samples.ocspRequest =
    (openssl(['ocsp', '-issuer', 'issuing.pem', '-cert', 'signer.pem', '-reqout', 'req.der'], pki.dir), readFileSync(join(pki.dir, 'req.der')));
  samples.crl = pki.authority.crl('issuing');
  samples.ocsp = pki.authority.ocspResponse(pki.signer.certificate);
});
afterAll(() => pki.cleanup());

describe('hostile input', () => {
  it('verifyCmsSignature', () => expectOnlySigningErrors('verifyCmsSignature', (input) => verifyCmsSignature(input, digest), samples.cms!, 2000, 1));
  it('verifyTimestampToken', () =>
    expectOnlySigningErrors('verifyTimestampToken', (input) => verifyTimestampToken(input, { digest }), samples.token!, 2000, 2));
  it('describeCertificate', () => expectOnlySigningErrors('describeCertificate', describeCertificate, samples.certificate!, 2000, 3));
  it('loadPkcs12', () => {
    expect(loadPkcs12(samples.plainP12!, 'pw').certificate).toEqual(pki.signer.certificate);
    expectOnlySigningErrors('loadPkcs12', (input) => loadPkcs12(input, 'pw'), samples.p12!, 300, 4);
    expectOnlySigningErrors('loadPkcs12', (input) => loadPkcs12(input, 'pw'), samples.plainP12!, 1000, 8);
  });
  it('verifyCertificateChain with hostile candidates and revocation data', () => {
    const next = random(5);
    for (let round = 0; round < 300; round++) {
      const result = verifyCertificateChain({
        certificate: pki.signer.certificate,
        candidates: [mutate(pki.authority.issuingCertificate, next), pki.authority.issuingCertificate],
        trustedRoots: [mutate(pki.authority.rootCertificate, next), pki.authority.rootCertificate],
        at: new Date(),
        revocation: { crls: [mutate(samples.crl!, next)], ocsps: [mutate(samples.ocsp!, next)] },
      });
      expect(result, JSON.stringify(result.errors)).toMatchObject({ trusted: true }); // the genuine certificates still make a path
    }
    expectOnlySigningErrors(
      'verifyCertificateChain',
      (input) => verifyCertificateChain({ certificate: input, candidates: [], trustedRoots: [], at: new Date() }),
      samples.certificate!,
      300,
      6,
    );
  });
  it('the OCSP and TSA responders answer garbage with error responses instead of throwing', async () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      expect(pki.authority.respondOcsp(mutate(samples.ocspRequest!, next)).length).toBeGreaterThan(2);
      expect((await tsa.respond(mutate(samples.token!, next))).length).toBeGreaterThan(2);
    }
  });
});
