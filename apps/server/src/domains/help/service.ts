import { randomUUID } from 'node:crypto';
import { defaultLocale, localeSchema, type HelpRequest, type HelpRequestInput } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { OutboxAttachment } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { documentOrImageType } from '../../platform/file-signature.ts';
import { brandingOf, platformApplication, getApplication, settingsOf, type ApplicationView } from '../tenants/index.ts';
import { findUserById } from '../users/index.ts';
import * as repo from './repository.ts';
import { publicBaseUrl } from '../custom-domains/index.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}
export interface HelpAttachment {
  fileName: string;
  data: Buffer;
}

export function presentHelpRequest(row: repo.HelpRequestRow): HelpRequest {
  return {
    id: row.id,
    appId: row.appId,
    userId: row.userId,
    subject: row.subject,
    category: row.category,
    message: row.message,
    status: row.status,
    context: row.context,
    attachment: row.attachmentKey
      ? { fileName: row.attachmentName ?? 'attachment', contentType: row.attachmentType ?? 'application/octet-stream', sizeBytes: row.attachmentSize ?? 0 }
      : null,
    supportEmail: row.supportEmail,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The tenant's support address: its setting, else its owner's e-mail (null: neither). */
async function supportAddressOf(tx: Tx, application: ApplicationView): Promise<string | null> {
  const configured = settingsOf(application).supportEmail;
  if (configured) return configured;
  const owner = application.ownerUserId ? await findUserById(tx, application.ownerUserId) : undefined;
  return owner?.email ?? null;
}

const contextLine = (c: HelpRequest['context']) =>
  [
    `profile ${c.profile}`,
    `language ${c.language}`,
    c.route && `route ${c.route}`,
    c.appVersion && `version ${c.appVersion}`,
    c.userAgent,
    c.requestIds?.length && `requests ${c.requestIds.join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * A help request: stored with the user's context, the product administrator told in the app and by mail, the
 * tenant's support address by mail (with the attachment). One transaction; the attachment is written before it
 * (the storage sweep removes it if the transaction fails).
 */
export async function createHelpRequest(opts: Options & { input: HelpRequestInput; attachment?: HelpAttachment }): Promise<HelpRequest> {
  const { platform, actor, input } = opts;
  let stored: OutboxAttachment | undefined;
  if (opts.attachment) {
    const contentType = documentOrImageType(opts.attachment.data);
    if (!contentType) {
      throw new AppError('INVALID_FILE_TYPE', 'The attachment must be a PDF, PNG or JPEG file.', {
        fields: [{ field: 'attachment', rule: 'invalid_value', message: 'PDF, PNG or JPEG only.' }],
      });
    }
    stored = { fileName: opts.attachment.fileName, contentType, storageKey: `help/${actor.appId}/${randomUUID()}.bin`, sizeBytes: opts.attachment.data.length };
    await platform.storage.put(stored.storageKey, opts.attachment.data);
  }
  // The system role: the request is the tenant's, the notice and mail are the platform application's.
  return platform.database.inSystem(async (tx) => {
    const application = await getApplication(tx, actor.appId);
    // The person really asking (in commuted mode: who is logged in), about the tenant on screen.
    const user = await findUserById(tx, actor.realUserId);
    if (!user) throw notFound('User');
    const supportEmail = await supportAddressOf(tx, application);
    const userName = `${user.lastName.toUpperCase()} ${user.firstName}`;
    const row = await repo.insertHelpRequest(tx, {
      appId: actor.appId,
      userId: user.id,
      subject: input.subject,
      category: input.category,
      message: input.message,
      context: {
        ...input.context,
        company: application.company,
        userName,
        userEmail: user.email,
        profile: user.profile,
        language: localeSchema.catch(defaultLocale).parse(user.language),
      },
      attachmentKey: stored?.storageKey ?? null,
      attachmentName: stored?.fileName ?? null,
      attachmentType: stored?.contentType ?? null,
      attachmentSize: stored?.sizeBytes ?? null,
      supportEmail,
      createdAt: platform.clock(),
    });
    await audit(tx, {
      appId: actor.appId,
      actorUserId: actor.realUserId,
      action: 'help.requested',
      targetType: 'help_request',
      targetId: row.id,
      ip: actor.ip ?? null,
    });

    const params = {
      company: application.company,
      userName,
      userEmail: user.email,
      category: input.category,
      subject: input.subject,
      message: input.message,
      context: contextLine(row.context),
    };
    const attachments = stored ? [stored] : undefined;
    const platformApp = await platformApplication(tx);
    const admin = platformApp?.ownerUserId ? await findUserById(tx, platformApp.ownerUserId) : undefined;
    if (platformApp && admin) {
      await platform.events.emit(tx, {
        type: 'help.requested',
        appId: platformApp.id,
        actorUserId: null,
        data: {
          helpRequestId: row.id,
          tenantAppId: actor.appId,
          company: application.company,
          subject: input.subject,
          category: input.category,
          userId: admin.id,
        },
      });
      const link = `${platform.config.publicUrl}/#/applications/help`;
      await platform.messaging.queueEmail(tx, {
        appId: platformApp.id,
        to: admin.email,
        language: admin.language,
        branding: brandingOf(platformApp),
        template: 'help-request',
        params: { ...params, link },
        attachments,
      });
    }
    if (supportEmail && supportEmail !== admin?.email) {
      // The tenant's support address: its back-office domain once verified (docs/white-label.md).
      const link = `${publicBaseUrl(platform, actor.appId, 'backoffice')}/#/home`;
      await platform.messaging.queueEmail(tx, {
        appId: actor.appId,
        to: supportEmail,
        language: user.language,
        branding: brandingOf(application),
        template: 'help-request',
        params: { ...params, link },
        attachments,
      });
    }
    return presentHelpRequest(row);
  });
}

export async function listHelpRequests(opts: { platform: Platform; filter: { status?: 'open' | 'closed'; limit: number; offset: number } }) {
  const page = await opts.platform.database.inSystem((tx) => repo.listHelpRequests(tx, opts.filter));
  return { rows: page.rows.map(presentHelpRequest), total: page.total };
}

export async function setHelpRequestStatus(opts: Options & { id: string; status: 'open' | 'closed' }): Promise<HelpRequest> {
  const { platform, actor } = opts;
  return platform.database.inSystem(async (tx) => {
    const row = await repo.updateHelpStatus(tx, opts.id, opts.status, platform.clock());
    if (!row) throw notFound('Help request');
    await audit(tx, {
      appId: row.appId,
      actorUserId: actor.realUserId,
      action: `help.${opts.status}`,
      targetType: 'help_request',
      targetId: row.id,
      ip: actor.ip ?? null,
    });
    return presentHelpRequest(row);
  });
}

export async function helpAttachment(opts: { platform: Platform; id: string }) {
  const row = await opts.platform.database.inSystem((tx) => repo.findHelpRequest(tx, opts.id));
  if (!row?.attachmentKey) throw notFound('Attachment');
  return {
    fileName: row.attachmentName ?? 'attachment',
    contentType: row.attachmentType ?? 'application/octet-stream',
    body: await opts.platform.storage.get(row.attachmentKey),
  };
}
