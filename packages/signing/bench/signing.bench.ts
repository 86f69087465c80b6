/**
 * Signing throughput on one core (RSA-2048, in-process TSA) as a share of its floor, the peers' stacks on the same
 * documents, and peak memory on 50 MB.
 *
 * The floor is the work no engine can avoid, measured in the same run: the RSA signatures the level needs (the
 * signature, + the TSA's token from B-T, + the document time-stamp's token for B-LTA) and one SHA-256 pass over the
 * document's bytes. Times are CPU times (user + system of this process), and each case alternates short windows of
 * floor and of signing and takes the median of the per-window ratios: on a shared machine, both halves of a ratio
 * saw the same load.
 *
 * Run: npm run bench -w packages/signing   (or: node bench/signing.bench.ts)
 * BENCH_SECONDS per case (default 3); BENCH_ENGINE=/path/to/other/packages/signing/src/index.ts measures another
 * checkout of the engine with this same harness (before/after); BENCH_PEERS=0 skips the peers.
 */
import { createHash, sign, type KeyObject } from 'node:crypto';
import type { PadesLevel, RevocationData, RevocationSource, SignPdfOptions } from '../src/index.ts';
import * as thisEngine from '../src/index.ts';
import { makePdf, makeRawPdf } from '../test/support/documents.ts';
import { createTestPki } from '../test/support/pki.ts';
import { handwritingPng } from '../test/support/images.ts';
import { documensoSigner, pkcs12, signpdfSigner, type PeerSigner } from './peers.ts';

const engine = (process.env.BENCH_ENGINE ? await import(process.env.BENCH_ENGINE) : thisEngine) as Pick<typeof thisEngine, 'preparePdf' | 'signPdf'> &
  Partial<Pick<typeof thisEngine, 'signPdfParts'>>;
const { preparePdf, signPdf, signPdfParts } = engine;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WINDOW_MS = 300;
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/**
 * Runs `run` for at least `ms` of wall time and at least once; CPU milliseconds (user + system, this process) per
 * call. CPU time, not wall time: on a shared machine a process waits for a core, and that wait is nobody's cost.
 */
async function windowOf(run: () => Promise<unknown> | unknown, ms: number): Promise<number> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  let n = 0;
  do {
    await run();
    n++;
  } while (performance.now() - start < ms);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000 / n;
}

interface Paired {
  /** Median ms per signature over the windows. */
  ms: number;
  /** Median of the per-window floor/measured ratios. */
  ofFloor: number;
  floorMs: number;
  windows: number;
}

/** Alternates a floor window (RSA signatures + SHA-256 over `bytes`) and a window of `run`, SECONDS in all. */
async function againstFloor(run: () => Promise<unknown>, bytes: Uint8Array, rsaCount: number, key: KeyObject): Promise<Paired> {
  const digest = createHash('sha256').update('x').digest();
  for (let i = 0; i < 3; i++) await run(); // warm-up
  const ratios: number[] = [];
  const times: number[] = [];
  const floors: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end || ratios.length < 3) {
    const rsaMs = await windowOf(() => sign('sha256', digest, key), WINDOW_MS / 4);
    const shaMs = await windowOf(() => createHash('sha256').update(bytes).digest(), WINDOW_MS / 4);
    const ms = await windowOf(run, WINDOW_MS);
    const floorMs = rsaCount * rsaMs + shaMs;
    ratios.push(floorMs / ms);
    times.push(ms);
    floors.push(floorMs);
  }
  return { ms: median(times), ofFloor: median(ratios), floorMs: median(floors), windows: ratios.length };
}

/** Alternates windows of ours and a peer's; the median of the per-window ratios (peer ms / our ms). */
async function againstPeer(
  ours: () => Promise<unknown>,
  peer: () => Promise<unknown>,
  seconds: number,
): Promise<{ ours: number; peer: number; times: number }> {
  await ours();
  await peer();
  const ratios: number[] = [];
  const oursMs: number[] = [];
  const peerMs: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end || ratios.length < 3) {
    const a = await windowOf(ours, WINDOW_MS);
    const b = await windowOf(peer, WINDOW_MS);
    ratios.push(b / a);
    oursMs.push(a);
    peerMs.push(b);
  }
  return { ours: median(oursMs), peer: median(peerMs), times: median(ratios) };
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
    const r = await againstFloor(
      () =>
        signPdf(prepared.pdf, {
          field: prepared.fields[0]!.name,
          signer: pki.signer,
          level: 'B-T',
          tsa: pki.tsa,
          appearance: { signerName: pick(i++), reason: 'Lu et approuvé', location: 'Orléans', date: new Date(), handwrittenPng: png },
        }),
      prepared.pdf,
      2,
      pki.signer.privateKey,
    );
    line('1 page, visible', 'B-T', r, ` (${note})`);
  }
}

function line(label: string, what: string, r: Paired, note = ''): void {
  console.log(
    `${label.padEnd(22)} ${what.padEnd(14)} ${(1000 / r.ms).toFixed(1).padStart(7)} signatures/s of CPU (${r.ms.toFixed(2)} ms; floor ${r.floorMs.toFixed(2)} ms) ` +
      `→ ${(r.ofFloor * 100).toFixed(0)}% of floor (median of ${r.windows} paired windows)${note}`,
  );
}

async function main(): Promise<void> {
  console.log(`node ${process.version}, ${SECONDS}s per case, single process, one core (signing is sequential)`);
  if (process.env.BENCH_ENGINE) console.log(`engine: ${process.env.BENCH_ENGINE}`);
  const pki = await createTestPki();
  await peakMemory50MB(pki); // first: so that the other cases do not hide the peak
  const smallRaw = await makePdf({ pages: 1 });
  const bigRaw = await makePdf({ pages: 100, bytesPerPage: 50_000 });
  const small = await preparePdf(smallRaw, { fields: [{ page: 1, x: 70, y: 70, signerIndex: 0 }] });
  const big = await preparePdf(bigRaw, { fields: [{ page: -1, x: 70, y: 70, signerIndex: 0 }] });
  const docs = [
    { label: '1 page', prepared: small, raw: smallRaw },
    { label: `${mb(big.pdf.length)} MB / 100 pages`, prepared: big, raw: bigRaw },
  ];
  if (process.env.BENCH_ONLY_VISIBLE) {
    await visibleCases(pki, small);
    return;
  }
  const key = pki.signer.privateKey;
  const fresh = pki.ca.revocationSource();
  const cached = cachedRevocation(fresh);
  const cases: Array<[PadesLevel, RevocationSource, string]> = [
    ['B-B', fresh, ''],
    ['B-T', fresh, ''],
    ['B-LTA', cached, ' (CRL/OCSP cached)'],
    ['B-LTA', fresh, ' (CRL+OCSP signed anew per signature by the local CA; not in the floor)'],
  ];
  const rsaFor: Record<PadesLevel, number> = { 'B-B': 1, 'B-T': 2, 'B-LT': 2, 'B-LTA': 3 };
  for (const { label, prepared } of docs) {
    for (const [level, revocation, note] of cases) {
      const options: SignPdfOptions = { field: prepared.fields[0]!.name, signer: pki.signer, level, tsa: pki.tsa, revocation };
      line(label, level, await againstFloor(() => signPdf(prepared.pdf, options), prepared.pdf, rsaFor[level], key), note);
      if (signPdfParts && level !== 'B-B' && revocation === (level === 'B-LTA' ? cached : fresh)) {
        const parts = await againstFloor(() => signPdfParts(prepared.pdf, options), prepared.pdf, rsaFor[level], key);
        line(label, `${level} parts`, parts, `${note} (signPdfParts: the output as chunks, no final copy)`);
      }
    }
    if (prepared === small) await visibleCases(pki, small);
  }
  if (process.env.BENCH_PEERS === '0') return;
  const p12 = pkcs12(pki.signer, pki.dir);
  const peers: Array<[string, PeerSigner, number]> = [
    ["Documenso's stack (pdf-lib + @documenso/pdf-sign)", documensoSigner(p12), SECONDS],
    ['@signpdf (pdf-lib placeholder + P12Signer)', signpdfSigner(p12), SECONDS],
  ];
  console.log('peers (a CMS signature without time-stamp, like our B-B; ours signs the prepared document, theirs add their field):');
  for (const { label, prepared, raw } of docs) {
    for (const [peerName, peer, seconds] of peers) {
      for (const level of ['B-B', 'B-T'] as const) {
        const options: SignPdfOptions = { field: prepared.fields[0]!.name, signer: pki.signer, level, tsa: pki.tsa };
        const r = await againstPeer(
          () => signPdf(prepared.pdf, options),
          () => peer(raw),
          seconds,
        );
        console.log(
          `${label.padEnd(22)} ours ${level} ${r.ours.toFixed(2)} ms vs ${peerName} ${r.peer.toFixed(2)} ms of CPU → ours ${r.times.toFixed(1)}× faster (median of paired windows)`,
        );
      }
    }
  }
}

await main();
