import { randomUUID } from 'node:crypto';
import type { Platform } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type * as repo from './repository.ts';

export interface PaymentRequested {
  paymentRequestId: string;
  amountCents: number;
  saleIds: string[];
}

/** Emits the request for unpaid invoices; the payment side creates one payment per paymentRequestId. */
export async function requestPayment(
  tx: Tx,
  platform: Platform,
  opts: { appId: string; invoices: readonly repo.SaleRow[]; trigger: 'tenant' | 'admin' | 'auto'; requestedBy: string | null; ip?: string },
): Promise<PaymentRequested> {
  const { appId, invoices, trigger, requestedBy } = opts;
  const paymentRequestId = randomUUID();
  // What is still due: the total less what was refunded already.
  const due = invoices.map((i) => ({ saleId: i.id, number: i.number!, totalCents: i.totalCents - i.refundedCents, issuedAt: i.issuedAt!.toISOString() }));
  const amountCents = due.reduce((s, i) => s + i.totalCents, 0);
  await platform.events.emit(tx, {
    type: 'billing.payment_requested',
    appId,
    actorUserId: requestedBy,
    data: { paymentRequestId, trigger, requestedBy, invoices: due, amountCents, currency: 'EUR' },
  });
  await audit(tx, {
    appId,
    actorUserId: requestedBy,
    action: 'billing.payment_requested',
    targetType: 'sale',
    targetId: invoices.length === 1 ? invoices[0]!.id : null,
    data: { paymentRequestId, trigger, saleIds: due.map((d) => d.saleId), amountCents },
    ip: opts.ip,
  });
  return { paymentRequestId, amountCents, saleIds: due.map((d) => d.saleId) };
}
