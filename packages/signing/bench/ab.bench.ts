/**
 * A/B throughput of two engine versions in one process, alternating 250 ms windows so that both see the same machine
 * load (the shared VM's load moves figures by ±30 % between runs; the ratio is what this measures).
 * Run: OLD_ENGINE=/path/to/old/checkout/packages/signing/src/index.ts node bench/ab.bench.ts
 * (e.g. `git worktree add /tmp/old HEAD` for the committed engine). AB_SECONDS per case (default 20).
 */
import { makePdf } from '../test/support/documents.ts';
import { handwritingPng } from '../test/support/images.ts';
import { createTestPki } from '../test/support/pki.ts';
import * as newEngine from '../src/index.ts';

type Engine = Pick<typeof newEngine, 'preparePdf' | 'signPdf'>;
const oldPath = process.env.OLD_ENGINE;
if (!oldPath) throw new Error('Set OLD_ENGINE to the index.ts of the engine to compare with');
const oldEngine = (await import(oldPath)) as Engine;
const SECONDS = Number(process.env.AB_SECONDS ?? 20);
const pki = await createTestPki();
const base = await makePdf({ pages: 1 });
const field = { page: 1, x: 70, y: 70, width: 200, height: 70, signerIndex: 0 };
const prepared = {
  old: (await oldEngine.preparePdf(base, { fields: [field] })).pdf,
  new: (await newEngine.preparePdf(base, { fields: [field] })).pdf,
};
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
const names = first.flatMap((f) => last.map((l) => `${f} ${l}`)); // 400: more than the 64 cached font subsets
const appearance = (signerName: string, withPng: boolean) => ({
  signerName,
  reason: 'Lu et approuvé',
  location: 'Orléans',
  date: new Date(),
  handwrittenPng: withPng ? png : undefined,
});
const cases: Array<[string, (i: number) => object]> = [
  ['B-T invisible', () => ({})],
  ['B-T visible + handwriting, same name', () => ({ appearance: appearance('Éloïse Dupré', true) })],
  ['B-T visible + handwriting, 400 names', (i) => ({ appearance: appearance(names[(i * 37) % 400]!, true) })],
  ['B-T visible text only, 400 names', (i) => ({ appearance: appearance(names[(i * 37) % 400]!, false) })],
];
for (const [label, extra] of cases) {
  const count = { old: 0, new: 0 };
  const time = { old: 0, new: 0 };
  let i = 0;
  const run = async (which: 'old' | 'new', ms: number) => {
    const engine: Engine = which === 'old' ? oldEngine : newEngine;
    const start = performance.now();
    while (performance.now() - start < ms) {
      await engine.signPdf(prepared[which], { field: 'signer-1', signer: pki.signer, level: 'B-T', tsa: pki.tsa, ...extra(i++) });
      count[which]++;
    }
    time[which] += performance.now() - start;
  };
  await run('old', 500);
  await run('new', 500);
  count.old = count.new = time.old = time.new = 0;
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    await run('old', 250);
    await run('new', 250);
  }
  const rOld = (count.old * 1000) / time.old;
  const rNew = (count.new * 1000) / time.new;
  console.log(`${label.padEnd(40)} old ${rOld.toFixed(0).padStart(5)}/s  new ${rNew.toFixed(0).padStart(5)}/s  new/old ${((rNew / rOld) * 100).toFixed(0)}%`);
}
