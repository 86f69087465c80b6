import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAttestation, type AttestationInput } from '../../src/domains/signing/attestation.ts';
import { buildInvoicePdf, type InvoicePdfInput } from '../../src/domains/billing/invoicing/pdf.ts';
import { timestampReceipt } from '../../src/domains/timestamps/receipt.ts';

/**
 * Server PDFs in any script (docs/languages.md): names in Greek, Polish, Japanese and Korean are drawn in embedded
 * fonts and extract back exactly; the document says its language (/Lang); MuPDF and poppler render it.
 */
const dir = mkdtempSync(join(tmpdir(), 'paraphe-pdf-fonts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fileOf = (pdf: Uint8Array) => {
  const file = join(dir, `${++n}.pdf`);
  writeFileSync(file, pdf);
  return file;
};
const textOf = (pdf: Uint8Array) => execFileSync('pdftotext', ['-enc', 'UTF-8', fileOf(pdf), '-'], { encoding: 'utf8' });
const langOf = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).catalog.lookup(PDFName.of('Lang'), PDFString).decodeText();
const renders = (pdf: Uint8Array) => {
  const file = fileOf(pdf);
  const mutool = spawnSync('mutool', ['draw', '-o', join(dir, 'page-%d.png'), file], { encoding: 'utf8' });
  expect(mutool.status, mutool.stderr).toBe(0);
  // MuPDF reports a glyph it cannot draw ("invalid outline") as a warning: none may appear.
  expect(mutool.stderr.split('\n').filter((l) => /warning|error/i.test(l) && !l.includes('ICC support'))).toEqual([]);
  const poppler = spawnSync('pdftoppm', ['-r', '30', '-png', file, join(dir, 'poppler')], { encoding: 'utf8' });
  expect(poppler.status, poppler.stderr).toBe(0);
  expect(poppler.stderr).toBe('');
};

const names = ['Αλέξανδρος Παπαδόπουλος', 'Zażółć Gęślą Jaźń', 'Łukasz Wiśniewski', '山田太郎', '김민준'];
const at = new Date('2026-05-14T09:30:00Z');

const attestation = (): AttestationInput => ({
  company: 'Ακμή Α.Ε.',
  testMode: false,
  generatedAt: at,
  request: { id: '00000000-0000-4000-8000-000000000001', label: 'Σύμβαση 山田', level: 1, requester: 'Łukasz Wiśniewski', sentAt: at, completedAt: at },
  signers: names.map((name, i) => ({ name, email: `s${i}@example.com`, phone: null, role: 'signer', status: 'signed', actionAt: at })),
  documents: [{ title: 'Σύμβαση', fileName: 'contract.pdf', documentType: 'pdf', originalSha256: 'a'.repeat(64), signedSha256: 'b'.repeat(64) }],
  events: [{ seq: 1, at, type: 'signed', signer: '山田太郎', data: {}, ip: '203.0.113.7', userAgent: 'Mozilla/5.0', hash: 'c'.repeat(64) }],
  chain: { valid: true, lastHash: 'c'.repeat(64) },
});

describe('server PDFs in embedded Unicode fonts', () => {
  it('the evidence file in Greek: every name extracts back exactly, /Lang el, renders', async () => {
    const pdf = await buildAttestation(attestation(), 'gr');
    const text = textOf(pdf);
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('Αρχείο τεκμηρίωσης');
    expect(text).toContain('υπογράφων, υπέγραψε');
    expect(await langOf(pdf)).toBe('el');
    const fonts = execFileSync('pdffonts', [fileOf(pdf)], { encoding: 'utf8' });
    for (const font of ['LiberationSans', 'LiberationSans-Bold', 'DroidSansFallback', 'NanumSquareR'])
      expect(fonts).toMatch(new RegExp(`^[A-Z]{6}\\+${font}\\s+CID TrueType\\s+Identity-H\\s+yes yes yes`, 'm'));
    // Subsets: the 4 MB CJK font adds a few kilobytes.
    expect(pdf.length).toBeLessThan(60_000);
    renders(pdf);
  });

  it('a Latin-only evidence file embeds no fallback font (and stays small)', async () => {
    const input = { ...attestation(), company: 'Acme', request: { ...attestation().request, label: 'Contrat', requester: 'Éloïse Dupré' } };
    input.signers = [{ name: 'Éloïse Dupré', email: 'e@example.com', phone: null, role: 'signer', status: 'signed', actionAt: at }];
    input.events = [{ ...input.events[0]!, signer: 'Éloïse Dupré' }];
    const pdf = await buildAttestation(input, 'fr');
    expect(execFileSync('pdffonts', [fileOf(pdf)], { encoding: 'utf8' })).not.toMatch(/Droid|Nanum/);
    expect(textOf(pdf)).toContain('Fichier de preuve');
    expect(await langOf(pdf)).toBe('fr');
    expect(pdf.length).toBeLessThan(60_000);
  });

  it('a German invoice for a Japanese buyer: German terms and amounts, the buyer as written, /Lang de', async () => {
    const input: InvoicePdfInput = {
      kind: 'invoice',
      number: 'PRF2026-000001',
      issuedAt: at,
      dueAt: new Date('2026-06-13T00:00:00Z'),
      periodStart: new Date('2026-04-01T00:00:00Z'),
      periodEnd: new Date('2026-05-01T00:00:00Z'),
      lines: [{ kind: 'signer_signed', month: '2026-04', quantity: 1234, unitPriceCents: 100, grossCents: 123_400, discountPercent: 0, netCents: 123_400 }],
      netCents: 123_400,
      vatRatePercent: 20,
      vatCents: 24_680,
      totalCents: 148_080,
      vatMention: null,
      seller: {
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Paraphe SAS',
        legalForm: 'SAS',
        shareCapital: '10 000 €',
        address: '1 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
        siren: '123456789',
        rcsCity: 'Paris',
        vatNumber: 'FR12123456789',
        iban: null,
        bic: null,
        latePenaltyText: 'Pénalités : 3 fois le taux légal.',
        paymentTermsDays: 30,
      } as InvoicePdfInput['seller'],
      buyer: {
        companyName: '山田商事株式会社',
        registrationNumber: null,
        vatNumber: null,
        address: '東京都千代田区1-1',
        postalCode: '100-0001',
        city: 'Tokyo',
        country: 'JP',
        billingEmail: null,
      },
      language: 'de',
    };
    const pdf = await buildInvoicePdf(input);
    const text = textOf(pdf);
    for (const expected of ['RECHNUNG', 'Rechnungsdatum', 'zzgl. USt. 20 %', '1.234,00 €', '1.480,80 €', '山田商事株式会社', '東京都千代田区1-1'])
      expect(text).toContain(expected);
    expect(await langOf(pdf)).toBe('de');
    renders(pdf);
  });

  it('a Danish time-stamp receipt: its own words, the file name in any script, /Lang da (not dk)', async () => {
    const pdf = await timestampReceipt({
      fileName: 'Ægteskab 山田.txt',
      sizeBytes: 1234567,
      sha256: 'd'.repeat(64),
      timestampedAt: at,
      tsa: 'CN=Paraphe TSA',
      serial: '42',
      language: 'dk',
    });
    const text = textOf(pdf);
    for (const expected of ['Kvittering for tidsstempel', 'Ægteskab 山田.txt', '1.234.567 byte']) expect(text).toContain(expected);
    expect(await langOf(pdf)).toBe('da');
  });
});

describe('server PDFs in right-to-left scripts (docs/languages.md)', () => {
  const rtlNames = ['محمد بن سلمان', 'فاطمة الزهراء', 'דוד בן־גוריון', 'Leïla بن علي'];
  // pdftotext gives the reading order back and marks each right-to-left run with RLE … PDF (terminal hints).
  const readingOrder = (pdf: Uint8Array) => textOf(pdf).replace(/[\u202a-\u202e]/g, '');

  it('the evidence file: Arabic and Hebrew names shaped (Noto Sans Arabic), extracted in reading order, no "?", rendered', async () => {
    const input = attestation();
    input.company = 'شركة الأفق';
    input.request = { ...input.request, label: 'عقد إيجار', requester: 'דוד בן־גוריון' };
    input.signers = rtlNames.map((name, i) => ({ name, email: `s${i}@example.com`, phone: null, role: 'signer', status: 'signed', actionAt: at }));
    input.events = [{ ...input.events[0]!, signer: 'محمد بن سلمان' }];
    const pdf = await buildAttestation(input, 'en');
    const text = readingOrder(pdf);
    for (const name of ['محمد بن سلمان', 'فاطمة الزهراء', 'דוד בן־גוריון', 'Leïla', 'بن علي', 'شركة الأفق', 'عقد إيجار']) expect(text).toContain(name);
    // A line of the English document stays left to right around the right-to-left name it holds: on the page the
    // name (its words drawn right to left) comes before the e-mail address, not after it.
    const words = [
      ...execFileSync('pdftotext', ['-bbox', fileOf(pdf), '-'], { encoding: 'utf8' }).matchAll(
        /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g,
      ),
    ].map(([, xMin, xMax, word]) => ({ xMin: Number(xMin), xMax: Number(xMax), word: word!.replace(/&lt;/g, '<').replace(/&gt;/g, '>') }));
    const firstNameWord = words.find((w) => [...w.word].reverse().join('') === 'محمد')!;
    const email = words.find((w) => w.word === '<s0@example.com>')!;
    expect(firstNameWord.xMax).toBeLessThan(email.xMin);
    expect(text).not.toContain('?');
    expect(execFileSync('pdffonts', [fileOf(pdf)], { encoding: 'utf8' })).toMatch(
      /^[A-Z]{6}\+NotoSansArabic-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/m,
    );
    renders(pdf);
  });

  it('an invoice for an Arabic buyer: the buyer as written, shaped, in reading order', async () => {
    const input: InvoicePdfInput = {
      kind: 'invoice',
      number: 'PRF2026-000002',
      issuedAt: at,
      dueAt: new Date('2026-06-13T00:00:00Z'),
      periodStart: new Date('2026-04-01T00:00:00Z'),
      periodEnd: new Date('2026-05-01T00:00:00Z'),
      lines: [{ kind: 'signer_signed', month: '2026-04', quantity: 3, unitPriceCents: 100, grossCents: 300, discountPercent: 0, netCents: 300 }],
      netCents: 300,
      vatRatePercent: 20,
      vatCents: 60,
      totalCents: 360,
      vatMention: null,
      seller: {
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Paraphe SAS',
        legalForm: 'SAS',
        shareCapital: '10 000 €',
        address: '1 rue de la Paix',
        postalCode: '75002',
        city: 'Paris',
        siren: '123456789',
        rcsCity: 'Paris',
        vatNumber: 'FR12123456789',
        iban: null,
        bic: null,
        latePenaltyText: 'Pénalités : 3 fois le taux légal.',
        paymentTermsDays: 30,
      } as InvoicePdfInput['seller'],
      buyer: {
        companyName: 'شركة الأفق للتجارة',
        registrationNumber: null,
        vatNumber: null,
        address: 'شارع الملك فهد 12',
        postalCode: '11564',
        city: 'الرياض',
        country: 'SA',
        billingEmail: null,
      },
      language: 'en',
    };
    const pdf = await buildInvoicePdf(input);
    const text = readingOrder(pdf);
    for (const expected of ['شركة الأفق للتجارة', 'الرياض', 'INVOICE']) expect(text).toContain(expected);
    expect(text).not.toContain('?');
    renders(pdf);
  });
});
