import type { Payment, SepaMandate } from '@paraphe/contracts';
import type { BatchRow, MandateRow, PaymentRow, RefundRow } from './repository.ts';

export const maskIban = (iban: string) => `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;

export function presentMandate(m: MandateRow): SepaMandate {
  return {
    id: m.id,
    rum: m.rum,
    creditorId: m.creditorId,
    creditorName: m.creditorName,
    debtorName: m.debtorName,
    debtorAddress: m.debtorAddress,
    iban: maskIban(m.iban),
    bic: m.bic,
    type: 'recurrent',
    status: m.status,
    signedAt: m.signedAt.toISOString(),
    signedBy: m.signedByName,
  };
}

export function presentPayment(p: PaymentRow, refunds: readonly RefundRow[], company?: string): Payment {
  const mine = refunds.filter((r) => r.paymentId === p.id);
  const refundedOf = (saleId: string) => mine.filter((r) => r.saleId === saleId).reduce((n, r) => n + r.amountCents, 0);
  return {
    id: p.id,
    appId: p.appId,
    ...(company ? { company } : {}),
    paymentRequestId: p.paymentRequestId,
    trigger: p.trigger,
    method: p.method,
    status: p.status,
    amountCents: p.amountCents,
    refundedCents: mine.reduce((n, r) => n + r.amountCents, 0),
    invoices: p.invoices.map((i) => ({ ...i, refundedCents: refundedOf(i.saleId) })),
    failureReason: p.failureReason,
    actionUrl: p.status === 'requires_action' ? p.actionUrl || null : null,
    dispute: p.dispute,
    sepaBatchId: p.sepaBatchId,
    createdAt: p.createdAt.toISOString(),
    succeededAt: p.succeededAt?.toISOString() ?? null,
  };
}

export function presentRefund(r: RefundRow) {
  return {
    id: r.id,
    paymentId: r.paymentId,
    saleId: r.saleId,
    amountCents: r.amountCents,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}

export function presentBatch(b: BatchRow) {
  return {
    id: b.id,
    messageId: b.messageId,
    status: b.status,
    numberOfTransactions: b.numberOfTransactions,
    controlSumCents: b.controlSumCents,
    collectionDates: b.collectionDates,
    createdAt: b.createdAt.toISOString(),
    collectedAt: b.collectedAt?.toISOString() ?? null,
  };
}
