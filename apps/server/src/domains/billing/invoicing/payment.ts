import type { DomainEventOf } from '@paraphe/contracts';
import type { Actor, Platform } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { AppError, notFound } from '../../../platform/errors.ts';
import { defineRecorder } from '../../../platform/modules.ts';
import { convertNote, issueCreditNote } from './issue.ts';
import { requestPayment, type PaymentRequested } from './paymentRequest.ts';
import * as repo from './repository.ts';

/**
 * The invoicing side of payment (docs/invoicing.md): billing asks for a payment with `billing.payment_requested`
 * (the tenant paying selected invoices, the administrator putting a sale to payment, automatic payment at issue)
 * and records the payment side's answers (`payment.*`) on its invoices, in the emitter's transaction.
 */

/** Why an invoice cannot be paid now, or null. */
function unpayable(sale: repo.SaleRow): string | null {
  if (sale.kind === 'credit_note') return `${sale.number} is a credit note: it is not paid, it refunds.`;
  if (sale.status === 'succeeded') return `Invoice ${sale.number} is already paid.`;
  if (sale.totalCents - sale.refundedCents <= 0) return `Invoice ${sale.number} was refunded in full: nothing is due.`;
  return null;
}

/** The tenant pays selected invoices: each must be its own (else 404), unpaid (else 409). */
export async function payInvoices(opts: { platform: Platform; actor: Actor; saleIds: readonly string[] }): Promise<PaymentRequested> {
  const { platform, actor } = opts;
  const saleIds = [...new Set(opts.saleIds)];
  return platform.database.inTenant(actor.appId, async (tx) => {
    const found = await repo.salesByIds(tx, actor.appId, saleIds);
    // A delivery note is the administrator's business, not the tenant's: it is as unknown as another tenant's sale.
    const visible = found.filter((s) => s.kind !== 'delivery_note');
    if (visible.length !== saleIds.length) throw notFound('Invoice');
    const problems = visible.map(unpayable).filter((p): p is string => p !== null);
    if (problems.length) throw new AppError('CONFLICT', problems.join(' '));
    return requestPayment(tx, platform, { appId: actor.appId, invoices: visible, trigger: 'tenant', requestedBy: actor.realUserId, ip: actor.ip });
  });
}

/** The administrator puts a sale to payment: a pending note is converted first; an unpaid invoice is asked as is. */
export async function putToPayment(opts: { platform: Platform; actor: Actor; saleId: string }): Promise<PaymentRequested> {
  const { platform, actor, saleId } = opts;
  const appId = await platform.database.inSystem(async (tx) => (await repo.findSale(tx, saleId))?.appId);
  if (!appId) throw notFound('Sale');
  return platform.database.inTenant(appId, async (tx) => {
    const sale = await repo.lockSale(tx, saleId);
    if (!sale) throw notFound('Sale');
    let invoice = sale;
    if (sale.kind === 'delivery_note') {
      if (sale.status !== 'pending') throw new AppError('CONFLICT', `This delivery note is ${sale.status}: only a pending note can be put to payment.`);
      // Converted without the automatic request: this one, the administrator's, is the only one.
      invoice = await convertNote(tx, platform, sale.id, actor, { autoPay: false });
    }
    const problem = unpayable(invoice);
    if (problem) throw new AppError('CONFLICT', problem);
    return requestPayment(tx, platform, { appId, invoices: [invoice], trigger: 'admin', requestedBy: actor.realUserId, ip: actor.ip });
  });
}

// ----- The payment side's answers -----

type PaymentEvent = DomainEventOf<'payment.succeeded' | 'payment.dispute_changed' | 'payment.refunded'>;

/** Records one answer on the tenant's invoices. Idempotent: a replayed event finds nothing left to change. */
async function recordPaymentEvent(tx: Tx, platform: Platform, event: PaymentEvent): Promise<void> {
  const now = platform.clock();
  const invoicesOf = async (ids: readonly string[]) => (await repo.salesByIds(tx, event.appId, ids)).filter((s) => s.kind === 'invoice');
  switch (event.type) {
    case 'payment.succeeded':
      for (const invoice of await invoicesOf(event.data.saleIds)) {
        if (invoice.status === 'succeeded') continue;
        await repo.updateSale(tx, invoice.id, { status: 'succeeded', paidAt: new Date(event.data.succeededAt), updatedAt: now });
        await audit(tx, {
          appId: event.appId,
          actorUserId: null,
          action: 'billing.invoice_paid',
          targetType: 'sale',
          targetId: invoice.id,
          data: { paymentId: event.data.paymentId, method: event.data.method },
        });
      }
      return;
    case 'payment.dispute_changed': {
      // Opened: disputed. Won: the money stays, the flag goes. Lost: the money went back, the flag stays (the
      // invoice is unpaid in fact; a credit note comes with the refund event if the payment side records one).
      const disputed = event.data.status !== 'won';
      for (const invoice of await invoicesOf(event.data.saleIds)) {
        if (invoice.disputed === disputed) continue;
        await repo.updateSale(tx, invoice.id, { disputed, updatedAt: now });
        await audit(tx, {
          appId: event.appId,
          actorUserId: null,
          action: 'billing.invoice_dispute',
          targetType: 'sale',
          targetId: invoice.id,
          data: { paymentId: event.data.paymentId, status: event.data.status },
        });
      }
      return;
    }
    case 'payment.refunded': {
      const [invoice] = await invoicesOf([event.data.saleId]);
      if (!invoice) return; // not an invoice of this tenant: nothing of billing's to record
      const locked = (await repo.lockSale(tx, invoice.id))!;
      const creditNote = await issueCreditNote(tx, platform, {
        invoice: locked,
        refundId: event.data.refundId,
        amountCents: event.data.amountCents,
        reason: event.data.reason,
      });
      if (creditNote) await repo.updateSale(tx, invoice.id, { refundedCents: locked.refundedCents + event.data.amountCents, updatedAt: now });
      return;
    }
  }
}

export const paymentRecorder = (platform: Platform) =>
  defineRecorder({
    name: 'billing.payments',
    events: ['payment.succeeded', 'payment.dispute_changed', 'payment.refunded'],
    record: async (tx, events) => {
      for (const event of events) await recordPaymentEvent(tx, platform, event as PaymentEvent);
    },
  });
