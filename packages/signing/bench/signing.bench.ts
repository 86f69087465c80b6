/**
 * Signing throughput on one core (RSA-2048, in-process TSA), compared with the physical floor measured in
 * the same run (raw RSA-2048 signatures/s and SHA-256 MB/s with node:crypto), plus peak memory on 50 MB.
 * Run: npm run bench -w packages/signing   (or: node bench/signing.bench.ts)
 */
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { preparePdf, signPdf, type PadesLevel, type RevocationData, type RevocationSource, type SignPdfOptions } from '../src/index.ts';
import { makePdf, makeRawPdf } from '../test/support/documents.ts';
import { createTestPki } from '../test/support/pki.ts';
import { handwritingPng } from '../test/support/images.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);

async function rate(run: () => Promise<unknown>): Promise<{ perSecond: number; count: number }> {
  for (let i = 0; i < 5; i++) await run(); // warm-up
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < SECONDS * 1000) {
    await run();
    count++;
  }
  return { perSecond: (count * 1000) / (performance.now() - start), count };
}

const floorKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const floorData = Buffer.alloc(5 * 1024 * 1024, 7);

/** Measured right before each case: the machine may be shared, so the ratio compares like with like. */
function floor(ms = 500): { rsaPerSecond: number; shaMBps: number } {
  const privateKey = floorKey;
  const digest = createHash('sha256').update('x').digest();
  let n = 0;
  let start = performance.now();
  while (performance.now() - start < ms) {
    sign('sha256', digest, privateKey);
    n++;
  }
  const rsaPerSecond = (n * 1000) / (performance.now() - start);
  const data = floorData;
  let bytes = 0;
  start = performance.now();
  while (performance.now() - start < ms) {
    createHash('sha256').update(data).digest();
    bytes += data.length;
  }
  return { rsaPerSecond, shaMBps: bytes / 1024 / 1024 / ((performance.now() - start) / 1000) };
}

/** Revocation data reused while valid, as a deployment would; the local CA otherwise signs a CRL and an OCSP response per call. */
function cachedRevocation(source: RevocationSource): RevocationSource {
  const cache = new Map<string, Promise<RevocationData>>();
  return {
    revocationFor(certificate, issuer) {
      const key = createHash('sha256').update(certificate).digest('hex');
      let hit = cache.get(key);
      if (!hit) cache.set(key, (hit = source.revocationFor(certificate, issuer)));
      return hit;
    },
  };
}

async function peakMemory50MB(pki: Awaited<ReturnType<typeof createTestPki>>): Promise<void> {
  const before = process.resourceUsage().maxRSS * 1024;
  const rssBefore = process.memoryUsage().rss;
  const pdf = makeRawPdf(100, 500 * 1024);
  const afterInput = process.memoryUsage().rss;
  const signed = await signPdf(pdf, { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa });
  const peak = process.resourceUsage().maxRSS * 1024;
  console.log(
    `peak memory, 50 MB file (${mb(pdf.length)} MB, B-T): RSS before file ${mb(rssBefore)} MB, with input ${mb(afterInput)} MB, ` +
      `peak ${mb(peak)} MB (process peak before ${mb(before)} MB) → signing peak over baseline = ${((peak - rssBefore) / pdf.length).toFixed(2)}× file size; ` +
      `output ${mb(signed.length)} MB`,
  );
}

/** B-T with a visible appearance (name, reason, place, date, handwriting): the font subset and the layout are in this path. */
async function visibleCases(pki: Awaited<ReturnType<typeof createTestPki>>, prepared: { pdf: Uint8Array; fields: Array<{ name: string }> }): Promise<void> {
  const png = handwritingPng(300, 100);
  const first = [
    'Éloïse',
    'Łukasz',
    'Σωκράτης',
    'Дмитрий',
    'Jean',
    'Ångström',
    'Zoë',
    'Grzegorz',
    'Οδυσσέας',
    'Анастасия',
    'Maëlle',
    'Øyvind',
    'Ştefan',
    'Yusuf',
    'Mateo',
    'Ηλέκτρα',
    'Фёдор',
    'Chloé',
    'Jürgen',
    'Ines',
  ];
  const last = [
    'Dupré',
    'Żółć',
    'Παππάς',
    'Иванов',
    'Martin',
    'Nørgaard',
    'Kowalczyk',
    'Γεωργίου',
    'Кузнецова',
    'Lefèvre',
    'Ćosić',
    'Müller',
    'Şahin',
    'García',
    'Βλάχος',
    'Смирнов',
    'Bühler',
    'Ó Briain',
    'Quaresma',
    'Wójcik',
  ];
  // 400 names: more than the 64 cached subsets, so most signatures build a new one.
  const names = first.flatMap((f) => last.map((l) => `${f} ${l}`)).sort((a, b) => ((a.length * 7919) % 13) - ((b.length * 7919) % 13));
  for (const [note, pick] of [
    ['same signer each time', () => names[0]!],
    ['a different name each time (400 names)', (i: number) => names[(i * 37) % names.length]!],
  ] as const) {
    let i = 0;
    const r = await rate(() =>
      signPdf(prepared.pdf, {
        field: prepared.fields[0]!.name,
        signer: pki.signer,
        level: 'B-T',
        tsa: pki.tsa,
        appearance: { signerName: pick(i++), reason: 'Lu et approuvé', location: 'Orléans', date: new Date(), handwrittenPng: png },
      }),
    );
    console.log(
      `${'1 page, visible'.padEnd(22)} B-T    ${r.perSecond.toFixed(1).padStart(7)} signatures/s (${(1000 / r.perSecond).toFixed(2)} ms; ${note}; n=${r.count})`,
    );
  }
}

async function main(): Promise<void> {
  console.log(`node ${process.version}, ${SECONDS}s per case, single process, one core (signing is sequential)`);
  const pki = await createTestPki();
  await peakMemory50MB(pki); // first: so that the other cases do not hide the peak
  const small = await preparePdf(await makePdf({ pages: 1 }), { fields: [{ page: 1, x: 70, y: 70, signerIndex: 0 }] });
  const big = await preparePdf(await makePdf({ pages: 100, bytesPerPage: 50_000 }), { fields: [{ page: -1, x: 70, y: 70, signerIndex: 0 }] });
  const docs = [
    { label: '1 page', prepared: small },
    { label: `${mb(big.pdf.length)} MB / 100 pages`, prepared: big },
  ];
  if (process.env.BENCH_ONLY_VISIBLE) {
    await visibleCases(pki, small);
    return;
  }
  const fresh = pki.ca.revocationSource();
  const cached = cachedRevocation(fresh);
  const cases: Array<[PadesLevel, RevocationSource, string]> = [
    ['B-B', fresh, ''],
    ['B-T', fresh, ''],
    ['B-LTA', cached, ' (CRL/OCSP cached)'],
    ['B-LTA', fresh, ' (CRL+OCSP signed anew per signature by the local CA)'],
  ];
  for (const { label, prepared } of docs) {
    for (const [level, revocation, caseNote] of cases) {
      let note = caseNote;
      const options: SignPdfOptions = { field: prepared.fields[0]!.name, signer: pki.signer, level, tsa: pki.tsa, revocation };
      const f = floor();
      const r = await rate(() => signPdf(prepared.pdf, options));
      // Floor: RSA signatures this level needs (signature, +TSA token for B-T, +document time-stamp for B-LTA;
      // revocation data not counted) and hashing the file once (the physical minimum, whatever the level).
      const rsa = level === 'B-B' ? 1 : level === 'B-T' ? 2 : 3;
      const floorMs = (rsa * 1000) / f.rsaPerSecond + (prepared.pdf.length * 1000) / (f.shaMBps * 1024 * 1024);
      const floorRate = 1000 / floorMs;
      const target = level === 'B-T' ? (prepared === small ? 300 : 60) : undefined;
      if (target) note = `${note} [target ≥ ${target}/s: ${r.perSecond >= target ? 'met' : 'NOT MET'}]`;
      console.log(
        `${label.padEnd(22)} ${level.padEnd(6)} ${r.perSecond.toFixed(1).padStart(7)} signatures/s (${(1000 / r.perSecond).toFixed(2)} ms; ` +
          `floor ${floorRate.toFixed(0)}/s [RSA ${f.rsaPerSecond.toFixed(0)}/s, SHA-256 ${f.shaMBps.toFixed(0)} MB/s] → ${((r.perSecond / floorRate) * 100).toFixed(0)}% of floor; n=${r.count})${note}`,
      );
    }
    if (prepared === small) await visibleCases(pki, small);
  }
}

await main();
