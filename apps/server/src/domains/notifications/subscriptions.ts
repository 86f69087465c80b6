import type { DomainEvent, DomainEventOf, NotificationType } from '@paraphe/contracts';
import type { Tx } from '../../platform/db/client.ts';
import { defineSubscription } from '../../platform/modules.ts';
import * as repo from './repository.ts';

/**
 * The requester hears about what happens to their requests: in-app notifications are derived from the domain
 * events (written in the event's transaction by the bus, so each event gives one notification exactly).
 */
interface NotificationDraft {
  userId: string;
  type: NotificationType;
  message: string;
  data: Record<string, unknown>;
}

/** The notification an event gives, or null (nobody to tell, or nothing worth telling). */
export function notificationFor(event: DomainEvent): NotificationDraft | null {
  if (event.type === 'contact.import_finished') return importNotification(event.data);
  if (event.type === 'campaign.archive_ready') {
    const about = { campaignId: event.data.campaignId, label: event.data.label };
    return { userId: event.data.requestedBy, type: 'campaign.archive', message: `The archive of "${event.data.label}" is ready.`, data: about };
  }
  if (event.type === 'campaign.dispatched') {
    const d = event.data;
    const message = d.failed ? `"${d.label}" is sent: ${d.sent} invitations, ${d.failed} failed.` : `"${d.label}" is sent: ${d.sent} invitations.`;
    return d.ownerUserId ? { userId: d.ownerUserId, type: 'campaign.dispatched', message, data: { campaignId: d.campaignId, label: d.label } } : null;
  }
  if (event.type === 'campaign.completed') {
    const d = event.data;
    const parts = [
      `${d.signed} signed`,
      d.refused && `${d.refused} refused`,
      d.expired && `${d.expired} expired`,
      d.canceled && `${d.canceled} canceled`,
      d.failed && `${d.failed} failed`,
    ].filter(Boolean);
    return d.ownerUserId
      ? {
          userId: d.ownerUserId,
          type: 'campaign.completed',
          message: `"${d.label}" is finished: ${parts.join(', ')}.`,
          data: { campaignId: d.campaignId, label: d.label },
        }
      : null;
  }
  const operation = operationNotification(event);
  if (operation !== undefined) return operation;
  if (event.type === 'payment.auto_payment_failed') {
    const d = event.data;
    const amount = (d.amountCents / 100).toFixed(2);
    return {
      userId: d.userId,
      type: 'payment.failed',
      message: `The automatic payment of ${amount} EUR (${d.company}) failed: ${d.reason}`,
      data: { paymentId: d.paymentId, tenantAppId: d.tenantAppId },
    };
  }
  if (event.type.startsWith('certificate.')) return certificateNotification(event);
  if (event.type === 'help.requested') {
    const d = event.data;
    return {
      userId: d.userId,
      type: 'help.request',
      message: `Help request from ${d.company}: ${d.subject}`,
      data: { helpRequestId: d.helpRequestId, tenantAppId: d.tenantAppId },
    };
  }
  if (event.type === 'webhook.endpoint_disabled') {
    const d = event.data;
    const message = `The webhook endpoint ${d.url} was disabled: every delivery to it failed since ${d.failingSince.slice(0, 10)}. Fix it, then enable it again.`;
    return d.ownerUserId ? { userId: d.ownerUserId, type: 'webhook.disabled', message, data: { endpointId: d.endpointId, url: d.url } } : null;
  }
  if (event.type === 'crm.connection_broken') {
    const d = event.data;
    const message = `HubSpot refused the connection of this account (${d.reason}): connect HubSpot again in Settings → Marketplace.`;
    return d.connectedBy ? { userId: d.connectedBy, type: 'crm.reconnect', message, data: { portalId: d.portalId } } : null;
  }
  if (!event.type.startsWith('signature.')) return null;
  const data = event.data as {
    requestId: string;
    label: string;
    ownerUserId: string | null;
    signerName?: string;
    campaignId?: string | null;
    operationId?: string | null;
  };
  // A campaign's copies and an operation's orders are followed from the campaign / operation: no notice per copy.
  if (data.campaignId || data.operationId) return null;
  const about = { requestId: data.requestId, label: data.label };
  const toOwner = (type: NotificationType, message: string) => (data.ownerUserId ? { userId: data.ownerUserId, type, message, data: about } : null);
  const label = `"${data.label}"`;
  switch (event.type) {
    case 'signature.signed':
      return toOwner('signature.signed', `${label} is signed.`);
    case 'signature.completed':
      return toOwner('signature.updated', `${label} is completed: the signed documents are available.`);
    case 'signature.canceled':
      return toOwner('signature.canceled', event.data.reason === 'no_signer_left' ? `${label} was cancelled: no signer left.` : `${label} was cancelled.`);
    case 'signature.failed':
      return toOwner(
        'signature.failed',
        event.data.stage === 'completion'
          ? `${label} is signed but its documents could not be finalised: ${event.data.reason ?? 'unknown error'}. Retry from the request.`
          : `${label} could not be sent.`,
      );
    case 'signature.expired':
      return toOwner('signature.expired', `${label} expired before every signer signed.`);
    case 'signature.signer_refused':
      return toOwner('signature.refused', `${event.data.signerName} refused to sign ${label}.`);
    case 'signature.signer_canceled':
      return toOwner('signature.updated', `${event.data.signerName} was removed from ${label}.`);
    case 'signature.signer_delegated':
      return toOwner('signature.updated', `${event.data.signerName} handed ${label} over to ${event.data.delegateName}: ${event.data.reason}`);
    case 'signature.archive_ready':
      return { userId: event.data.requestedBy, type: 'signature.archive', message: `The archive of ${label} is ready.`, data: about };
    default:
      return null;
  }
}

const certificateMessages: Partial<Record<DomainEvent['type'], string>> = {
  'certificate.identity_verified': 'Your identity is verified: your qualified certificate is being activated.',
  'certificate.identity_rejected': 'Your qualified certificate order was rejected',
  'certificate.activated': 'Your qualified certificate is activated: you can sign at level 3.',
  'certificate.expired': 'Your qualified certificate has expired: order a new one to keep signing at level 3.',
  'certificate.completed': 'Your qualified certificate has used its 50 signatures: order a new one to keep signing at level 3.',
  'certificate.renewal_due': 'Your qualified certificate ends soon: renew it from "My qualified certificate".',
};

/** The holder hears about their qualified certificate (docs/qualified.md). */
function certificateNotification(event: DomainEvent): NotificationDraft | null {
  const data = event.data as { certificateId: string; holderUserId: string | null; reason?: string };
  const message = certificateMessages[event.type];
  if (!message || !data.holderUserId) return null;
  return {
    userId: data.holderUserId,
    type: 'certificate.updated',
    message: data.reason ? `${message}: ${data.reason}` : message,
    data: { certificateId: data.certificateId },
  };
}

/** An operation's start, dispatch, end, cancel and archive (its orders' own events give none). undefined: not an operation event. */
function operationNotification(event: DomainEvent): NotificationDraft | null | undefined {
  if (!event.type.startsWith('operation.')) return undefined;
  const d = event.data as { operationId: string; label: string; ownerUserId: string | null };
  const about = { operationId: d.operationId, label: d.label };
  const toOwner = (type: NotificationType, message: string) => (d.ownerUserId ? { userId: d.ownerUserId, type, message, data: about } : null);
  switch (event.type) {
    case 'operation.sent':
      return toOwner('batch.start', `"${d.label}" is being sent: ${event.data.orderCount} orders.`);
    case 'operation.dispatched':
      return toOwner(
        'batch.dispatched',
        event.data.failed
          ? `"${d.label}" is sent: ${event.data.sent} orders, ${event.data.failed} failed.`
          : `"${d.label}" is sent: ${event.data.sent} orders.`,
      );
    case 'operation.finished':
      return toOwner(
        'batch.end',
        `"${d.label}" is ${event.data.status}: ${event.data.completed} completed, ${event.data.failed} failed, ${event.data.canceled} canceled, ${event.data.expired} expired.`,
      );
    case 'operation.canceled':
      return toOwner('batch.cancel', `"${d.label}" was cancelled.`);
    case 'operation.archive_ready':
      return { userId: event.data.requestedBy, type: 'batch.archive', message: `The archive of "${d.label}" is ready.`, data: about };
    default:
      return null;
  }
}

function importNotification(data: DomainEventOf<'contact.import_finished'>['data']): NotificationDraft | null {
  if (!data.requestedBy) return null;
  const about = { importId: data.importId, fileName: data.fileName };
  const message =
    data.status === 'failed'
      ? `The import of ${data.fileName} failed.`
      : `The import of ${data.fileName} is done: ${data.imported} imported, ${data.updated} updated, ${data.skipped} skipped.`;
  return { userId: data.requestedBy, type: 'contact.import', message, data: about };
}

export const notifiedEvents = [
  'signature.signed',
  'signature.completed',
  'signature.canceled',
  'signature.failed',
  'signature.expired',
  'signature.signer_refused',
  'signature.signer_canceled',
  'signature.signer_delegated',
  'signature.archive_ready',
  'contact.import_finished',
  'campaign.archive_ready',
  'campaign.dispatched',
  'campaign.completed',
  'operation.sent',
  'operation.dispatched',
  'operation.finished',
  'operation.canceled',
  'operation.archive_ready',
  'payment.auto_payment_failed',
  'certificate.identity_verified',
  'certificate.identity_rejected',
  'certificate.activated',
  'certificate.expired',
  'certificate.completed',
  'certificate.renewal_due',
  'help.requested',
  'webhook.endpoint_disabled',
  'crm.connection_broken',
] as const;

export const notificationSubscriptions = () => [
  defineSubscription({
    name: 'notifications.signatures',
    events: notifiedEvents,
    async handle(event, tx) {
      const draft = notificationFor(event);
      if (!draft) return;
      await repo.insertNotification(tx as Tx, { appId: event.appId, ...draft, createdAt: new Date(event.occurredAt) });
    },
  }),
];
