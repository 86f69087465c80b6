import type { PaymentMethods } from '@paraphe/contracts';
import type { Actor, Platform } from '../../platform/context.ts';
import { audit } from '../../platform/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { billingProfileOf } from '../billing/index.ts';
import { applicationById } from '../tenants/index.ts';
import { cardMode, cardProvider } from './card-provider.ts';
import { applyChargeResult } from './charging.ts';
import { presentMandate, presentPayment } from './presenter.ts';
import * as repo from './repository.ts';
import { defaultFirstCard } from './webhook.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}

/** The tenant's payment methods: the profile's choice, its saved cards (from the provider) and its mandate. */
export async function paymentMethods(opts: Options): Promise<PaymentMethods> {
  const { platform, actor } = opts;
  const { billing, customerId, mandate } = await platform.database.inTenant(actor.appId, async (tx) => ({
    billing: await billingProfileOf(tx, actor.appId),
    customerId: await repo.findCustomer(tx, actor.appId),
    mandate: await repo.activeMandate(tx, actor.appId),
  }));
  const cardAvailable = cardMode(platform) !== 'unavailable';
  const cards = customerId && cardAvailable ? await (await cardProvider(platform)).listCards(customerId) : [];
  return {
    method: billing?.profile.paymentMethod ?? null,
    profileComplete: Boolean(billing?.complete),
    cardAvailable,
    cards,
    mandate: mandate ? presentMandate(mandate) : null,
  };
}

/** Spec §5: adding a payment method needs the administrative billing data first. */
async function customerFor(opts: Options): Promise<string> {
  const { platform, actor } = opts;
  const { billing, existing, company } = await platform.database.inTenant(actor.appId, async (tx) => ({
    billing: await billingProfileOf(tx, actor.appId),
    existing: await repo.findCustomer(tx, actor.appId),
    company: (await applicationById(tx, actor.appId))?.company ?? '',
  }));
  if (!billing?.complete) throw new AppError('BILLING_PROFILE_REQUIRED');
  const provider = await cardProvider(platform);
  const customerId = await provider.ensureCustomer({
    existing,
    appId: actor.appId,
    company: billing.profile.companyName || company,
    email: billing.profile.billingEmail,
  });
  if (!existing) await platform.database.inTenant(actor.appId, (tx) => repo.saveCustomer(tx, actor.appId, customerId));
  return customerId;
}

export async function startCardSetup(opts: Options): Promise<{ url: string }> {
  const { platform, actor } = opts;
  const customerId = await customerFor(opts);
  const back = `${platform.config.publicUrl}/#/billing/payment-methods`;
  const session = await (
    await cardProvider(platform)
  ).startCardSetup({ customerId, successUrl: `${back}?checkout={CHECKOUT_SESSION_ID}`, cancelUrl: `${back}?checkout=canceled` });
  await platform.database.inTenant(actor.appId, (tx) =>
    audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'payment.card_setup_started',
      targetType: 'payment_customer',
      targetId: actor.appId,
      ip: actor.ip,
    }),
  );
  return { url: session.url };
}

/** Back from the hosted page: the session must be this tenant's; its card becomes the default if none is. */
export async function cardReturn(opts: Options & { sessionId: string }): Promise<PaymentMethods> {
  const { platform, actor } = opts;
  const customerId = await platform.database.inTenant(actor.appId, (tx) => repo.findCustomer(tx, actor.appId));
  const setup = customerId ? await (await cardProvider(platform)).completedSetup(opts.sessionId) : null;
  if (!setup || setup.customerId !== customerId)
    throw new AppError('PAYMENT_METHOD_NOT_ADDED', 'The new payment method could not be added: the card page was not completed.');
  await defaultFirstCard(platform, setup.customerId, setup.paymentMethodId);
  await platform.database.inTenant(actor.appId, (tx) =>
    audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'payment.card_added',
      targetType: 'payment_customer',
      targetId: actor.appId,
      ip: actor.ip,
    }),
  );
  return paymentMethods(opts);
}

async function ownCard(opts: Options & { cardId: string }): Promise<string> {
  const customerId = await opts.platform.database.inTenant(opts.actor.appId, (tx) => repo.findCustomer(tx, opts.actor.appId));
  const cards = customerId ? await (await cardProvider(opts.platform)).listCards(customerId) : [];
  if (!customerId || !cards.some((c) => c.id === opts.cardId)) throw notFound('Card');
  return customerId;
}

export async function setDefaultCard(opts: Options & { cardId: string }): Promise<PaymentMethods> {
  const customerId = await ownCard(opts);
  await (await cardProvider(opts.platform)).setDefaultCard(customerId, opts.cardId);
  await opts.platform.database.inTenant(opts.actor.appId, (tx) =>
    audit(tx, {
      appId: opts.actor.appId,
      actorUserId: opts.actor.realUserId,
      action: 'payment.card_default',
      targetType: 'payment_customer',
      targetId: opts.actor.appId,
      ip: opts.actor.ip,
    }),
  );
  return paymentMethods(opts);
}

export async function deleteCard(opts: Options & { cardId: string }): Promise<PaymentMethods> {
  const customerId = await ownCard(opts);
  await (await cardProvider(opts.platform)).detachCard(customerId, opts.cardId);
  await opts.platform.database.inTenant(opts.actor.appId, (tx) =>
    audit(tx, {
      appId: opts.actor.appId,
      actorUserId: opts.actor.realUserId,
      action: 'payment.card_removed',
      targetType: 'payment_customer',
      targetId: opts.actor.appId,
      ip: opts.actor.ip,
    }),
  );
  return paymentMethods(opts);
}

export async function tenantPayments(opts: Options & { limit: number; offset: number; status?: repo.PaymentRow['status'] }) {
  const { platform, actor } = opts;
  return platform.database.inTenant(actor.appId, async (tx) => {
    const { rows, total } = await repo.listPayments(tx, { appId: actor.appId, status: opts.status, limit: opts.limit, offset: opts.offset });
    const refunds = await repo.refundsOf(
      tx,
      rows.map((r) => r.id),
    );
    return { data: rows.map((r) => presentPayment(r, refunds)), countAll: total, limit: opts.limit, offset: opts.offset, order: 'DESC' as const };
  });
}

export async function adminPayments(opts: Options & { limit: number; offset: number; status?: repo.PaymentRow['status']; appId?: string }) {
  const { platform } = opts;
  return platform.database.inSystem(async (tx) => {
    const { rows, total } = await repo.listPayments(tx, { appId: opts.appId, status: opts.status, limit: opts.limit, offset: opts.offset });
    const refunds = await repo.refundsOf(
      tx,
      rows.map((r) => r.id),
    );
    const companies = new Map<string, string>();
    for (const appId of new Set(rows.map((r) => r.appId))) companies.set(appId, (await applicationById(tx, appId))?.company ?? '');
    return {
      data: rows.map((r) => presentPayment(r, refunds, companies.get(r.appId))),
      countAll: total,
      limit: opts.limit,
      offset: opts.offset,
      order: 'DESC' as const,
    };
  });
}

/** Back from 3-D Secure: the provider says where the payment is (the webhook may have said it already). */
export async function refreshPayment(opts: Options & { paymentId: string }) {
  const { platform, actor, paymentId } = opts;
  const payment = await platform.database.inTenant(actor.appId, (tx) => repo.findPayment(tx, actor.appId, paymentId));
  if (!payment) throw notFound('Payment');
  const updated =
    payment.method === 'card' && payment.status === 'requires_action' && payment.providerPaymentId
      ? await applyChargeResult(platform, payment, await (await cardProvider(platform)).paymentState(payment.providerPaymentId))
      : payment;
  const refunds = await platform.database.inTenant(actor.appId, (tx) => repo.refundsOf(tx, [updated.id]));
  return presentPayment(updated, refunds);
}
