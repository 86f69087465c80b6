import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit.ts';
import { brandingOf, applicationById, platformApplication } from '../tenants/index.ts';
import { billingProfileOf } from '../billing/index.ts';
import { findUserById } from '../users/index.ts';
import * as repo from './repository.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';

/**
 * The state changes of a payment, each in the caller's transaction with its ledger row, its domain event and its
 * audit row. A payment moves only from the statuses the change expects, so a second webhook, a retried job or a
 * webhook racing the job's own answer changes nothing (answers null).
 */

const saleIdsOf = (p: repo.PaymentRow) => p.invoices.map((i) => i.saleId);

export async function markSucceeded(
  platform: Platform,
  tx: Tx,
  payment: repo.PaymentRow,
  opts: { chargeId?: string | null; ledgerKind: 'charge' | 'sepa_collected'; actorUserId?: string | null },
) {
  const now = platform.clock();
  const row = await repo.transition(tx, payment.id, ['pending', 'requires_action'], {
    status: 'succeeded',
    succeededAt: now,
    actionUrl: null,
    providerChargeId: opts.chargeId ?? payment.providerChargeId,
  });
  if (!row) return null;
  await repo.insertLedger(tx, {
    appId: row.appId,
    paymentId: row.id,
    kind: opts.ledgerKind,
    amountCents: row.amountCents,
    method: row.method,
    providerReference: opts.chargeId ?? row.providerPaymentId,
  });
  await audit(tx, {
    appId: row.appId,
    actorUserId: opts.actorUserId ?? null,
    action: 'payment.succeeded',
    targetType: 'payment',
    targetId: row.id,
    data: { amountCents: row.amountCents, method: row.method },
  });
  await platform.events.emit(tx, {
    type: 'payment.succeeded',
    appId: row.appId,
    actorUserId: opts.actorUserId ?? null,
    data: {
      paymentId: row.id,
      paymentRequestId: row.paymentRequestId,
      saleIds: saleIdsOf(row),
      amountCents: row.amountCents,
      method: row.method,
      succeededAt: now.toISOString(),
    },
  });
  return row;
}

export async function markRequiresAction(tx: Tx, payment: repo.PaymentRow, providerPaymentId: string, actionUrl: string) {
  return repo.transition(tx, payment.id, ['pending', 'requires_action'], { status: 'requires_action', providerPaymentId, actionUrl });
}

/** A failure; with `ledger` (a SEPA reject) the money that did not come is recorded too. */
export async function markFailed(
  platform: Platform,
  tx: Tx,
  payment: repo.PaymentRow,
  opts: { reason: string; providerPaymentId?: string | null; actorUserId?: string | null; ledger?: { kind: 'sepa_rejected'; reference: string } },
) {
  const row = await repo.transition(tx, payment.id, ['pending', 'requires_action'], {
    status: 'failed',
    failureReason: opts.reason,
    actionUrl: null,
    providerPaymentId: opts.providerPaymentId ?? payment.providerPaymentId,
  });
  if (!row) return null;
  if (opts.ledger)
    await repo.insertLedger(tx, {
      appId: row.appId,
      paymentId: row.id,
      kind: opts.ledger.kind,
      amountCents: 0,
      method: row.method,
      providerReference: opts.ledger.reference,
    });
  await audit(tx, {
    appId: row.appId,
    actorUserId: opts.actorUserId ?? null,
    action: 'payment.failed',
    targetType: 'payment',
    targetId: row.id,
    data: { reason: opts.reason },
  });
  await platform.events.emit(tx, {
    type: 'payment.failed',
    appId: row.appId,
    actorUserId: opts.actorUserId ?? null,
    data: { paymentId: row.id, paymentRequestId: row.paymentRequestId, saleIds: saleIdsOf(row), trigger: row.trigger, method: row.method, reason: opts.reason },
  });
  if (row.trigger === 'auto') await tellAutoPaymentFailed(platform, tx, row, opts.reason);
  return row;
}

/**
 * A failed automatic payment: the tenant (its owner in the app, its billing e-mail by mail) and the product
 * administrator (in the app and by mail) are told; the administrator may then suspend the tenant.
 */
async function tellAutoPaymentFailed(platform: Platform, tx: Tx, payment: repo.PaymentRow, reason: string) {
  const application = await applicationById(tx, payment.appId);
  const platformApp = await platformApplication(tx);
  if (!application) return;
  const amount = (payment.amountCents / 100).toFixed(2);
  const base = { paymentId: payment.id, tenantAppId: payment.appId, company: application.company, amountCents: payment.amountCents, reason };
  if (application.ownerUserId)
    await platform.events.emit(tx, { type: 'payment.auto_payment_failed', appId: payment.appId, data: { ...base, userId: application.ownerUserId } });
  if (platformApp?.ownerUserId)
    await platform.events.emit(tx, { type: 'payment.auto_payment_failed', appId: platformApp.id, data: { ...base, userId: platformApp.ownerUserId } });
  const billing = await billingProfileOf(tx, payment.appId);
  const params = { company: application.company, amount, reason, link: `${publicBaseUrl(platform, payment.appId, 'backoffice')}/#/billing/payments` };
  const owner = application.ownerUserId ? await findUserById(tx, application.ownerUserId) : undefined;
  const language = owner?.language ?? 'fr';
  if (billing?.profile.billingEmail)
    await platform.messaging.queueEmail(tx, {
      appId: payment.appId,
      to: billing.profile.billingEmail,
      language,
      branding: brandingOf(application),
      template: 'payment-auto-failed',
      params,
    });
  const admin = platformApp?.ownerUserId ? await findUserById(tx, platformApp.ownerUserId) : undefined;
  if (admin && platformApp) {
    await platform.messaging.queueEmail(tx, {
      appId: platformApp.id,
      to: admin.email,
      language: admin.language,
      branding: brandingOf(platformApp),
      template: 'payment-auto-failed',
      params: { ...params, link: `${platform.config.publicUrl}/#/applications/payments` },
    });
  }
}
