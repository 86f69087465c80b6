import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { cardProvider } from './card-provider.ts';
import type { ProviderEvent } from './provider.ts';
import { markFailed, markSucceeded } from './transitions.ts';
import * as repo from './repository.ts';

/**
 * The provider's webhook: the signature is verified over the raw body, then the event id is recorded (primary
 * key) in the same transaction as the change it causes, its ledger row, domain event and audit row — a second
 * delivery finds the id and changes nothing. An event about a payment not recorded yet is answered without being
 * recorded, so the provider's next delivery applies it.
 */
export async function receiveWebhook(platform: Platform, rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const provider = await cardProvider(platform);
  const event = provider.verifyEvent(rawBody, signature);
  if (event.type === 'setup_completed' && event.paymentMethodId) await defaultFirstCard(platform, event.customerId, event.paymentMethodId);
  return platform.database.inSystem(async (tx) => {
    const payment = await paymentOf(tx, event);
    if (payment === null) return { received: true as const, duplicate: false };
    if (!(await repo.recordProviderEvent(tx, event.id, event.type))) return { received: true as const, duplicate: true };
    if (payment) await apply(platform, tx, event, payment);
    return { received: true as const, duplicate: false };
  });
}

/** The payment an event is about; undefined: the event is about none; null: not found yet. */
async function paymentOf(tx: Tx, event: ProviderEvent): Promise<repo.PaymentRow | null | undefined> {
  if (event.type !== 'payment_succeeded' && event.type !== 'payment_failed' && event.type !== 'dispute') return undefined;
  const byMetadata = event.type !== 'dispute' && event.paymentId ? await repo.findPaymentAnyTenant(tx, event.paymentId) : undefined;
  return byMetadata ?? (await repo.findPaymentByProviderId(tx, event.providerPaymentId)) ?? null;
}

async function apply(platform: Platform, tx: Tx, event: ProviderEvent, payment: repo.PaymentRow) {
  switch (event.type) {
    case 'payment_succeeded':
      await repo.transition(tx, payment.id, ['pending', 'requires_action'], { providerPaymentId: event.providerPaymentId });
      await markSucceeded(platform, tx, payment, { chargeId: event.chargeId, ledgerKind: 'charge' });
      return;
    case 'payment_failed':
      await markFailed(platform, tx, payment, { reason: event.message, providerPaymentId: event.providerPaymentId });
      return;
    case 'dispute':
      await applyDispute(platform, tx, payment, event.status);
      return;
    case 'setup_completed':
    case 'ignored':
      // About no payment: paymentOf gives undefined for them, so they never get here.
      return;
  }
}

/** Opened: the amount is withdrawn (ledger −amount); won: given back (+amount); lost: recorded at 0. */
async function applyDispute(platform: Platform, tx: Tx, payment: repo.PaymentRow, status: 'opened' | 'won' | 'lost') {
  const expected = status === 'opened' ? [null, 'won', 'lost'] : ['opened'];
  if (!expected.includes(payment.dispute)) return;
  await repo.setDispute(tx, payment.id, status);
  const amountCents = status === 'opened' ? -payment.amountCents : status === 'won' ? payment.amountCents : 0;
  await repo.insertLedger(tx, {
    appId: payment.appId,
    paymentId: payment.id,
    kind: `dispute_${status}`,
    amountCents,
    method: payment.method,
    providerReference: payment.providerChargeId,
  });
  await audit(tx, { appId: payment.appId, actorUserId: null, action: `payment.dispute_${status}`, targetType: 'payment', targetId: payment.id });
  await platform.events.emit(tx, {
    type: 'payment.dispute_changed',
    appId: payment.appId,
    data: { paymentId: payment.id, saleIds: payment.invoices.map((i) => i.saleId), status },
  });
}

/** A tenant's first card becomes its default (the one charged), whether the tenant came back to the app or not. */
export async function defaultFirstCard(platform: Platform, customerId: string, paymentMethodId: string): Promise<void> {
  const provider = await cardProvider(platform);
  const cards = await provider.listCards(customerId);
  if (!cards.some((c) => c.isDefault)) await provider.setDefaultCard(customerId, paymentMethodId);
}
