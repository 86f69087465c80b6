/**
 * Crypto-layer throughput on one core: `node bench/crypto.bench.ts` (from packages/signing).
 * Prints CMS B-B/s, CMS B-T/s with the in-process TSA, verifications/s, raw RSA-2048 signatures/s and SHA-256
 * MB/s (the floor). BENCH_MS sets the measuring time per line (default 2000).
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { buildSignatureCms, createCertificateAuthority, createLocalTsa, openCertificateAuthority, verifyCmsSignature } from '../src/crypto/index.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 2000);

async function measure(label: string, unit: string, run: () => unknown | Promise<unknown>, { perRun = 1, warmup = 50 } = {}): Promise<void> {
  for (let i = 0; i < warmup; i++) await run(); // JIT, caches
  let count = 0;
  const start = performance.now();
  while (performance.now() - start < DURATION_MS) {
    await run();
    count++;
  }
  const seconds = (performance.now() - start) / 1000;
  const rate = (count * perRun) / seconds;
  console.log(`${label.padEnd(38)} ${rate.toFixed(rate < 100 ? 1 : 0).padStart(10)} ${unit}   (${((seconds * 1000) / count).toFixed(3)} ms/op)`);
}

for (const keyAlgorithm of ['RSA-2048', 'RSA-3072', 'P-256'] as const) {
  const authority = await openCertificateAuthority(await createCertificateAuthority({ name: 'Bench', encryptionKey: 'bench', keyAlgorithm }), 'bench');
  const signer = await authority.issueSignerCertificate({ commonName: 'Bench Signer', email: 'bench@example.com' });
  const tsa = createLocalTsa({ identity: await authority.issueTsaCertificate() });
  const contentDigest = createHash('sha256').update('one page pdf').digest();
  console.log(`-- ${keyAlgorithm} (signer and TSA keys)`);
  await measure('CMS B-B (PADES)', 'sig/s', () => buildSignatureCms({ format: 'PADES', contentDigest, signer }));
  await measure('CMS B-T (PADES + local TSA)', 'sig/s', () => buildSignatureCms({ format: 'PADES', contentDigest, signer, tsa }));
  await measure('TSA token alone', 'tokens/s', () => tsa.timestamp({ hashAlgorithm: 'SHA-256', digest: contentDigest }));
  // A fresh key per signer certificate: the key generation dominates (run in libuv's pool, so it scales with cores).
  await measure(
    'issueSignerCertificate (new key)',
    'certs/s',
    () => authority.issueSignerCertificate({ commonName: 'Bench Signer', email: 'bench@example.com' }),
    { warmup: 2 },
  );
  const signature = await buildSignatureCms({ format: 'PADES', contentDigest, signer, tsa });
  await measure('verifyCmsSignature (B-T, with token)', 'verif/s', () => verifyCmsSignature(signature, contentDigest));
}

console.log('-- floor');
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const payload = createHash('sha256').update('x').digest();
await measure('raw RSA-2048 sign (SHA-256)', 'sig/s', () => sign('sha256', payload, privateKey));
const block = Buffer.alloc(5 * 1024 * 1024, 7);
await measure('SHA-256 of 5 MiB', 'MB/s', () => createHash('sha256').update(block).digest(), { perRun: 5 * 1.048576 });
