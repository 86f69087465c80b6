/**
 * One fuzz target per hand-written parser of untrusted bytes. `run` feeds the bytes through the parser's public
 * entry point (and the internal one where the public one guards it); `expected` says which errors are the parser's
 * typed answer to bad input. Anything else thrown — TypeError, RangeError, a stack overflow, a raw node:crypto or
 * zlib error — is a finding; so is a run that does not return (hang) or that exhausts memory (the runner watches).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusRoot } from './support.ts';

// Each target loads only the modules it parses with (a worker starts faster, and its RSS is its own parser's).
const signingApi = () => import('../packages/signing/src/index.ts');
const derModule = () => import('../packages/signing/src/crypto/der.ts');
const spreadsheetErrors = () => import('../apps/server/src/platform/spreadsheets/errors.ts');
const appErrors = () => import('../apps/server/src/platform/errors.ts');

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
  /** Loads the parser's modules; returns what feeds it the bytes and which errors are its typed answers. */
  setup(): Promise<Harness>;
}

export interface Harness {
  run(bytes: Uint8Array): unknown;
  expected(error: unknown): boolean;
}

const signingErrors = async () => {
  const { SigningError } = await signingApi();
  return (error: unknown) => error instanceof SigningError;
};
const derErrors = async () => {
  const [{ SigningError }, { DerError }] = await Promise.all([signingApi(), derModule()]);
  return (error: unknown) => error instanceof SigningError || error instanceof DerError;
};
const spreadsheetErrorsOnly = async () => {
  const { SpreadsheetError } = await spreadsheetErrors();
  return (error: unknown) => error instanceof SpreadsheetError;
};
const appErrorsOnly = async () => {
  const { AppError } = await appErrors();
  return (error: unknown) => error instanceof AppError;
};
/** Runs `step`, letting the errors `expected` allows pass: a target that calls several parsers goes on after one. */
const tolerate = (expected: (error: unknown) => boolean, step: () => unknown) => {
  try {
    step();
  } catch (error) {
    if (!expected(error)) throw error;
  }
};

const pdfTokens = [
  '<<',
  '>>',
  '[',
  ']',
  ' 0 R ',
  ' obj\n',
  'endobj\n',
  'stream\n',
  '\nendstream',
  'xref\n0 1\n',
  'trailer\n',
  'startxref\n',
  '%%EOF\n',
  '/Prev 0 ',
  '/Length 999999999 ',
  '/Filter /FlateDecode ',
  '/Filter [/ASCIIHexDecode /FlateDecode] ',
  '/Type /ObjStm /N 99 /First 0 ',
  '/Type /XRef /W [1 4 2] /Size 9 ',
  '/Kids [2 0 R] ',
  '/Parent 1 0 R ',
  '/Root 1 0 R ',
  '/Encrypt 9 0 R ',
  '(\\',
  '<FEFF',
  '%',
  '/AcroForm <</Fields [5 0 R]>> ',
  '/FT /Sig ',
  '/ByteRange [0 1 2 3] ',
  '/Contents <3082> ',
  '/Perms <</DocMDP 9 0 R>> ',
  '/DSS <</Certs [9 0 R]>> ',
  '/Rotate 90 ',
  '/MediaBox [0 0 -1 1e9] ',
];
const derTokens = [
  '\x30\x80',
  '\x00\x00',
  '\x30\x84\xff\xff\xff\xff',
  '\x06\x03\x55\x04\x03',
  '\x18\x0f',
  '\x17\x0d',
  '\x02\x01\x00',
  '\xa0\x80',
  '\x04\x00',
  '\x03\x01\x00',
];
const zipTokens = [
  'PK\x03\x04',
  'PK\x01\x02',
  'PK\x05\x06',
  'PK\x06\x06',
  'PK\x06\x07',
  '\xff\xff\xff\xff',
  '[Content_Types].xml',
  'xl/workbook.xml',
  'xl/worksheets/sheet1.xml',
  'mimetype',
  'content.xml',
  '../',
];
const xmlTokens = [
  '<',
  '>',
  '</',
  '/>',
  '&amp;',
  '&#0;',
  '<![CDATA[',
  '<!DOCTYPE x [<!ENTITY a "aaaa">]>',
  '&a;',
  '${',
  '}',
  '${#x}',
  '${/x}',
  '${@x}',
  '<w:t>',
  '</w:t>',
  '<c r="ZZZ999999"><v>1e308</v></c>',
  ' r="A1048577"',
  '<row r="99999999">',
];
const csvTokens = ['"', '""', ';', ',', '\t', '|', '\r\n', '\n', 'sep=;\n', '\ufeff', '\x00', '=', '=CMD|', '\xff\xfe', '\xef\xbb\xbf'];
const imageTokens = [
  'IHDR',
  'IDAT',
  'IEND',
  'PLTE',
  'tRNS',
  'acTL',
  '\xff\xd8',
  '\xff\xc0',
  '\xff\xc2',
  '\xff\xda',
  '\xff\xff',
  '\xff\xd9',
  '\x00\x00\x00\x00',
];

const root = () => readFileSync(join(corpusRoot, 'x509', 'root.der'));
const digest = new Uint8Array(32).fill(7);

export const targets: FuzzTarget[] = [
  {
    name: 'pdf-inspect',
    parses: 'PDF reader (xref tables and streams, object streams, filters, repair by scanning) through inspectPdf',
    corpus: ['pdf'],
    tokens: pdfTokens,
    maxBytes: 256 * 1024,
    setup: async () => {
      const { inspectPdf } = await signingApi();
      return { run: (bytes) => inspectPdf(bytes), expected: await signingErrors() };
    },
  },
  {
    name: 'pdf-prepare',
    parses: 'PDF reader + page tree, AcroForm and incremental writer through preparePdf',
    corpus: ['pdf'],
    tokens: pdfTokens,
    maxBytes: 256 * 1024,
    setup: async () => {
      const { preparePdf } = await signingApi();
      return { run: (bytes) => preparePdf(bytes, { fields: [{ signerIndex: 0 }] }), expected: await signingErrors() };
    },
  },
  {
    name: 'pdf-split',
    parses: 'named destinations (catalog /Dests, /Names tree) and the page-subset writer through namedDestinations and splitPdf',
    corpus: ['pdf'],
    tokens: [...pdfTokens, '/Dests', '/Names', '/Kids', '/Limits', '/D'],
    maxBytes: 256 * 1024,
    setup: async () => {
      const { namedDestinations, splitPdf } = await signingApi();
      return {
        run: (bytes) => {
          const starts = [...new Set([0, ...namedDestinations(bytes).values()])].sort((a, b) => a - b);
          return splitPdf(bytes, starts).length;
        },
        expected: await signingErrors(),
      };
    },
  },
  {
    name: 'pdf-verify',
    parses: 'signature dictionaries, ByteRange, embedded CMS, time-stamp, DSS (certificates, CRLs, OCSP) through verifyPdf',
    corpus: ['pdf'],
    tokens: pdfTokens,
    maxBytes: 256 * 1024,
    setup: async () => {
      const { verifyPdf } = await signingApi();
      const trustedRoots = [root()];
      return { run: (bytes) => verifyPdf(bytes, { trustedRoots, at: new Date('2026-12-01T00:00:00Z') }), expected: await signingErrors() };
    },
  },
  {
    name: 'der',
    parses: 'BER/DER reader (definite and indefinite lengths) and its typed field readers',
    corpus: ['x509', 'crl', 'ocsp-response', 'cms'],
    tokens: derTokens,
    maxBytes: 64 * 1024,
    setup: async () => {
      const d = await derModule();
      const expected = await derErrors();
      const readers = [d.readOid, d.readTime, d.readString, d.readIntegerBytes, d.readBitString, d.readBoolean];
      // Every node of the tree, with the typed readers the X.509/CMS code calls tried on each.
      const run = (bytes: Uint8Array) => {
        let visited = 0;
        const stack = [d.parseDer(bytes, true)];
        while (stack.length && visited < 100_000) {
          const node = stack.pop()!;
          visited++;
          for (const read of readers) tolerate(expected, () => read(node));
          if (node.tag & 0x20) stack.push(...d.children(node));
        }
        return visited;
      };
      return { run, expected };
    },
  },
  {
    name: 'x509',
    parses: 'X.509 certificates through parseCertificate and describeCertificate',
    corpus: ['x509'],
    tokens: derTokens,
    maxBytes: 16 * 1024,
    setup: async () => {
      const [{ describeCertificate }, { parseCertificate }, expected] = await Promise.all([
        signingApi(),
        import('../packages/signing/src/crypto/x509.ts'),
        derErrors(),
      ]);
      return {
        run: (bytes) => {
          tolerate(expected, () => parseCertificate(bytes));
          return describeCertificate(bytes);
        },
        expected,
      };
    },
  },
  {
    name: 'cms',
    parses: 'CMS SignedData (signer infos, attributes, certificates) through parseSignedData and verifyCmsSignature',
    corpus: ['cms', 'timestamp-token'],
    tokens: derTokens,
    maxBytes: 64 * 1024,
    setup: async () => {
      const [{ verifyCmsSignature }, { parseSignedData }, expected] = await Promise.all([
        signingApi(),
        import('../packages/signing/src/crypto/cms-parse.ts'),
        derErrors(),
      ]);
      return {
        run: (bytes) => {
          tolerate(expected, () => parseSignedData(bytes));
          return verifyCmsSignature(bytes, digest);
        },
        expected,
      };
    },
  },
  {
    name: 'timestamp-token',
    parses: 'RFC 3161 time-stamp tokens (TSTInfo inside CMS) through verifyTimestampToken',
    corpus: ['timestamp-token'],
    tokens: derTokens,
    maxBytes: 32 * 1024,
    setup: async () => {
      const { verifyTimestampToken } = await signingApi();
      return { run: (bytes) => verifyTimestampToken(bytes, { digest }), expected: await derErrors() };
    },
  },
  {
    name: 'ocsp',
    parses: 'OCSP requests (what /pki/ocsp receives) and responses (what a DSS carries)',
    corpus: ['ocsp-request', 'ocsp-response'],
    tokens: derTokens,
    maxBytes: 16 * 1024,
    setup: async () => {
      const [{ parseOcspRequest, parseOcspResponse }, expected] = await Promise.all([import('../packages/signing/src/crypto/ocsp.ts'), derErrors()]);
      return {
        run: (bytes) => {
          tolerate(expected, () => parseOcspRequest(bytes));
          return parseOcspResponse(bytes);
        },
        expected,
      };
    },
  },
  {
    name: 'crl',
    parses: 'CRLs through parseCrl',
    corpus: ['crl'],
    tokens: derTokens,
    maxBytes: 16 * 1024,
    setup: async () => {
      const [{ parseCrl }, expected] = await Promise.all([import('../packages/signing/src/crypto/crl.ts'), derErrors()]);
      return { run: (bytes) => parseCrl(bytes), expected };
    },
  },
  {
    name: 'pkcs12',
    parses: 'PKCS#12 (PBES2/PBKDF2, PKCS#12 v1 KDF with 3DES/RC2, MAC, bags) through loadPkcs12',
    corpus: ['pkcs12'],
    tokens: derTokens,
    maxBytes: 32 * 1024,
    setup: async () => {
      const { loadPkcs12 } = await signingApi();
      return { run: (bytes) => loadPkcs12(bytes, 'fuzz'), expected: await signingErrors() };
    },
  },
  {
    name: 'zip',
    parses: 'ZIP reader (central directory, ZIP64, local headers, bounded inflate) shared by spreadsheets and templates',
    corpus: ['zip', 'spreadsheet', 'docx'],
    tokens: zipTokens,
    maxBytes: 128 * 1024,
    setup: async () => {
      const { InflateBudget, entryText, readZipDirectory, verifyEntries } = await import('../apps/server/src/platform/spreadsheets/zip.ts');
      return {
        run: async (bytes) => {
          const entries = readZipDirectory(bytes, { maxInflatedBytes: 8 * 1024 * 1024, maxEntries: 1000 });
          await verifyEntries(bytes, entries, new InflateBudget(8 * 1024 * 1024));
          for (const entry of entries.slice(0, 20)) entryText(bytes, entry, 64 * 1024);
          return entries.length;
        },
        expected: await spreadsheetErrorsOnly(),
      };
    },
  },
  {
    name: 'spreadsheet',
    parses: 'spreadsheet imports: format sniffing, xlsx (own workbook/relationship reading + ExcelJS), xls/ods/xlsb (SheetJS), CSV',
    corpus: ['spreadsheet', 'csv', 'zip'],
    tokens: [...zipTokens, ...xmlTokens, ...csvTokens],
    maxBytes: 128 * 1024,
    setup: async () => {
      const { readSpreadsheet } = await import('../apps/server/src/platform/spreadsheets/reader.ts');
      return { run: (bytes) => readSpreadsheet(bytes, { maxRows: 2000, maxInflatedBytes: 16 * 1024 * 1024 }), expected: await spreadsheetErrorsOnly() };
    },
  },
  {
    name: 'csv-detect',
    parses: 'CSV detection: container sniffing, encoding (BOM, UTF-8 validity), sep= line, delimiter',
    corpus: ['csv'],
    tokens: csvTokens,
    maxBytes: 64 * 1024,
    setup: async () => {
      const { decodeText, detectDelimiter, sniffContainer, takeSepLine } = await import('../apps/server/src/platform/spreadsheets/detect.ts');
      return {
        run: (bytes) => {
          sniffContainer(bytes);
          const { text } = decodeText(bytes);
          return [detectDelimiter(text), takeSepLine(text)];
        },
        expected: await spreadsheetErrorsOnly(),
      };
    },
  },
  {
    name: 'png',
    parses: 'handwritten-signature PNG: header, chunk walk, bounded inflate, decode into an image XObject',
    corpus: ['png'],
    tokens: imageTokens,
    maxBytes: 16 * 1024,
    setup: async () => {
      const [{ imageXObject, readPngHeader }, { PdfReader }, { PdfUpdate }] = await Promise.all([
        import('../packages/signing/src/pdf/image.ts'),
        import('../packages/signing/src/pdf/reader.ts'),
        import('../packages/signing/src/pdf/update.ts'),
      ]);
      const host = PdfReader.open(readFileSync(join(corpusRoot, 'pdf', 'plain.pdf')));
      return {
        run: (bytes) => {
          readPngHeader(bytes);
          return imageXObject(new PdfUpdate(host), bytes);
        },
        expected: await signingErrors(),
      };
    },
  },
  {
    name: 'image-header',
    parses: 'logo and attachment headers: PNG IHDR and JPEG SOF markers (readImageHeader, checkLogo, documentOrImageType)',
    corpus: ['png', 'jpeg'],
    tokens: imageTokens,
    maxBytes: 16 * 1024,
    setup: async () => {
      const [{ documentOrImageType }, { checkLogo, readImageHeader }] = await Promise.all([
        import('../apps/server/src/platform/file-signature.ts'),
        import('../apps/server/src/domains/settings/logo.ts'),
      ]);
      return {
        run: (bytes) => {
          documentOrImageType(bytes);
          readImageHeader(bytes);
          return checkLogo(bytes);
        },
        expected: await appErrorsOnly(),
      };
    },
  },
  {
    name: 'docx-template',
    parses: 'mail-merge templates: .docx/.odt check (ZIP, content types, mimetype), variable extraction, the merged document of many copies',
    corpus: ['docx'],
    tokens: [...zipTokens, ...xmlTokens],
    maxBytes: 128 * 1024,
    setup: async () => {
      const { checkTemplateFile, extractVariables } = await import('../apps/server/src/domains/templates/docx.ts');
      const { assembleMergedDocx, planMergedDocx } = await import('../apps/server/src/domains/templates/merged-docx.ts');
      return {
        run: async (bytes) => {
          await checkTemplateFile(bytes, 'fuzz.docx');
          const variables = extractVariables(bytes, 'fuzz.docx');
          // The merged mail-merge document (its own scan of the body's tags) of two copies.
          const { plan } = planMergedDocx(bytes, variables);
          const values = Object.fromEntries(variables.map((v) => [v, 'a\n<&>']));
          return plan ? assembleMergedDocx(plan, [values, values]).marks : variables;
        },
        expected: await appErrorsOnly(),
      };
    },
  },
];

export const targetByName = (name: string): FuzzTarget => {
  const target = targets.find((t) => t.name === name);
  if (!target) throw new Error(`unknown fuzz target ${name}; known: ${targets.map((t) => t.name).join(', ')}`);
  return target;
};
