import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePdf, signPdf, signSha256Digest, type ExternalSignerIdentity, type PreparedPdf } from '../src/index.ts';
import { makePdf } from './support/documents.ts';
import { expectExternallyValid, expectVerified } from './support/pades-checks.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';

/** A signer whose key is elsewhere (remote signing, CSC signHash): the engine hands out the digest only. */
let pki: TestPki;
let doc: PreparedPdf;

afterAll(removeScratch);
beforeAll(async () => {
  pki = await createTestPki();
  doc = await preparePdf(await makePdf({ pages: 1 }), { fields: [{ page: -1, x: 70, y: 70, signerIndex: 0 }] });
}, 60_000);

describe('external signer (signature value from a digest callback)', () => {
  it('signs a PAdES B-T signature valid for pdfsig, OpenSSL and our verifier; the callback sees only a 32-byte digest', async () => {
    const digests: Uint8Array[] = [];
    const external: ExternalSignerIdentity = {
      certificate: pki.signer.certificate,
      chain: pki.signer.chain,
      signDigest: async (digest) => {
        digests.push(digest);
        return signSha256Digest(pki.signer.privateKey, digest);
      },
    };
    const field = doc.fields[0]!.name;
    const signed = await signPdf(doc.pdf, { field, signer: external, level: 'B-T', tsa: pki.tsa, certify: true });
    expect(digests).toHaveLength(1);
    expect(digests[0]!.length).toBe(32);
    expectExternallyValid(signed, pki, { endsWithDss: false });
    await expectVerified(signed, field, 'B-T', pki);
  });

  it('refuses a signature value that does not match the certificate (CMS_INVALID), nothing is written', async () => {
    const wrongKey: ExternalSignerIdentity = {
      certificate: pki.signer.certificate,
      chain: pki.signer.chain,
      signDigest: async (digest) => signSha256Digest(pki.signer2.privateKey, digest),
    };
    await expect(signPdf(doc.pdf, { field: doc.fields[0]!.name, signer: wrongKey, level: 'B-T', tsa: pki.tsa })).rejects.toMatchObject({ code: 'CMS_INVALID' });
  });
});

describe('signSha256Digest', () => {
  it('gives for a digest exactly what signing the data gives (RSA), and refuses EC keys clearly', async () => {
    const { createHash, generateKeyPairSync, sign } = await import('node:crypto');
    const data = Buffer.from('signed attributes');
    const digest = createHash('sha256').update(data).digest();
    expect(Buffer.from(signSha256Digest(pki.signer.privateKey, digest)).equals(sign('sha256', data, pki.signer.privateKey))).toBe(true);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(() => signSha256Digest(ec, digest)).toThrow(/RSA key/);
  });
});
