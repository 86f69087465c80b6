/**
 * Writes the seed corpus of every fuzz target into fuzz/corpus/<family>/ (committed: a run needs no key generation,
 * no LibreOffice and no network, and a finding replays on the same seeds). The seeds are what the test suites build:
 * pdf-lib pages, the engine's own prepared and signed PDFs (B-T, with a time-stamp), the LibreOffice contract fixture,
 * the test CA's certificates, CRL and OCSP answers, PKCS#12 files as OpenSSL 3 writes them (modern and -legacy),
 * spreadsheets as the exports and SheetJS write them, CSV in every detected encoding, the template builders' .docx
 * and .odt, and the handwriting PNGs. Re-run after a format change: `node fuzz/make-corpus.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import * as XLSX from '@e965/xlsx';
import { createCertificateAuthority, createLocalTsa, openCertificateAuthority, preparePdf, signPdf, toPem } from '../packages/signing/src/index.ts';
import { makePdf } from '../packages/signing/test/support/documents.ts';
import { handwritingPng, solidPng } from '../packages/signing/test/support/images.ts';
import { buildXlsx } from '../apps/server/src/platform/spreadsheets/xlsx-writer.ts';
import { buildDocx, buildOdt, paragraph, run, twoPageLetter } from '../apps/server/test/templates/docx.ts';
import { extractSignatureContents } from './support.ts';

const root = join(import.meta.dirname, 'corpus');
const put = (family: string, name: string, bytes: Uint8Array | string) => {
  mkdirSync(join(root, family), { recursive: true });
  writeFileSync(join(root, family, name), bytes);
};
/** The same ZIP with every entry stored: mutations then hit the XML itself, not deflate's bit stream. */
const stored = (zip: Uint8Array) => zipSync(Object.fromEntries(Object.entries(unzipSync(zip)).map(([n, d]) => [n, [d, { level: 0 }]])));

// ---------------------------------------------------------------- PKI, PDFs, CMS
const sealed = await createCertificateAuthority({ name: 'Fuzz Seeds', encryptionKey: 'fuzz', country: 'FR', baseUrl: 'https://sign.example.test' });
const ca = await openCertificateAuthority(sealed, 'fuzz');
const signer = await ca.issueSignerCertificate({ commonName: 'Éloïse Dupré', email: 'eloise@example.test', validityMinutes: 600 });
const tsaIdentity = await ca.issueTsaCertificate({});
const tsa = createLocalTsa({ identity: tsaIdentity });

put('x509', 'root.der', ca.rootCertificate);
put('x509', 'issuing.der', ca.issuingCertificate);
put('x509', 'signer.der', signer.certificate);
put('x509', 'tsa.der', tsaIdentity.certificate);
put('crl', 'issuing.crl', ca.crl('issuing'));
put('crl', 'root.crl', ca.crl('root'));
put('ocsp-response', 'good.der', ca.ocspResponse(signer.certificate));

const work = mkdtempSync(join(tmpdir(), 'paraphe-fuzz-seeds-'));
try {
  const file = (name: string, data: Uint8Array | string) => (writeFileSync(join(work, name), data), join(work, name));
  file('issuing.pem', toPem(ca.issuingCertificate));
  file('signer.pem', toPem(signer.certificate));
  file('key.pem', signer.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl('ocsp', '-issuer', 'issuing.pem', '-cert', 'signer.pem', '-reqout', 'req.der', '-no_nonce');
  openssl('ocsp', '-issuer', 'issuing.pem', '-cert', 'signer.pem', '-reqout', 'req-nonce.der');
  put('ocsp-request', 'request.der', readFileSync(join(work, 'req.der')));
  put('ocsp-request', 'request-nonce.der', readFileSync(join(work, 'req-nonce.der')));
  // Iteration counts kept low (the seeds' key derivation is not what is being fuzzed; the mutations change them).
  openssl(
    'pkcs12',
    '-export',
    '-in',
    'signer.pem',
    '-inkey',
    'key.pem',
    '-certfile',
    'issuing.pem',
    '-passout',
    'pass:fuzz',
    '-iter',
    '16',
    '-maciter',
    '-out',
    'modern.p12',
  );
  openssl('pkcs12', '-export', '-legacy', '-in', 'signer.pem', '-inkey', 'key.pem', '-passout', 'pass:fuzz', '-iter', '16', '-out', 'legacy.p12');
  openssl('pkcs12', '-export', '-in', 'signer.pem', '-inkey', 'key.pem', '-passout', 'pass:fuzz', '-iter', '16', '-nomac', '-out', 'nomac.p12');
  for (const name of ['modern', 'legacy', 'nomac']) put('pkcs12', `${name}.p12`, readFileSync(join(work, `${name}.p12`)));
} finally {
  rmSync(work, { recursive: true, force: true });
}

const plain = await makePdf({ pages: 1 });
const objectStreams = await makePdf({ pages: 2, objectStreams: true });
const prepared = (await preparePdf(plain, { fields: [{ signerIndex: 0 }] })).pdf;
const signed = await signPdf(prepared, { field: 'signer-1', signer, level: 'B-T', tsa });
put('pdf', 'plain.pdf', plain);
put('pdf', 'object-streams.pdf', objectStreams);
put('pdf', 'prepared.pdf', prepared);
put('pdf', 'signed-b-t.pdf', signed);
put('pdf', 'libreoffice.pdf', readFileSync(join(import.meta.dirname, '../packages/signing/test/fixtures/contrat-libreoffice.pdf')));
// Five mail-merge records in one LibreOffice PDF, each opened by a named destination (the split's input).
put('pdf', 'merged-records.pdf', readFileSync(join(import.meta.dirname, '../packages/signing/test/fixtures/merged-records-libreoffice.pdf')));
const cms = extractSignatureContents(signed);
put('cms', 'signature-b-t.der', cms);
put('timestamp-token', 'token.der', await tsa.timestamp({ hashAlgorithm: 'SHA-256', digest: new Uint8Array(32).fill(7) }));

// ---------------------------------------------------------------- images
put('png', 'handwriting.png', handwritingPng());
put('png', 'solid.png', solidPng(40, 20));
// A baseline JPEG's markers (SOI, APP0 JFIF, DQT, SOF0 16×8, SOS, EOI): the header readers stop at SOF.
put(
  'jpeg',
  'baseline.jpg',
  Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb004300' + '01'.repeat(64) + 'ffc0000b080008001001011100ffda0008010100003f00d2cf20ffd9', 'hex'),
);

// ---------------------------------------------------------------- spreadsheets, CSV, ZIP
const rows = [
  ['Nom', 'Prénom', 'Email', 'Montant', 'Date'],
  ['Dupré', 'Éloïse', 'eloise@example.test', 12.5, new Date(Date.UTC(2026, 0, 31))],
  ['Martin', 'Jean', '=HYPERLINK("x")', -3, null],
];
const xlsx = await buildXlsx('Contacts', rows);
put('spreadsheet', 'export.xlsx', xlsx);
put('spreadsheet', 'export-stored.xlsx', stored(xlsx));
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contacts');
for (const type of ['ods', 'xls', 'xlsb'] as const) put('spreadsheet', `sheetjs.${type}`, XLSX.write(book, { type: 'buffer', bookType: type }) as Buffer);
const csv = 'Nom;Prénom;Email\nDupré;Éloïse;eloise@example.test\n"Martin; Jr";"Jean ""JJ""";jean@example.test\n';
put('csv', 'semicolon-utf8.csv', csv);
put('csv', 'bom-comma.csv', '\ufeff' + csv.replaceAll(';', ','));
put('csv', 'sep-line-tab.csv', 'sep=\t\n' + csv.replaceAll(';', '\t'));
put('csv', 'windows-1252.csv', Buffer.from(csv, 'latin1'));
put('csv', 'utf16le.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]));
put('csv', 'pipe.csv', csv.replaceAll(';', '|'));

/** A stored entry whose sizes and local header offset are in a ZIP64 extra field (the central record says 0xFFFFFFFF). */
function zip64Seed(): Buffer {
  const name = Buffer.from('a.xml');
  const data = Buffer.from('<a>hello</a>');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(45, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const extra = Buffer.alloc(28);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(data.length), 4);
  extra.writeBigUInt64LE(BigInt(data.length), 12);
  extra.writeBigUInt64LE(0n, 20);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt32LE(0xffffffff, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt16LE(extra.length, 30);
  central.writeUInt32LE(0xffffffff, 42);
  const directory = Buffer.concat([central, name, extra]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, directory, end]);
}
put('zip', 'zip64-extra-field.zip', zip64Seed());

// ---------------------------------------------------------------- templates
const docx = buildDocx({
  body: paragraph('Bonjour ', run('${na'), run('me}'), ', de ${city}.'),
  header: paragraph('Réf. ${ref}'),
  footer: paragraph('${page}'),
});
put('docx', 'template.docx', docx);
put('docx', 'template-stored.docx', stored(docx));
put('docx', 'letter.docx', twoPageLetter());
put('docx', 'template.odt', buildOdt());
put('docx', 'template-stored.odt', stored(buildOdt()));
put('docx', 'loop.docx', stored(buildDocx({ body: paragraph('${#rows}${x}${/rows}') })));
put('docx', 'mimetype-only.zip', zipSync({ mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }] }));

console.log(`corpus written under ${root}`);
