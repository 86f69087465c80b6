/**
 * One fuzz target per hand-written parser of untrusted bytes. `run` feeds the bytes through the parser's public
 * entry point (and the internal one where the public one guards it); `expected` says which errors are the parser's
 * typed answer to bad input. Anything else thrown — TypeError, RangeError, a stack overflow, a raw node:crypto or
 * zlib error — is a finding; so is a run that does not return (hang) or that exhausts memory (the runner watches).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SigningError, inspectPdf, loadPkcs12, preparePdf, verifyPdf, describeCertificate, verifyCmsSignature, verifyTimestampToken } from '../packages/signing/src/index.ts';
import { DerError, children, parseDer, readOid, readTime, readString, readIntegerBytes, readBitString, readBoolean } from '../packages/signing/src/crypto/der.ts';
import { parseCertificate } from '../packages/signing/src/crypto/x509.ts';
import { parseSignedData } from '../packages/signing/src/crypto/cms-parse.ts';
import { parseOcspRequest, parseOcspResponse } from '../packages/signing/src/crypto/ocsp.ts';
import { parseCrl } from '../packages/signing/src/crypto/crl.ts';
import { imageXObject, readPngHeader } from '../packages/signing/src/pdf/image.ts';
import { PdfReader } from '../packages/signing/src/pdf/reader.ts';
import { PdfUpdate } from '../packages/signing/src/pdf/update.ts';
import { AppError } from '../apps/server/src/platform/errors.ts';
import { SpreadsheetError } from '../apps/server/src/platform/spreadsheets/errors.ts';
import { readSpreadsheet } from '../apps/server/src/platform/spreadsheets/reader.ts';
import { decodeText, detectDelimiter, sniffContainer, takeSepLine } from '../apps/server/src/platform/spreadsheets/detect.ts';
import { InflateBudget, entryText, readZipDirectory, verifyEntries } from '../apps/server/src/platform/spreadsheets/zip.ts';
import { documentOrImageType } from '../apps/server/src/platform/file-signature.ts';
import { checkLogo, readImageHeader } from '../apps/server/src/domains/settings/logo.ts';
import { checkTemplateFile, extractVariables } from '../apps/server/src/domains/templates/docx.ts';
import { corpusRoot } from './support.ts';

export interface FuzzTarget {
  name: string;
  /** What it parses, and through which entry points (docs/security.md's table). */
  parses: string;
  /** Seed families under fuzz/corpus. */
  corpus: string[];
  /** Tokens of the format, inserted by the mutator. */
  tokens?: string[];
  /** Largest generated input. */
  maxBytes?: number;
  run(bytes: Uint8Array): unknown;
  expected(error: unknown): boolean;
}

const signing = (error: unknown) => error instanceof SigningError;
const der = (error: unknown) => error instanceof SigningError || error instanceof DerError;
const spreadsheet = (error: unknown) => error instanceof SpreadsheetError;
const app = (error: unknown) => error instanceof AppError;

const pdfTokens = [
  '<<', '>>', '[', ']', ' 0 R ', ' obj\n', 'endobj\n', 'stream\n', '\nendstream', 'xref\n0 1\n', 'trailer\n', 'startxref\n',
  '%%EOF\n', '/Prev 0 ', '/Length 999999999 ', '/Filter /FlateDecode ', '/Filter [/ASCIIHexDecode /FlateDecode] ', '/Type /ObjStm /N 99 /First 0 ',
  '/Type /XRef /W [1 4 2] /Size 9 ', '/Kids [2 0 R] ', '/Parent 1 0 R ', '/Root 1 0 R ', '/Encrypt 9 0 R ', '(\\', '<FEFF', '%', '/AcroForm <</Fields [5 0 R]>> ',
  '/FT /Sig ', '/ByteRange [0 1 2 3] ', '/Contents <3082> ', '/Perms <</DocMDP 9 0 R>> ', '/DSS <</Certs [9 0 R]>> ', '/Rotate 90 ', '/MediaBox [0 0 -1 1e9] ',
];
const derTokens = ['\x30\x80', '\x00\x00', '\x30\x84\xff\xff\xff\xff', '\x06\x03\x55\x04\x03', '\x18\x0f', '\x17\x0d', '\x02\x01\x00', '\xa0\x80', '\x04\x00', '\x03\x01\x00'];
const zipTokens = ['PK\x03\x04', 'PK\x01\x02', 'PK\x05\x06', 'PK\x06\x06', 'PK\x06\x07', '\xff\xff\xff\xff', '[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml', 'mimetype', 'content.xml', '../'];
const xmlTokens = ['<', '>', '</', '/>', '&amp;', '&#0;', '<![CDATA[', '<!DOCTYPE x [<!ENTITY a "aaaa">]>', '&a;', '${', '}', '${#x}', '${/x}', '${@x}', '<w:t>', '</w:t>', '<c r="ZZZ999999"><v>1e308</v></c>', ' r="A1048577"', '<row r="99999999">'];
const csvTokens = ['"', '""', ';', ',', '\t', '|', '\r\n', '\n', 'sep=;\n', '\ufeff', '\x00', '=', '=CMD|', '\xff\xfe', '\xef\xbb\xbf'];
const imageTokens = ['IHDR', 'IDAT', 'IEND', 'PLTE', 'tRNS', 'acTL', '\xff\xd8', '\xff\xc0', '\xff\xc2', '\xff\xda', '\xff\xff', '\xff\xd9', '\x00\x00\x00\x00'];

let trustedRoot: Uint8Array | undefined;
const root = () => (trustedRoot ??= readFileSync(join(corpusRoot, 'x509', 'root.der')));
let imageHost: PdfReader | undefined;
const host = () => (imageHost ??= PdfReader.open(readFileSync(join(corpusRoot, 'pdf', 'plain.pdf'))));

/** Every node of a DER tree, with the typed readers tried on each (they are what the X.509/CMS code calls). */
function walkDer(bytes: Uint8Array): number {
  let visited = 0;
  const stack = [parseDer(bytes, true)];
  while (stack.length && visited < 100_000) {
    const node = stack.pop()!;
    visited++;
    for (const read of [readOid, readTime, readString, readIntegerBytes, readBitString, readBoolean]) {
      try {
        read(node);
      } catch (error) {
        if (!der(error)) throw error;
      }
    }
    if (node.tag & 0x20) stack.push(...children(node));
  }
  return visited;
}

const digest = new Uint8Array(32).fill(7);

export const targets: FuzzTarget[] = [
  {
    name: 'pdf-inspect',
    parses: 'PDF reader (xref tables and streams, object streams, filters, repair by scanning) through inspectPdf',
    corpus: ['pdf'],
    tokens: pdfTokens,
    maxBytes: 256 * 1024,
    run: (bytes) => inspectPdf(bytes),
    expected: signing,
  },
  {
    name: 'pdf-prepare',
    parses: 'PDF reader + page tree, AcroForm and incremental writer through preparePdf',
    corpus: ['pdf'],
    tokens: pdfTokens,
    maxBytes: 256 * 1024,
    run: (bytes) => preparePdf(bytes, { fields: [{ signerIndex: 0 }] }),
    expected: signing,
  },
  {
    name: 'pdf-verify',
    parses: 'signature dictionaries, ByteRange, embedded CMS, time-stamp, DSS (certificates, CRLs, OCSP) through verifyPdf',
    corpus: ['pdf'],
    tokens: pdfTokens,
    maxBytes: 256 * 1024,
    run: (bytes) => verifyPdf(bytes, { trustedRoots: [root()], at: new Date('2026-12-01T00:00:00Z') }),
    expected: signing,
  },
  {
    name: 'der',
    parses: 'BER/DER reader (definite and indefinite lengths) and its typed field readers',
    corpus: ['x509', 'crl', 'ocsp-response', 'cms'],
    tokens: derTokens,
    maxBytes: 64 * 1024,
    run: walkDer,
    expected: der,
  },
  {
    name: 'x509',
    parses: 'X.509 certificates through parseCertificate and describeCertificate',
    corpus: ['x509'],
    tokens: derTokens,
    maxBytes: 16 * 1024,
    run: (bytes) => {
      try {
        parseCertificate(bytes);
      } catch (error) {
        if (!der(error)) throw error;
      }
      return describeCertificate(bytes);
    },
    expected: der,
  },
  {
    name: 'cms',
    parses: 'CMS SignedData (signer infos, attributes, certificates) through parseSignedData and verifyCmsSignature',
    corpus: ['cms', 'timestamp-token'],
    tokens: derTokens,
    maxBytes: 64 * 1024,
    run: (bytes) => {
      try {
        parseSignedData(bytes);
      } catch (error) {
        if (!der(error)) throw error;
      }
      return verifyCmsSignature(bytes, digest);
    },
    expected: der,
  },
  {
    name: 'timestamp-token',
    parses: 'RFC 3161 time-stamp tokens (TSTInfo inside CMS) through verifyTimestampToken',
    corpus: ['timestamp-token'],
    tokens: derTokens,
    maxBytes: 32 * 1024,
    run: (bytes) => verifyTimestampToken(bytes, { digest }),
    expected: der,
  },
  {
    name: 'ocsp',
    parses: 'OCSP requests (what /pki/ocsp receives) and responses (what a DSS carries)',
    corpus: ['ocsp-request', 'ocsp-response'],
    tokens: derTokens,
    maxBytes: 16 * 1024,
    run: (bytes) => {
      try {
        parseOcspRequest(bytes);
      } catch (error) {
        if (!der(error)) throw error;
      }
      return parseOcspResponse(bytes);
    },
    expected: der,
  },
  {
    name: 'crl',
    parses: 'CRLs through parseCrl',
    corpus: ['crl'],
    tokens: derTokens,
    maxBytes: 16 * 1024,
    run: (bytes) => parseCrl(bytes),
    expected: der,
  },
  {
    name: 'pkcs12',
    parses: 'PKCS#12 (PBES2/PBKDF2, PKCS#12 v1 KDF with 3DES/RC2, MAC, bags) through loadPkcs12',
    corpus: ['pkcs12'],
    tokens: derTokens,
    maxBytes: 32 * 1024,
    run: (bytes) => loadPkcs12(bytes, 'fuzz'),
    expected: signing,
  },
  {
    name: 'zip',
    parses: 'ZIP reader (central directory, ZIP64, local headers, bounded inflate) shared by spreadsheets and templates',
    corpus: ['spreadsheet', 'docx'],
    tokens: zipTokens,
    maxBytes: 128 * 1024,
    run: async (bytes) => {
      const entries = readZipDirectory(bytes, { maxInflatedBytes: 8 * 1024 * 1024, maxEntries: 1000 });
      await verifyEntries(bytes, entries, new InflateBudget(8 * 1024 * 1024));
      for (const entry of entries.slice(0, 20)) entryText(bytes, entry, 64 * 1024);
      return entries.length;
    },
    expected: spreadsheet,
  },
  {
    name: 'spreadsheet',
    parses: 'spreadsheet imports: format sniffing, xlsx (own workbook/relationship reading + ExcelJS), xls/ods/xlsb (SheetJS), CSV',
    corpus: ['spreadsheet', 'csv'],
    tokens: [...zipTokens, ...xmlTokens, ...csvTokens],
    maxBytes: 128 * 1024,
    run: (bytes) => readSpreadsheet(bytes, { maxRows: 2000, maxInflatedBytes: 16 * 1024 * 1024 }),
    expected: spreadsheet,
  },
  {
    name: 'csv-detect',
    parses: 'CSV detection: container sniffing, encoding (BOM, UTF-8 validity), sep= line, delimiter',
    corpus: ['csv'],
    tokens: csvTokens,
    maxBytes: 64 * 1024,
    run: (bytes) => {
      sniffContainer(bytes);
      const { text } = decodeText(bytes);
      return [detectDelimiter(text), takeSepLine(text)];
    },
    expected: spreadsheet,
  },
  {
    name: 'png',
    parses: 'handwritten-signature PNG: header, chunk walk, bounded inflate, decode into an image XObject',
    corpus: ['png'],
    tokens: imageTokens,
    maxBytes: 16 * 1024,
    run: (bytes) => {
      readPngHeader(bytes);
      return imageXObject(new PdfUpdate(host()), bytes);
    },
    expected: signing,
  },
  {
    name: 'image-header',
    parses: 'logo and attachment headers: PNG IHDR and JPEG SOF markers (readImageHeader, checkLogo, documentOrImageType)',
    corpus: ['png', 'jpeg'],
    tokens: imageTokens,
    maxBytes: 16 * 1024,
    run: (bytes) => {
      documentOrImageType(bytes);
      readImageHeader(bytes);
      return checkLogo(bytes);
    },
    expected: app,
  },
  {
    name: 'docx-template',
    parses: 'mail-merge templates: .docx/.odt check (ZIP, content types, mimetype) and variable extraction',
    corpus: ['docx'],
    tokens: [...zipTokens, ...xmlTokens],
    maxBytes: 128 * 1024,
    run: async (bytes) => {
      await checkTemplateFile(bytes, 'fuzz.docx');
      return extractVariables(bytes, 'fuzz.docx');
    },
    expected: app,
  },
];

export const targetByName = (name: string): FuzzTarget => {
  const target = targets.find((t) => t.name === name);
  if (!target) throw new Error(`unknown fuzz target ${name}; known: ${targets.map((t) => t.name).join(', ')}`);
  return target;
};
