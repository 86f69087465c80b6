import { randomUUID } from 'node:crypto';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { cardProvider } from './card-provider.ts';
import * as repo from './repository.ts';

/** Spec §9: a refund is allowed within 3 calendar months of the invoice's issue (UTC). */
export function refundDeadline(issuedAt: string): Date {
  const issued = new Date(issuedAt);
  const deadline = new Date(issued);
  deadline.setUTCMonth(issued.getUTCMonth() + 3);
  // 30 November + 3 months is 28/29 February, not 2 March.
  if (deadline.getUTCDate() !== issued.getUTCDate()) deadline.setUTCDate(0);
  return deadline;
}

/**
 * The product administrator refunds part or all of a paid invoice: at most what was paid for it minus what was
 * refunded, within 3 months of its issue. Card: the provider refunds (our refund id as its idempotency key), in the
 * transaction that locks the payment, so two refunds at once cannot exceed what was paid. SEPA: no provider, the
 * refund is a bank transfer to make (`transfer_pending`). One ledger row and one `payment.refunded` each.
 */
export async function refundInvoice(opts: {
  platform: Platform;
  actor: Actor;
  saleId: string;
  amountCents: number;
  reason: string | null;
}): Promise<repo.RefundRow> {
  const { platform, actor, saleId, amountCents, reason } = opts;
  const paid = await platform.database.inSystem((tx) => repo.findPaidPaymentOfSale(tx, saleId));
  if (!paid) throw notFound('Paid invoice');
  return platform.database.inTenant(paid.appId, async (tx) => {
    const payment = (await repo.lockPayment(tx, paid.appId, paid.id))!;
    const invoice = payment.invoices.find((i) => i.saleId === saleId)!;
    if (platform.clock() > refundDeadline(invoice.issuedAt)) throw new AppError('REFUND_TOO_LATE');
    const refunded = (await repo.refundsOf(tx, [payment.id])).filter((r) => r.saleId === saleId).reduce((n, r) => n + r.amountCents, 0);
    const left = invoice.totalCents - refunded;
    if (amountCents > left)
      throw new AppError(
        'REFUND_EXCEEDS_PAID',
        `The refund is larger than what is left to refund on invoice ${invoice.number}: ${(left / 100).toFixed(2)} EUR.`,
        { details: { refundableCents: left } },
      );
    const id = randomUUID();
    let providerRefundId: string | null = null;
    if (payment.method === 'card') {
      if (!payment.providerPaymentId) throw new AppError('REFUND_FAILED');
      providerRefundId = (await (await cardProvider(platform)).refund({ providerPaymentId: payment.providerPaymentId, amountCents, idempotencyKey: id }))
        .refundId;
    }
    const refund = await repo.insertRefund(tx, {
      id,
      appId: payment.appId,
      paymentId: payment.id,
      saleId,
      amountCents,
      status: payment.method === 'card' ? 'succeeded' : 'transfer_pending',
      reason,
      providerRefundId,
      createdBy: actor.realUserId,
    });
    await repo.insertLedger(tx, {
      appId: payment.appId,
      paymentId: payment.id,
      refundId: id,
      kind: payment.method === 'card' ? 'refund' : 'sepa_refund_transfer',
      amountCents: -amountCents,
      method: payment.method,
      providerReference: providerRefundId,
    });
    await audit(tx, {
      appId: payment.appId,
      actorUserId: actor.realUserId,
      action: 'payment.refunded',
      targetType: 'payment',
      targetId: payment.id,
      data: { refundId: id, saleId, amountCents },
      ip: actor.ip,
    });
    await platform.events.emit(tx, {
      type: 'payment.refunded',
      appId: payment.appId,
      actorUserId: actor.realUserId,
      data: { paymentId: payment.id, refundId: id, saleId, amountCents, reason },
    });
    return refund;
  });
}
