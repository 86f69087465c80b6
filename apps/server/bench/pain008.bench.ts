// pain.008 building and XSD validation for a large batch (docs/payments.md):
//   node apps/server/bench/pain008.bench.ts [debits]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPain008, type DirectDebit } from '../src/domains/payments/sepa/pain008.ts';

const count = Number(process.argv[2] ?? 10_000);
const debits: DirectDebit[] = Array.from({ length: count }, (_, i) => ({
  endToEndId: `E2E${i}`,
  amountCents: 100 + ((i * 7919) % 500_000),
  mandateId: `PRF-${String(i).padStart(8, '0')}-1`,
  mandateSignedOn: '2026-01-02',
  sequence: i % 3 ? 'RCUR' : 'FRST',
  debtor: { name: `Société n°${i}`, iban: 'FR7630006000011234567890189', bic: i % 2 ? 'BNPAFRPP' : null },
  remittance: `F-2026-${i} F-2026-${i + 1}`,
}));
const started = performance.now();
const xml = buildPain008({
  messageId: 'BENCH-1',
  createdAt: new Date(),
  creditor: { name: 'Paraphe', iban: 'FR7630006000011234567890189', creditorId: 'FR72ZZZ123456' },
  collectionDates: { FRST: '2026-03-04', RCUR: '2026-03-03' },
  debits,
});
const built = performance.now() - started;
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pain008-bench-')), 'batch.xml');
fs.writeFileSync(file, xml);
const xsd = new URL('../test/fixtures/pain.008.001.02.xsd', import.meta.url).pathname;
const validating = performance.now();
execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'ignore' });
const validated = performance.now() - validating;
process.stdout.write(
  `${count} debits: built in ${built.toFixed(0)} ms (${(xml.length / 1e6).toFixed(1)} MB), xmllint --schema in ${validated.toFixed(0)} ms\n`,
);
fs.rmSync(path.dirname(file), { recursive: true, force: true });
