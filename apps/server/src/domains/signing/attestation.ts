import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { languageTag, type SignerRole, type SignerStatus } from '@paraphe/contracts';
import { embedTextFonts, pdfText, type PdfTextFonts } from '../../platform/pdf-fonts.ts';
import { fill, pdfLanguageOf } from '../../platform/pdf-texts.ts';
import { attestationTexts } from './attestationTexts.ts';

/**
 * The evidence file of a completed request: what was signed (SHA-256 of each original and signed document), by
 * whom, and every event of the hash-chained trail with its time, IP and user agent. Laid out with pdf-lib; the
 * caller seals and time-stamps it with the tenant's seal.
 */

export interface AttestationInput {
  company: string;
  /** The tenant's logo (settings → General), drawn at the top right of the first page. */
  logo?: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' };
  testMode: boolean;
  generatedAt: Date;
  request: { id: string; label: string; level: number; requester: string | null; sentAt: Date | null; completedAt: Date };
  signers: { name: string; email: string; phone: string | null; role: string; status: string; actionAt: Date | null }[];
  documents: {
    /** The document's id: the trail's events name it (an optional document's choices). */
    id?: string;
    title: string;
    fileName: string;
    documentType: string;
    originalSha256: string;
    signedSha256: string | null;
    /** Options.stampBeforeSigning: the company seal applied at send, before the first signature. */
    sealedBeforeSigning?: { accountLabel: string; certificate: string; sha256: string } | null;
  }[];
  events: {
    seq: number;
    at: Date;
    type: string;
    signer: string | null;
    data: Record<string, unknown>;
    ip: string | null;
    userAgent: string | null;
    hash: string;
  }[];
  chain: { valid: boolean; lastHash: string | null };
}

/** A date and time in the file's language, in UTC (the trail's own clock). */
const dateTimeIn = (language: string) => {
  const format = new Intl.DateTimeFormat(languageTag(language), { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });
  return (d: Date | null) => (d ? `${format.format(d)} UTC` : '—');
};

class Writer {
  readonly #doc: PDFDocument;
  readonly #fonts: PdfTextFonts;
  readonly #banner: string | null;
  #page!: PDFPage;
  #y = 0;
  static readonly margin = 50;
  static readonly width = 595;
  static readonly height = 842;

  constructor(doc: PDFDocument, fonts: PdfTextFonts, banner: string | null) {
    this.#doc = doc;
    this.#fonts = fonts;
    this.#banner = banner;
    this.#newPage();
  }

  #newPage() {
    this.#page = this.#doc.addPage([Writer.width, Writer.height]);
    this.#y = Writer.height - Writer.margin;
    if (this.#banner) {
      this.#page.drawRectangle({ x: 0, y: Writer.height - 28, width: Writer.width, height: 28, color: rgb(0.85, 0.1, 0.1) });
      this.#fonts.draw(this.#page, this.#banner, { x: Writer.margin, y: Writer.height - 19, size: 11, bold: true, color: rgb(1, 1, 1) });
      this.#y -= 10;
    }
  }

  /** Writes a paragraph, wrapped to the page width (a word longer than a line is cut), starting a new page when needed. */
  line(text: string, opts: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}) {
    const size = opts.size ?? 9;
    const x = Writer.margin + (opts.indent ?? 0);
    for (const l of this.#fonts.wrap(text, size, Writer.width - Writer.margin - x, opts.bold)) {
      if (this.#y < Writer.margin + size) this.#newPage();
      this.#fonts.draw(this.#page, l, { x, y: this.#y - size, size, bold: opts.bold });
      this.#y -= size + 3;
    }
    this.#y -= opts.gap ?? 0;
  }
}

/** At most 120×48 pt, keeping its proportions, in the top right corner (below the test-mode banner). */
async function drawLogo(doc: PDFDocument, logo: NonNullable<AttestationInput['logo']>) {
  const image = logo.type === 'image/png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  const { width, height } = image.scaleToFit(120, 48);
  doc.getPage(0).drawImage(image, { x: Writer.width - Writer.margin - width, y: Writer.height - Writer.margin - height + 12, width, height });
}

/**
 * The evidence file, written in `language` (the request's options.language: docs/languages.md); names, labels and
 * trail data in any script (embedded Unicode fonts, /Lang set).
 */
export async function buildAttestation(input: AttestationInput, language: string): Promise<Uint8Array> {
  const locale = pdfLanguageOf(language);
  const t = attestationTexts[locale];
  const at = dateTimeIn(locale);
  const doc = await PDFDocument.create();
  const fonts = embedTextFonts(doc, { language: locale, sample: JSON.stringify({ ...input, logo: null }) });
  doc.setTitle(pdfText(fill(t.docTitle, { label: input.request.label })));
  doc.setProducer('Paraphe');
  doc.setCreationDate(input.generatedAt);
  const w = new Writer(doc, fonts, input.testMode ? t.testBanner : null);
  const { request } = input;
  if (input.logo) await drawLogo(doc, input.logo);

  w.line(t.title, { size: 16, bold: true, gap: 6 });
  if (input.testMode) w.line(t.testNotice, { bold: true, gap: 4 });
  w.line(fill(t.issuer, { company: input.company }));
  w.line(fill(t.request, { label: request.label, id: request.id, level: request.level }));
  w.line(fill(t.requester, { name: request.requester ?? '—' }));
  w.line(fill(t.sent, { date: at(request.sentAt) }));
  w.line(fill(t.completed, { date: at(request.completedAt) }));
  w.line(fill(t.generated, { date: at(input.generatedAt) }), { gap: 8 });

  w.line(t.participants, { size: 12, bold: true, gap: 2 });
  for (const s of input.signers) {
    const role = t.roles[s.role as SignerRole] ?? s.role;
    const status = t.statuses[s.status as SignerStatus] ?? s.status;
    w.line(`${s.name} <${s.email}>${s.phone ? `, ${s.phone}` : ''} — ${role}, ${status}${s.actionAt ? `, ${at(s.actionAt)}` : ''}`, { indent: 10 });
  }
  w.line('', { gap: 4 });

  w.line(t.documents, { size: 12, bold: true, gap: 2 });
  for (const d of input.documents) {
    w.line(`${d.title} (${d.fileName}, ${d.documentType})`, { indent: 10, bold: true });
    w.line(fill(t.original, { hash: d.originalSha256 }), { indent: 20 });
    if (d.sealedBeforeSigning) {
      const seal = d.sealedBeforeSigning;
      w.line(fill(t.sealedBefore, { account: seal.accountLabel, certificate: seal.certificate, hash: seal.sha256 }), { indent: 20 });
    }
    w.line(fill(t.signed, { hash: d.signedSha256 ?? `— (${t.notSigned})` }), { indent: 20 });
    if (d.documentType === 'pdf-optional' && d.id) {
      const choices = optionalChoicesOf(input.events, d.id);
      if (choices.signedBy.length) w.line(fill(t.optionalSignedBy, { names: choices.signedBy.join(', ') }), { indent: 20 });
      if (choices.declinedBy.length) w.line(fill(t.optionalDeclinedBy, { names: choices.declinedBy.join(', ') }), { indent: 20 });
    }
  }
  w.line('', { gap: 4 });

  w.line(t.events, { size: 12, bold: true, gap: 2 });
  for (const e of input.events) {
    const details = Object.entries(e.data)
      .filter(([key]) => !wordedKeys.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(', ');
    w.line(`#${e.seq} ${at(e.at)} — ${e.type}${e.signer ? ` — ${e.signer}` : ''}${details ? ` (${details})` : ''}`, { indent: 10, bold: true });
    const handOver = e.type === 'delegated' ? handOverOf(e.data) : null;
    if (handOver) w.line(fill(t.handedOver, handOver), { indent: 20 });
    w.line(fill(t.eventOrigin, { ip: e.ip ?? '—', agent: e.userAgent ?? '—' }), { indent: 20 });
    w.line(fill(t.eventHash, { hash: e.hash }), { indent: 20, size: 7 });
  }
  w.line('', { gap: 4 });
  w.line(fill(input.chain.valid ? t.chainValid : t.chainBroken, { count: input.events.length, hash: input.chain.lastHash ?? '—' }), { bold: true });
  w.line(t.sealed);
  return doc.save();
}

/** Data printed in words elsewhere (documents, optional choices, the hand-over's sentence), not as key=value. */
const wordedKeys = new Set(['documents', 'consents', 'optionalDocuments', 'from', 'to', 'reason']);

/** The parts of the "X handed the request over to Y" sentence, from a `delegated` event's data. */
function handOverOf(data: Record<string, unknown>): Record<string, string> | null {
  const from = data.from as { name?: string } | undefined;
  const to = data.to as { name?: string; email?: string; mobile?: string } | undefined;
  if (!from?.name || !to?.name) return null;
  return { from: from.name, to: to.name, email: to.email ?? '', mobile: to.mobile ? `, ${to.mobile}` : '', reason: String(data.reason ?? '') };
}

/** Who signed an optional document and who chose not to, as each signer's `signed` event recorded it. */
function optionalChoicesOf(events: AttestationInput['events'], documentId: string): { signedBy: string[]; declinedBy: string[] } {
  const signedBy: string[] = [];
  const declinedBy: string[] = [];
  for (const e of events) {
    if (e.type !== 'signed' || !Array.isArray(e.data.optionalDocuments)) continue;
    const choice = (e.data.optionalDocuments as { id: string; signed: boolean }[]).find((c) => c.id === documentId);
    if (choice) (choice.signed ? signedBy : declinedBy).push(e.signer ?? '—');
  }
  return { signedBy, declinedBy };
}
