import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

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
    title: string;
    fileName: string;
    documentType: string;
    originalSha256: string;
    signedSha256: string | null;
    /** Options.stampBeforeSigning: the company seal applied at send, before the first signature. */
    sealedBeforeSigning?: { accountLabel: string; certificate: string; sha256: string } | null;
  }[];
  events: { seq: number; at: Date; type: string; signer: string | null; data: Record<string, unknown>; ip: string | null; userAgent: string | null; hash: string }[];
  chain: { valid: boolean; lastHash: string | null };
}

export const testModeNotice = 'TEST MODE — no legal value';

/** Helvetica (WinAnsi) cannot draw every character: keep Latin-1 and the few WinAnsi extras, replace the rest. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string) => [...text.replace(/[\r\n\t]+/g, ' ')].map((c) => (c.charCodeAt(0) < 256 || winAnsiExtras.has(c) ? c : '?')).join('');
const iso = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC') : '—');

class Writer {
  readonly #doc: PDFDocument;
  readonly #font: PDFFont;
  readonly #bold: PDFFont;
  readonly #banner: string | null;
  #page!: PDFPage;
  #y = 0;
  static readonly margin = 50;
  static readonly width = 595;
  static readonly height = 842;

  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont, banner: string | null) {
    this.#doc = doc;
    this.#font = font;
    this.#bold = bold;
    this.#banner = banner;
    this.#newPage();
  }

  #newPage() {
    this.#page = this.#doc.addPage([Writer.width, Writer.height]);
    this.#y = Writer.height - Writer.margin;
    if (this.#banner) {
      this.#page.drawRectangle({ x: 0, y: Writer.height - 28, width: Writer.width, height: 28, color: rgb(0.85, 0.1, 0.1) });
      this.#page.drawText(this.#banner, { x: Writer.margin, y: Writer.height - 19, size: 11, font: this.#bold, color: rgb(1, 1, 1) });
      this.#y -= 10;
    }
  }

  /** Writes a paragraph, wrapped to the page width, starting a new page when needed. */
  line(text: string, opts: { size?: number; bold?: boolean; indent?: number; gap?: number } = {}) {
    const size = opts.size ?? 9;
    const font = opts.bold ? this.#bold : this.#font;
    const x = Writer.margin + (opts.indent ?? 0);
    const maxWidth = Writer.width - Writer.margin - x;
    const words = printable(text).split(' ');
    let current = '';
    const lines: string[] = [];
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth || !current) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    lines.push(current);
    for (const l of lines) {
      if (this.#y < Writer.margin + size) this.#newPage();
      // A single word longer than the line (a hash, a user agent) is cut, never drawn off the page.
      let fitted = l;
      while (font.widthOfTextAtSize(fitted, size) > maxWidth && fitted.length > 1) fitted = fitted.slice(0, -1);
      this.#page.drawText(fitted, { x, y: this.#y - size, size, font });
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

export async function buildAttestation(input: AttestationInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Evidence file — ${printable(input.request.label)}`);
  doc.setProducer('Paraphe');
  doc.setCreationDate(input.generatedAt);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold), input.testMode ? testModeNotice : null);
  const { request } = input;
  if (input.logo) await drawLogo(doc, input.logo);

  w.line('Evidence file (signature attestation)', { size: 16, bold: true, gap: 6 });
  if (input.testMode) w.line(`${testModeNotice}: this request was made in test mode; its signatures have no legal value.`, { bold: true, gap: 4 });
  w.line(`Issuer: ${input.company}`);
  w.line(`Request: "${request.label}" (id ${request.id}), level ${request.level}`);
  w.line(`Requester: ${request.requester ?? '—'}`);
  w.line(`Sent: ${iso(request.sentAt)}   Completed: ${iso(request.completedAt)}   Generated: ${iso(input.generatedAt)}`, { gap: 8 });

  w.line('Participants', { size: 12, bold: true, gap: 2 });
  for (const s of input.signers) {
    w.line(`${s.name} <${s.email}>${s.phone ? `, ${s.phone}` : ''} — ${s.role}, ${s.status}${s.actionAt ? ` at ${iso(s.actionAt)}` : ''}`, { indent: 10 });
  }
  w.line('', { gap: 4 });

  w.line('Documents (SHA-256)', { size: 12, bold: true, gap: 2 });
  for (const d of input.documents) {
    w.line(`${d.title} (${d.fileName}, ${d.documentType})`, { indent: 10, bold: true });
    w.line(`original: ${d.originalSha256}`, { indent: 20 });
    if (d.sealedBeforeSigning) {
      w.line(`sealed by ${d.sealedBeforeSigning.accountLabel} before signing (certificate ${d.sealedBeforeSigning.certificate}): ${d.sealedBeforeSigning.sha256}`, { indent: 20 });
    }
    w.line(`signed:   ${d.signedSha256 ?? '— (not signed)'}`, { indent: 20 });
  }
  w.line('', { gap: 4 });

  w.line('Events', { size: 12, bold: true, gap: 2 });
  for (const e of input.events) {
    const details = Object.entries(e.data)
      .filter(([key]) => key !== 'documents' && key !== 'consents')
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(', ');
    w.line(`#${e.seq} ${iso(e.at)} — ${e.type}${e.signer ? ` — ${e.signer}` : ''}${details ? ` (${details})` : ''}`, { indent: 10, bold: true });
    w.line(`IP: ${e.ip ?? '—'}   User agent: ${e.userAgent ?? '—'}`, { indent: 20 });
    w.line(`hash: ${e.hash}`, { indent: 20, size: 7 });
  }
  w.line('', { gap: 4 });
  w.line(`Event chain: ${input.chain.valid ? 'verified' : 'BROKEN'} (${input.events.length} events; last hash ${input.chain.lastHash ?? '—'}).`, { bold: true });
  w.line('This file is sealed with the issuer\'s electronic seal and time-stamped; any change invalidates the seal.');
  return doc.save();
}
