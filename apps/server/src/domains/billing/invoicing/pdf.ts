import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { languageTag, type SaleBuyer, type SaleLine } from '@paraphe/contracts';
import { embedTextFonts, type PdfTextFonts } from '../../../platform/pdf-fonts.ts';
import { fill, pdfLanguageOf, type PdfTexts } from '../../../platform/pdf-texts.ts';
import type { SellerSnapshot } from '../schema.ts';
import { invoiceTexts, type InvoiceTexts } from './pdfTexts.ts';

/**
 * The invoice or credit note PDF (A4), with the mentions a French invoice must carry (CGI art. 242 nonies A,
 * Code de commerce L441-9): seller identity, buyer identity, number, dates, service period, nature of the
 * operation, lines, VAT, totals, due date, penalties, the €40 recovery indemnity, no early-payment discount, and
 * the VAT regime's mention. Built once at issue, stored, never rebuilt. Written in the buyer's language (12),
 * in embedded Unicode fonts: a buyer's name in any script prints as written.
 */

export interface InvoicePdfInput {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  dueAt: Date | null;
  periodStart: Date;
  /** Exclusive: the last day shown is the day before. */
  periodEnd: Date;
  lines: readonly SaleLine[];
  netCents: number;
  vatRatePercent: number;
  vatCents: number;
  totalCents: number;
  vatMention: PdfTexts<string> | null;
  seller: SellerSnapshot;
  buyer: SaleBuyer;
  language: string;
  /** A credit note: the invoice it refunds, and the refund's reason. */
  refund?: { invoiceNumber: string; reason: string | null };
}

const dayOf = (at: Date, language: string) =>
  at.toLocaleDateString(languageTag(language), { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
/** An amount in euros as the language writes it (Intl: "1 234,50 €", "€1,234.50", "1.234,50 €"). */
export function formatEuros(cents: number, language: string): string {
  return (cents / 100).toLocaleString(languageTag(language), { style: 'currency', currency: 'EUR' });
}
const percentText = (value: number, language: string) => (value / 100).toLocaleString(languageTag(language), { style: 'percent', maximumFractionDigits: 2 });

const A4 = { width: 595.28, height: 841.89 };
const margin = 42;
const grey = rgb(0.35, 0.35, 0.35);
const accent = rgb(0, 0.624, 0.89);

class Layout {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  readonly doc: PDFDocument;
  readonly fonts: PdfTextFonts;
  constructor(doc: PDFDocument, fonts: PdfTextFonts) {
    this.doc = doc;
    this.fonts = fonts;
    this.addPage();
  }
  addPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - margin;
  }
  ensure(height: number) {
    if (this.y - height < margin + 40) this.addPage();
  }
  /** Wrapped text from x within width; returns the lines drawn. */
  text(text: string, opts: { x?: number; width?: number; size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; align?: 'left' | 'right' } = {}) {
    const size = opts.size ?? 9;
    const x = opts.x ?? margin;
    const width = opts.width ?? A4.width - margin - x;
    for (const line of this.fonts.wrap(text, size, width, opts.bold)) {
      this.ensure(size + 3);
      const drawX = opts.align === 'right' ? x + width - this.fonts.width(line, size, opts.bold) : x;
      this.fonts.draw(this.page, line, { x: drawX, y: this.y - size, size, bold: opts.bold, color: opts.color });
      this.y -= size + 3;
    }
  }
  gap(points: number) {
    this.y -= points;
  }
}

const sellerIdentity = (s: SellerSnapshot, t: InvoiceTexts) =>
  `${s.name}, ${s.legalForm} ${t.capital} ${s.shareCapital} — ${s.address}, ${s.postalCode} ${s.city} — SIREN ${s.siren} — RCS ${s.rcsCity} ${s.siren} — ${t.vatNumber} ${s.vatNumber}`;

function drawLines(l: Layout, input: InvoicePdfInput, t: InvoiceTexts, lang: string) {
  // Columns: description | qty | unit price | discount | net | VAT
  const columns = [
    { title: t.description, x: margin, width: 190, align: 'left' as const },
    { title: t.quantity, x: 232, width: 50, align: 'right' as const },
    { title: t.unitPrice, x: 284, width: 80, align: 'right' as const },
    { title: t.discount, x: 366, width: 50, align: 'right' as const },
    { title: t.net, x: 418, width: 80, align: 'right' as const },
    { title: t.vatRate, x: 500, width: A4.width - margin - 500, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    l.ensure(14);
    const top = l.y;
    let lowest = top;
    cells.forEach((cell, i) => {
      l.y = top;
      l.text(cell, { x: columns[i]!.x, width: columns[i]!.width, size: 8.5, bold, align: columns[i]!.align });
      lowest = Math.min(lowest, l.y);
    });
    l.y = lowest - 2;
  };
  l.page.drawRectangle({ x: margin - 3, y: l.y - 13, width: A4.width - 2 * margin + 6, height: 15, color: rgb(0.93, 0.96, 0.99) });
  row(
    columns.map((c) => c.title),
    true,
  );
  const vat = percentText(input.vatRatePercent, lang);
  for (const line of input.lines) {
    const month = line.month ? ` (${line.month})` : '';
    row([
      `${t.kinds[line.kind] ?? line.kind}${month}`,
      String(line.quantity),
      formatEuros(line.unitPriceCents, lang),
      line.discountPercent ? percentText(line.discountPercent, lang) : '—',
      formatEuros(line.netCents, lang),
      vat,
    ]);
  }
  if (input.refund)
    row([fill(t.refundLine, { number: input.refund.invoiceNumber }), '1', formatEuros(input.netCents, lang), '—', formatEuros(input.netCents, lang), vat]);
  l.page.drawLine({ start: { x: margin, y: l.y }, end: { x: A4.width - margin, y: l.y }, thickness: 0.5, color: grey });
  l.gap(6);
}

export async function buildInvoicePdf(input: InvoicePdfInput): Promise<Uint8Array> {
  const lang = pdfLanguageOf(input.language);
  const t = invoiceTexts[lang];
  const doc = await PDFDocument.create();
  const title = input.kind === 'invoice' ? t.invoice : t.creditNote;
  doc.setTitle(`${title} ${input.number}`);
  doc.setAuthor(input.seller.name);
  doc.setProducer('Paraphe');
  doc.setCreator('Paraphe');
  // Fixed dates: the same input gives the same bytes.
  doc.setCreationDate(input.issuedAt);
  doc.setModificationDate(input.issuedAt);
  const l = new Layout(doc, embedTextFonts(doc, { language: lang, sample: JSON.stringify(input) }));
  const s = input.seller;
  const b = input.buyer;

  // Header: seller left, title and number right.
  const top = l.y;
  l.text(s.name, { size: 13, bold: true, width: 280, color: accent });
  l.text(`${s.address}`, { width: 280 });
  l.text(`${s.postalCode} ${s.city}`, { width: 280 });
  l.text(`SIREN ${s.siren} — RCS ${s.rcsCity}`, { width: 280 });
  l.text(`${t.vatNumber}${t.colon}${s.vatNumber}`, { width: 280 });
  const afterSeller = l.y;
  l.y = top;
  const rightX = 330;
  const rightWidth = A4.width - margin - rightX;
  l.text(title, { x: rightX, width: rightWidth, size: 18, bold: true, align: 'right' });
  l.text(`${t.number} ${input.number}`, { x: rightX, width: rightWidth, size: 11, bold: true, align: 'right' });
  l.text(`${t.issueDate}${t.colon}${dayOf(input.issuedAt, lang)}`, { x: rightX, width: rightWidth, align: 'right' });
  if (input.dueAt) l.text(`${t.dueDate}${t.colon}${dayOf(input.dueAt, lang)}`, { x: rightX, width: rightWidth, align: 'right' });
  const lastDay = new Date(input.periodEnd.getTime() - 1);
  l.text(`${t.servicePeriod}${t.colon}${fill(t.periodRange, { from: dayOf(input.periodStart, lang), to: dayOf(lastDay, lang) })}`, {
    x: rightX,
    width: rightWidth,
    align: 'right',
  });
  l.y = Math.min(afterSeller, l.y) - 16;

  // Buyer block, on the right like an envelope window.
  const boxTop = l.y;
  l.text(t.buyer, { x: rightX, width: rightWidth, bold: true, color: grey });
  l.text(b.companyName, { x: rightX, width: rightWidth, size: 10, bold: true });
  l.text(b.address, { x: rightX, width: rightWidth });
  l.text(`${b.postalCode} ${b.city} — ${b.country}`, { x: rightX, width: rightWidth });
  if (b.registrationNumber) l.text(`${t.registration}${t.colon}${b.registrationNumber}`, { x: rightX, width: rightWidth });
  if (b.vatNumber) l.text(`${t.vatNumber}${t.colon}${b.vatNumber}`, { x: rightX, width: rightWidth });
  l.page.drawRectangle({ x: rightX - 8, y: l.y - 4, width: rightWidth + 12, height: boxTop - l.y + 8, borderColor: grey, borderWidth: 0.5 });
  l.gap(18);

  l.text(t.nature);
  if (input.refund) {
    l.text(fill(t.refundOf, { number: input.refund.invoiceNumber }), { bold: true });
    if (input.refund.reason) l.text(fill(t.refundReason, { reason: input.refund.reason }));
  }
  l.gap(8);
  drawLines(l, input, t, lang);

  // Totals, right-aligned.
  const totals: [string, string, boolean][] = [
    [t.totalNet, formatEuros(input.netCents, lang), false],
    [
      fill(t.totalVat, { rate: input.vatRatePercent.toLocaleString(languageTag(lang), { maximumFractionDigits: 2 }) }),
      formatEuros(input.vatCents, lang),
      false,
    ],
    [t.totalGross, formatEuros(input.totalCents, lang), true],
  ];
  for (const [label, amount, strong] of totals) {
    const y = l.y;
    l.text(label, { x: 330, width: 120, bold: strong, size: strong ? 10.5 : 9 });
    l.y = y;
    l.text(amount, { x: 450, width: A4.width - margin - 450, bold: strong, size: strong ? 10.5 : 9, align: 'right' });
  }
  l.gap(6);
  if (input.vatMention) l.text(input.vatMention[lang], { bold: true });
  l.gap(10);

  // Payment terms and the legal mentions on late payment.
  if (input.kind === 'invoice') {
    l.text(input.dueAt && s.paymentTermsDays > 0 ? fill(t.terms, { days: s.paymentTermsDays, due: dayOf(input.dueAt, lang) }) : t.termsNow);
    l.text(s.latePenaltyText);
    l.text(t.indemnity);
    if (s.iban) l.text(fill(t.transfer, { iban: s.iban, bic: s.bic ? ` — BIC ${s.bic}` : '' }));
  }

  // Footer on every page: the seller's full identity and the page number.
  l.pages.forEach((page, index) => {
    const footer = l.fonts.wrap(sellerIdentity(s, t), 7, A4.width - 2 * margin);
    footer.forEach((line, i) => l.fonts.draw(page, line, { x: margin, y: margin - 4 + (footer.length - 1 - i) * 9, size: 7, color: grey }));
    const pageText = fill(t.page, { page: index + 1, pages: l.pages.length });
    l.fonts.draw(page, pageText, { x: A4.width - margin - l.fonts.width(pageText, 7), y: margin - 16, size: 7, color: grey });
  });
  return doc.save({ useObjectStreams: false });
}
