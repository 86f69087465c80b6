import type { DomainEventOf } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { billingProfileOf } from '../billing/index.ts';
import { cardProvider } from './card-provider.ts';
import type { ChargeResult } from './provider.ts';
import { markFailed, markRequiresAction, markSucceeded } from './transitions.ts';
import * as repo from './repository.ts';

export const noPaymentMethod = 'no payment method';

/**
 * `billing.payment_requested` → one payment per request id (a second delivery finds it and stops). A SEPA tenant
 * gets a debit `pending` for the next batch; a card tenant is charged off-session on its default card, with our
 * payment id as the provider's idempotency key (a retried job charges once). No usable method → failed.
 */
export async function handlePaymentRequested(platform: Platform, event: DomainEventOf<'billing.payment_requested'>): Promise<void> {
  const d = event.data;
  const payment = await platform.database.inTenant(event.appId, async (tx) => {
    const billing = await billingProfileOf(tx, event.appId);
    const method = billing?.profile.paymentMethod ?? 'card';
    const mandate = method === 'sepa' ? await repo.activeMandate(tx, event.appId) : undefined;
    const inserted = await repo.insertPayment(tx, {
      appId: event.appId,
      paymentRequestId: d.paymentRequestId,
      trigger: d.trigger,
      requestedBy: d.requestedBy,
      method,
      status: 'pending',
      amountCents: d.amountCents,
      invoices: d.invoices,
      mandateId: mandate?.id ?? null,
    });
    if (!inserted) return null;
    await audit(tx, {
      appId: event.appId,
      actorUserId: d.requestedBy,
      action: 'payment.requested',
      targetType: 'payment',
      targetId: inserted.id,
      data: { amountCents: d.amountCents, method, trigger: d.trigger },
    });
    if (method === 'sepa' && !mandate) return markFailed(platform, tx, inserted, { reason: noPaymentMethod });
    return inserted;
  });
  if (!payment || payment.method !== 'card' || payment.status !== 'pending') return;
  await chargeCard(platform, payment);
}

async function chargeCard(platform: Platform, payment: repo.PaymentRow): Promise<void> {
  const customerId = await platform.database.inTenant(payment.appId, (tx) => repo.findCustomer(tx, payment.appId));
  let result: ChargeResult;
  if (!customerId) result = { status: 'failed', providerPaymentId: null, message: noPaymentMethod };
  else {
    try {
      const provider = await cardProvider(platform);
      result = await provider.charge({
        customerId,
        amountCents: payment.amountCents,
        idempotencyKey: payment.id,
        returnUrl: `${platform.config.publicUrl}/#/billing/payments?payment=${payment.id}`,
        description: `Invoices ${payment.invoices.map((i) => i.number).join(', ')}`,
        metadata: { paymentId: payment.id, appId: payment.appId },
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'PAYMENTS_UNAVAILABLE')) throw error; // retried by the job
      result = { status: 'failed', providerPaymentId: null, message: 'card payments are unavailable on this server' };
    }
  }
  await applyChargeResult(platform, payment, result);
}

/** The provider's answer (to the charge, a 3-D Secure return or a refresh) applied to the payment. */
export async function applyChargeResult(platform: Platform, payment: repo.PaymentRow, result: ChargeResult): Promise<repo.PaymentRow> {
  return platform.database.inTenant(payment.appId, async (tx) => {
    const current = (await repo.findPayment(tx, payment.appId, payment.id))!;
    if (result.status === 'succeeded') {
      await repo.transition(tx, current.id, ['pending', 'requires_action'], { providerPaymentId: result.providerPaymentId });
      return (await markSucceeded(platform, tx, current, { chargeId: result.chargeId, ledgerKind: 'charge' })) ?? current;
    }
    if (result.status === 'requires_action') return (await markRequiresAction(tx, current, result.providerPaymentId, result.actionUrl)) ?? current;
    return (await markFailed(platform, tx, current, { reason: result.message, providerPaymentId: result.providerPaymentId })) ?? current;
  });
}
