import { outboxEndpoints as endpoints, type OutboxMessage } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { requireActor } from '../../platform/http/guard.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { erasedRecipient, findMessage, listMessages, undeliveredCounts, undeliveredStatuses, type OutboxRow } from '../../platform/messaging/repository.ts';

export function presentMessage(row: OutboxRow): OutboxMessage {
  const tries = row.attempts.filter((a) => !a.requeuedBy);
  const last = row.attempts.at(-1);
  return {
    id: row.id,
    appId: row.appId,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    template: row.template,
    language: row.language,
    status: row.status,
    error: row.error,
    attemptCount: row.status === 'captured' ? 0 : tries.length,
    lastAttemptAt: tries.at(-1)?.at ?? null,
    nextAttemptAt: row.status === 'retrying' ? (last?.nextAttemptAt ?? null) : null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The product administrator reads every mail and SMS (captured ones in full: the embedded default sends none
 * out), sees how many are not delivered, and sends undelivered ones again once the mail server is back.
 */
export function outboxRoutes(app: App, platform: Platform) {
  serve(app, endpoints.list, async (request) => {
    const { rows, total, capped } = await listMessages(platform.database.db, request.query);
    const counts = await undeliveredCounts(platform.database.db);
    return { ...list(rows.map(presentMessage), total, request.query, capped), additionnalData: { undelivered: counts.retrying + counts.failed, ...counts } };
  });
  serve(app, endpoints.get, async (request) => {
    const row = await findMessage(platform.database.db, request.params.id);
    if (!row) throw notFound('Message');
    return item(presentMessage(row));
  });
  serve(app, endpoints.resend, async (request) => {
    const actor = requireActor(request);
    const row = await findMessage(platform.database.db, request.params.id);
    if (!row) throw notFound('Message');
    if (!undeliveredStatuses.includes(row.status))
      throw new AppError('CONFLICT', `Only an undelivered message (failed or retrying) can be sent again; this one is ${row.status}.`);
    if (row.to === erasedRecipient) throw new AppError('CONFLICT', 'This message was erased (GDPR) before it could be delivered: it cannot be sent again.');
    const messages = await platform.messaging.requeue({ ids: [row.id], by: actor });
    return item({ requeued: messages.length, messages: messages.map(presentMessage) });
  });
  serve(app, endpoints.resendFailed, async (request) => {
    const actor = requireActor(request);
    const messages = await platform.messaging.requeue({ by: actor });
    return item({ requeued: messages.length, messages: messages.map(presentMessage) });
  });
}
