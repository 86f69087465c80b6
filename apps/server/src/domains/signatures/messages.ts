import type { ContactChannel } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Executor, Tx } from '../../platform/db/client.ts';
import type { TemplateName, TemplateParams } from '../../platform/messaging/templates/types.ts';
import type { BatchMessage, DeliveryFigures, MessagePriority } from '../../platform/messaging/service.ts';
import { brandingOf, displayCompanyOf, settingsOf, type ApplicationView } from '../tenants/index.ts';
import { ownerMailboxOf } from '../users/index.ts';
import { appendEvent } from './evidence.ts';
import { emitSignerEvent } from './facts.ts';
import { signingLink } from './links.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';
import type { DocumentWithFields, RequestRow, SignerRow } from './repository.ts';

/** Mails and SMS of the requester's side, in the tenant's branding and the signer's language. */

export interface RequestContext {
  application: ApplicationView;
  request: RequestRow;
  signers: SignerRow[];
  /** The documents with their fields, when the caller has them already (a create that sends at once). */
  documents?: DocumentWithFields[];
}

const requesterName = (ctx: RequestContext) => ctx.request.ownerName ?? ctx.application.company;
const signerName = (s: SignerRow) => `${s.firstname} ${s.lastname}`;
const dateOnly = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

function linkFor(platform: Platform, ctx: RequestContext, signer: SignerRow): string {
  return signingLink(platform, { appId: ctx.application.id, requestId: ctx.request.id, signerId: signer.id, expiresAt: ctx.request.expiresAt! });
}

async function queue<K extends TemplateName>(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  signer: SignerRow,
  channel: ContactChannel,
  template: K,
  params: TemplateParams[K],
  tally?: string,
) {
  // 'signer:<id>': the request view shows per signer whether the last mail to them was delivered.
  const base = {
    appId: ctx.application.id,
    language: signer.language,
    branding: brandingOf(ctx.application),
    template,
    params,
    about: signerMessagesAbout(signer.id),
    ...(tally ? { tally } : {}),
  };
  if (channel === 'sms' && signer.phone) return platform.messaging.queueSms(tx, { ...base, to: signer.phone, sender: ctx.application.settings.smsSender });
  return platform.messaging.queueEmail(tx, { ...base, to: signer.email });
}

/**
 * The invitation as one message of a batch (`messaging.queueBatch`): the same text, link and subject as
 * sendInvitation, for mass sending (a campaign's copies), at the `bulk` priority.
 */
export function invitationBatchMessage(platform: Platform, ctx: RequestContext, signer: SignerRow, channel: ContactChannel): BatchMessage {
  const tally = invitationTallyOf(ctx.request);
  const base = {
    appId: ctx.application.id,
    language: signer.language,
    branding: brandingOf(ctx.application),
    about: signerMessagesAbout(signer.id),
    priority: 'bulk' as const,
    ...(tally ? { tally } : {}),
  };
  const params: TemplateParams['signature-invitation'] = {
    signerName: signerName(signer),
    requesterName: requesterName(ctx),
    company: displayCompanyOf(ctx.application),
    label: ctx.request.label,
    message: signer.invitationMessage ?? ctx.request.options.invitationMessage ?? '',
    expiresOn: dateOnly(ctx.request.expiresAt),
    link: linkFor(platform, ctx, signer),
  };
  if (channel === 'sms' && signer.phone)
    return { ...base, channel: 'sms', template: 'signature-invitation', params, to: signer.phone, sender: ctx.application.settings.smsSender };
  return { ...base, channel: 'email', template: 'signature-invitation', params, to: signer.email };
}

export async function sendInvitation(tx: Tx, platform: Platform, ctx: RequestContext, signer: SignerRow, channel: ContactChannel) {
  const message = signer.invitationMessage ?? ctx.request.options.invitationMessage ?? '';
  await queue(
    tx,
    platform,
    ctx,
    signer,
    channel,
    'signature-invitation',
    {
      signerName: signerName(signer),
      requesterName: requesterName(ctx),
      company: displayCompanyOf(ctx.application),
      label: ctx.request.label,
      message,
      expiresOn: dateOnly(ctx.request.expiresAt),
      link: linkFor(platform, ctx, signer),
    },
    invitationTallyOf(ctx.request),
  );
}

/** Sweep and relaunch both remind through here: the evidence trail records each reminder. */
export async function sendReminder(tx: Tx, platform: Platform, ctx: RequestContext, signer: SignerRow, channel: ContactChannel, opts: { manual: boolean }) {
  await appendEvent(tx, {
    appId: ctx.application.id,
    requestId: ctx.request.id,
    signerId: signer.id,
    type: 'reminded',
    data: { channel },
    at: platform.clock(),
  });
  await emitSignerEvent(tx, platform, ctx.request, signer, 'signature.signer_reminded', { channel, manual: opts.manual });
  await platform.messaging.queueBatch(tx, [reminderMessage(platform, ctx, signer, channel, opts.manual ? 'normal' : 'bulk')]);
}

/** A reminder to a signer, as the sweep queues them by the thousand (messaging.queueBatch). */
export function reminderMessage(
  platform: Platform,
  ctx: RequestContext,
  signer: SignerRow,
  channel: ContactChannel,
  priority: MessagePriority = 'bulk',
): BatchMessage {
  const params = {
    signerName: signerName(signer),
    requesterName: requesterName(ctx),
    company: displayCompanyOf(ctx.application),
    label: ctx.request.label,
    expiresOn: dateOnly(ctx.request.expiresAt),
    link: linkFor(platform, ctx, signer),
  };
  const base = {
    appId: ctx.application.id,
    language: signer.language,
    branding: brandingOf(ctx.application),
    template: 'signature-reminder' as const,
    params,
    about: signerMessagesAbout(signer.id),
  };
  // The sweep's reminders are mass sending (`bulk`): after any one-off mail queued meanwhile.
  if (channel === 'sms' && signer.phone) return { ...base, channel: 'sms', to: signer.phone, sender: ctx.application.settings.smsSender, priority };
  return { ...base, channel: 'email', to: signer.email, priority };
}

export async function sendCancelNotice(tx: Tx, platform: Platform, ctx: RequestContext, signer: SignerRow) {
  await queue(tx, platform, ctx, signer, 'email', 'signature-canceled', {
    signerName: signerName(signer),
    requesterName: requesterName(ctx),
    company: displayCompanyOf(ctx.application),
    label: ctx.request.label,
  });
}

export async function sendExpiredNotice(tx: Tx, platform: Platform, ctx: RequestContext, owner: { email: string; firstName: string; language: string }) {
  await platform.messaging.queueBatch(tx, [expiredNoticeMessage(ctx, owner)]);
}

/** The requester's notice that a request expired (the sweep queues them by the thousand). */
export function expiredNoticeMessage(
  ctx: Pick<RequestContext, 'application' | 'request'>,
  owner: { email: string; firstName: string; language: string },
): BatchMessage {
  return {
    channel: 'email',
    appId: ctx.application.id,
    to: owner.email,
    language: owner.language,
    branding: brandingOf(ctx.application),
    template: 'signature-expired',
    params: { firstName: owner.firstName, label: ctx.request.label },
    priority: 'bulk',
  };
}

/**
 * The start mail (docs/settings.md): the requester learns that their request went to its signers, in their own
 * language. Single requests only (not each copy of a campaign or an operation), not face to face, and only when the tenant leaves
 * its setting "notify the requester when a request starts" on.
 */
export async function sendStartNotice(tx: Tx, platform: Platform, ctx: RequestContext) {
  const { application, request } = ctx;
  if (request.source !== 'single' || !request.ownerUserId || !settingsOf(application).notifyRequesterOnStart) return;
  // Face to face, nothing was sent: the participants sign on the requester's own device, the requester at their side.
  if (request.options.chainingMode === 'faceToFace') return;
  const owner = await ownerMailboxOf(tx, request.ownerUserId);
  if (!owner) return;
  await platform.messaging.queueEmail(tx, {
    appId: application.id,
    to: owner.email,
    language: owner.language,
    branding: brandingOf(application),
    template: 'request-started',
    params: {
      requesterName: `${owner.firstName} ${owner.lastName}`,
      company: displayCompanyOf(application),
      label: request.label,
      signerCount: String(ctx.signers.filter((s) => s.role === 'signer').length),
      link: `${publicBaseUrl(platform, application.id, 'backoffice')}/#/signatures/${request.id}`,
    },
    about: startNoticeAbout(request.id),
  });
}

/**
 * The requester learns that a participant handed the request over (delegation.ts): who, to whom, why, in their own
 * language, with a link to the request.
 */
export async function sendDelegationNotice(
  tx: Tx,
  platform: Platform,
  ctx: RequestContext,
  handover: { from: SignerRow; to: SignerRow; reason: string; at: Date },
) {
  const { application, request } = ctx;
  if (!request.ownerUserId) return;
  const owner = await ownerMailboxOf(tx, request.ownerUserId);
  if (!owner) return;
  await platform.messaging.queueEmail(tx, {
    appId: application.id,
    to: owner.email,
    language: owner.language,
    branding: brandingOf(application),
    template: 'signer-delegated',
    params: {
      requesterName: `${owner.firstName} ${owner.lastName}`,
      label: request.label,
      signerName: signerName(handover.from),
      delegateName: signerName(handover.to),
      delegateEmail: handover.to.email,
      reason: handover.reason,
      at: handover.at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
      link: `${publicBaseUrl(platform, application.id, 'backoffice')}/#/signatures/${request.id}`,
    },
    about: startNoticeAbout(request.id),
  });
}

/** The outbox subject of the start mail. */
export const startNoticeAbout = (requestId: string) => `request:${requestId}`;

/** The outbox subject of every mail and SMS to a signer (invitation, reminders, cancellation). */
export const signerMessagesAbout = (signerId: string) => `signer:${signerId}`;

/**
 * The delivery figures an invitation counts in (messaging.deliveryFigures): its campaign's or its operation's, for a
 * copy (the first step's invitations and those of the next steps alike); none for a single request, whose view reads
 * its few signers' messages directly.
 */
export function invitationTallyOf(request: Pick<RequestRow, 'source' | 'sourceId'>): string | undefined {
  return request.source !== 'single' && request.sourceId ? bulkInvitationsTally(request.source, request.sourceId) : undefined;
}
export const bulkInvitationsTally = (kind: 'campaign' | 'operation', id: string) => `invitations:${kind}:${id}`;

/** A campaign's or an operation's invitations: delivered / waiting / failed (one counter row, whatever the volume). */
export async function bulkInvitationDelivery(db: Executor, platform: Platform, kind: 'campaign' | 'operation', id: string): Promise<DeliveryFigures> {
  const tally = bulkInvitationsTally(kind, id);
  return (await platform.messaging.deliveryFigures(db, [tally])).get(tally) ?? { delivered: 0, waiting: 0, failed: 0 };
}
