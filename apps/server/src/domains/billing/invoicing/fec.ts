import { neutraliseFormula } from '../../../platform/spreadsheets/index.ts';

/**
 * The accounting export in the French FEC format ("Fichier des écritures comptables", LPF art. A47 A-1): the
 * sales journal of one issuing company over a range (docs/invoicing.md). One entry per invoice — debit the
 * customer (411, with the tenant as auxiliary account) for the total, credit sales of services (706) for the net
 * and collected VAT (44571) for the VAT — and the reverse for a credit note. Pure: the documents in, the lines out.
 */

export const fecColumns = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;
export type FecLine = Record<(typeof fecColumns)[number], string>;

export const fecAccounts = {
  customers: { num: '411000', lib: 'Clients' },
  sales: { num: '706000', lib: 'Prestations de services' },
  vat: { num: '445710', lib: 'TVA collectée' },
} as const;
const journal = { code: 'VE', lib: 'Ventes' } as const;

export interface FecDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: Date;
  customer: { id: string; name: string };
  netCents: number;
  vatCents: number;
  totalCents: number;
}

/** `YYYYMMDD` of the UTC day. */
export const fecDate = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');
/** Amounts with a comma decimal and no thousands separator: 1234,50. */
export const fecAmount = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;
/** The customer's auxiliary account: stable, from the tenant id (8 hex digits are unique enough among tenants; see doc). */
export const customerAccount = (appId: string) => `C${appId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
/**
 * A free-text field (a label, the customer's name): no tab or line break (they separate fields and records), and
 * formula-like text (`=`, `+`, `-`, `@` first) neutralised with a leading `'` — the one neutraliser of every export
 * (platform/spreadsheets/formula-guard.ts) — since a FEC is also opened in a spreadsheet (tab-separated text), where
 * a customer named `=HYPERLINK(…)` would otherwise run. Tabs and CRs are gone before, so only those four remain.
 * Amounts, dates, account numbers and references are ours and never pass through here: an amount keeps its sign
 * and its `1234,50` form, as the FEC requires (docs/invoicing.md, "Exports").
 */
const field = (text: string) => neutraliseFormula(text.replace(/[\t\r\n]+/g, ' ').trim());

/** The lines of the documents, in issue order (then number), each entry numbered from 1 and balanced. */
export function fecLines(documents: readonly FecDocument[]): FecLine[] {
  const sorted = [...documents].sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.number.localeCompare(b.number));
  const lines: FecLine[] = [];
  sorted.forEach((doc, index) => {
    const date = fecDate(doc.issuedAt);
    const label = field(`${doc.kind === 'invoice' ? 'Facture' : 'Avoir'} ${doc.number} ${doc.customer.name}`);
    // An invoice debits the customer; a credit note credits it (the reverse entry).
    const sign = doc.kind === 'invoice' ? 1 : -1;
    const line = (account: { num: string; lib: string }, cents: number, aux: boolean): FecLine => ({
      JournalCode: journal.code,
      JournalLib: journal.lib,
      EcritureNum: String(index + 1),
      EcritureDate: date,
      CompteNum: account.num,
      CompteLib: account.lib,
      CompAuxNum: aux ? customerAccount(doc.customer.id) : '',
      CompAuxLib: aux ? field(doc.customer.name) : '',
      PieceRef: doc.number,
      PieceDate: date,
      EcritureLib: label,
      Debit: fecAmount(cents > 0 ? cents : 0),
      Credit: fecAmount(cents < 0 ? -cents : 0),
      EcritureLet: '',
      DateLet: '',
      ValidDate: date,
      Montantdevise: '',
      Idevise: '',
    });
    lines.push(line(fecAccounts.customers, sign * doc.totalCents, true));
    lines.push(line(fecAccounts.sales, -sign * doc.netCents, false));
    if (doc.vatCents) lines.push(line(fecAccounts.vat, -sign * doc.vatCents, false));
  });
  return lines;
}

/** The file: a header line then one line per record, tab-separated, CRLF. */
export function fecText(lines: readonly FecLine[]): string {
  return [fecColumns.join('\t'), ...lines.map((l) => fecColumns.map((c) => l[c]).join('\t'))].join('\r\n') + '\r\n';
}

/** `<SIREN>FEC<YYYYMMDD>.txt`, the date being the closing date of the period exported. */
export const fecFileName = (siren: string, to: Date) => `${siren}FEC${fecDate(to)}.txt`;

/**
 * ISO 8859-15 (one of the encodings the administration lists for the FEC): Latin-1 with the euro sign and the
 * French œ/Œ/Ÿ in place of eight symbols; anything else becomes '?'.
 */
const latin9 = new Map([...'€ŠšŽžŒœŸ'].map((c, i) => [c, [0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe][i]!]));
const replacedByLatin9 = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
export function latin9Bytes(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const mapped = latin9.get(char) ?? (code < 0x100 && !replacedByLatin9.has(code) ? code : 0x3f);
    bytes.push(mapped);
  }
  return Buffer.from(bytes);
}
