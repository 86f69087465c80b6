import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSignatureFields, preparePdf, sealPdf, signPdf } from '../src/index.ts';
import { makePdf } from './support/documents.ts';
import { createTestPki, type TestPki } from './support/pki.ts';
import { removeScratch } from './support/scratch.ts';
import { pdfsig, run, tempFile } from './support/validators.ts';
import { toPem } from '../src/crypto/x509.ts';

/**
 * A CA with a baseUrl writes CRL DP and AIA caIssuers URLs (and no AIA OCSP: profiles.ts says why). pdfsig must
 * still trust every signature of a co-signed document, with nothing listening at those URLs.
 */
describe('a CA publishing CRL and caIssuers URLs', () => {
  const baseUrl = 'http://127.0.0.1:9/paraphe'; // discard port: nothing answers there
  let pki: TestPki;
  beforeAll(async () => {
    pki = await createTestPki({ baseUrl });
  }, 60_000);
  afterAll(removeScratch);

  it('issues certificates pointing at the CRL and issuer certificate, without an OCSP URL', () => {
    const text = run('openssl', ['x509', '-in', tempFile(Buffer.from(toPem(pki.signer.certificate)), 'signer.pem'), '-noout', '-text']).stdout;
    expect([...text.matchAll(/(OCSP|CA Issuers) - URI:(\S+)|^\s+URI:(\S+)/gm)].map((m) => m[0].trim())).toEqual([
      `URI:${baseUrl}/pki/issuing.crl`,
      `CA Issuers - URI:${baseUrl}/pki/issuing.cer`,
    ]);
  });

  it('pdfsig trusts every signature of a signed then sealed document', async () => {
    const prepared = await preparePdf(await makePdf(), { fields: defaultSignatureFields(1, true) });
    let pdf = await signPdf(prepared.pdf, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa });
    pdf = await sealPdf(pdf, { identity: pki.seal, format: 'PADES', level: 'B-T', tsa: pki.tsa });
    const signatures = pdfsig(pdf, pki);
    expect(signatures).toHaveLength(2);
    for (const sig of signatures) expect(sig, sig.lines.join('\n')).toMatchObject({ valid: true, trusted: true });
  });
});
