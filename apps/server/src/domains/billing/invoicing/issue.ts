import { createHash } from 'node:crypto';
import type { Actor, Platform } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { accountOf, assertCanIssue } from './accounts.ts';
import { buyerOf } from './notes.ts';
import { buildInvoicePdf, type InvoicePdfInput } from './pdf.ts';
import type { SellerSnapshot } from '../schema.ts';
import { requestPayment } from './paymentRequest.ts';
import * as repo from './repository.ts';
import { exportMention, reverseChargeMention, splitGross, vatCentsOf, vatFor } from './vat.ts';

/**
 * Issuing invoices and credit notes (docs/invoicing.md): the number from the series' counter, the VAT, the buyer
 * and seller frozen, the PDF built and stored once with its SHA-256 — all in the caller's transaction, so a
 * failure leaves no number used and no half invoice (a PDF already written is swept as an orphan).
 */

export const pdfKeyOf = (sale: { appId: string; id: string }) => `${sale.appId}/invoices/${sale.id}.pdf`;
const formatNumber = (prefix: string, year: number, n: number) => `${prefix}${year}-${String(n).padStart(6, '0')}`;
const dayMs = 86_400_000;

export function sellerSnapshot(c: repo.CompanyRow): SellerSnapshot {
  const { id, name, legalForm, shareCapital, address, postalCode, city, siren, rcsCity, vatNumber, iban, bic, latePenaltyText, paymentTermsDays } = c;
  return { id, name, legalForm, shareCapital, address, postalCode, city, siren, rcsCity, vatNumber, iban, bic, latePenaltyText, paymentTermsDays };
}
const mentionOf = (regime: string | null) => (regime === 'reverse_charge' ? reverseChargeMention : regime === 'export' ? exportMention : null);

async function storePdf(platform: Platform, sale: { appId: string; id: string }, input: InvoicePdfInput): Promise<{ pdfKey: string; pdfSha256: string }> {
  const bytes = await buildInvoicePdf(input);
  const pdfKey = pdfKeyOf(sale);
  await platform.storage.put(pdfKey, bytes);
  return { pdfKey, pdfSha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Takes the next number of the company's series for the current UTC year; the issue instant is taken after it. */
async function numbered(tx: Tx, platform: Platform, company: repo.CompanyRow): Promise<{ number: string; issuedAt: Date }> {
  const year = platform.clock().getUTCFullYear();
  const n = await repo.takeNumber(tx, company.id, year);
  // Read after the counter's lock: a later number never carries an earlier date.
  return { number: formatNumber(company.invoicePrefix, year, n), issuedAt: platform.clock() };
}

/**
 * Converts a pending delivery note into an invoice, in the caller's tenant transaction (the note is locked, so two
 * conversions of one note give one invoice; the unique note_id is the second wall). Emits billing.invoice_issued,
 * and billing.payment_requested when the tenant has automatic payment.
 */
export async function convertNote(tx: Tx, platform: Platform, noteId: string, actor: Actor | null, opts: { autoPay?: boolean } = {}): Promise<repo.SaleRow> {
  const note = await repo.lockSale(tx, noteId);
  if (!note || note.kind !== 'delivery_note') throw notFound('Delivery note');
  if (note.status !== 'pending') throw new AppError('CONFLICT', `This delivery note is ${note.status}: only a pending note can be invoiced.`);
  const { buyer, complete } = await buyerOf(tx, note.appId);
  if (!complete)
    throw new AppError(
      'CONFLICT',
      'Invoice generation failed: the client has no billing profile (company, address, country). Ask them to fill in Settings → Billing.',
    );
  const account = await accountOf(tx, note.appId);
  const company = account.company;
  assertCanIssue(company);
  const vat = vatFor(company, buyer);
  const vatCents = vatCentsOf(note.netCents, vat.ratePercent);
  const { number, issuedAt } = await numbered(tx, platform, company);
  const dueAt = new Date(issuedAt.getTime() + company.paymentTermsDays * dayMs);
  const seller = sellerSnapshot(company);
  const base = {
    appId: note.appId,
    kind: 'invoice' as const,
    status: 'pending' as const,
    number,
    issuingCompanyId: company.id,
    noteId: note.id,
    periodStart: note.periodStart,
    periodEnd: note.periodEnd,
    lines: note.lines,
    discounts: note.discounts,
    netCents: note.netCents,
    vatRegime: vat.regime,
    vatRatePercent: vat.ratePercent,
    vatCents,
    totalCents: note.netCents + vatCents,
    buyer,
    seller,
    language: note.language,
    autoPayment: account.autoPayment,
    issuedAt,
    dueAt,
    createdAt: issuedAt,
  };
  const id = crypto.randomUUID();
  const pdf = await storePdf(platform, { appId: note.appId, id }, { ...base, vatMention: vat.mention });
  const invoice = await repo.insertSale(tx, { id, ...base, ...pdf });
  await repo.updateSale(tx, note.id, { status: 'invoiced', updatedAt: issuedAt });
  const actorUserId = actor?.realUserId ?? null;
  await audit(tx, {
    appId: note.appId,
    actorUserId,
    action: 'billing.invoice_issued',
    targetType: 'sale',
    targetId: invoice.id,
    data: { number, noteId: note.id, totalCents: invoice.totalCents, vatRegime: vat.regime },
    ip: actor?.ip,
  });
  await platform.events.emit(tx, {
    type: 'billing.invoice_issued',
    appId: note.appId,
    actorUserId,
    data: { saleId: invoice.id, number, totalCents: invoice.totalCents, autoPayment: account.autoPayment, issuedAt: issuedAt.toISOString() },
  });
  if (account.autoPayment && opts.autoPay !== false)
    await requestPayment(tx, platform, { appId: note.appId, invoices: [invoice], trigger: 'auto', requestedBy: null });
  return invoice;
}

/**
 * A refund recorded by the payment side becomes a credit note: its own number in the invoice's series, the
 * refunded amount (including VAT) split at the invoice's rate, its PDF. Returns null when the refund is known.
 */
export async function issueCreditNote(
  tx: Tx,
  platform: Platform,
  opts: { invoice: repo.SaleRow; refundId: string; amountCents: number; reason: string | null },
): Promise<repo.SaleRow | null> {
  const { invoice, refundId, amountCents, reason } = opts;
  if (await repo.findByRefund(tx, refundId)) return null;
  const company = await repo.findCompany(tx, invoice.issuingCompanyId);
  if (!company) throw notFound('Issuing company');
  const { netCents, vatCents } = splitGross(amountCents, invoice.vatRatePercent);
  const { number, issuedAt } = await numbered(tx, platform, company);
  const base = {
    appId: invoice.appId,
    kind: 'credit_note' as const,
    status: 'succeeded' as const,
    number,
    issuingCompanyId: company.id,
    invoiceId: invoice.id,
    refundId,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    lines: [],
    discounts: [],
    netCents,
    vatRegime: invoice.vatRegime,
    vatRatePercent: invoice.vatRatePercent,
    vatCents,
    totalCents: amountCents,
    buyer: invoice.buyer,
    // The seller as on the invoice it corrects.
    seller: invoice.seller ?? sellerSnapshot(company),
    language: invoice.language,
    issuedAt,
    createdAt: issuedAt,
  };
  const id = crypto.randomUUID();
  const pdf = await storePdf(
    platform,
    { appId: invoice.appId, id },
    { ...base, dueAt: null, vatMention: mentionOf(invoice.vatRegime), seller: base.seller, refund: { invoiceNumber: invoice.number!, reason } },
  );
  const creditNote = await repo.insertSale(tx, { id, ...base, ...pdf });
  await audit(tx, {
    appId: invoice.appId,
    actorUserId: null,
    action: 'billing.credit_note_issued',
    targetType: 'sale',
    targetId: creditNote.id,
    data: { number, invoiceId: invoice.id, refundId, totalCents: amountCents },
  });
  return creditNote;
}
