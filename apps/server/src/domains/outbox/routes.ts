import { z } from 'zod';
import type { OutboxMessage } from '@paraphe/contracts';
import { outboxListQuerySchema, outboxListResponse, outboxMessageResponse, uuidSchema } from '@paraphe/contracts';
import type { DomainRoutes } from '../../platform/http/app.ts';
import { item, list } from '../../platform/http/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { findMessage, listMessages, type OutboxRow } from '../../platform/messaging/repository.ts';

function presentMessage(row: OutboxRow): OutboxMessage {
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
    createdAt: row.createdAt.toISOString(),
  };
}

/** The product administrator reads every captured mail and SMS (the embedded default sends none out). */
export const outboxRoutes: DomainRoutes = (app, platform) => {
  const config = { audience: 'outbox', permission: 'admin.outbox' } as const;
  app.get('/api/outbox', { schema: { tags: ['outbox'], querystring: outboxListQuerySchema, response: { 200: outboxListResponse } }, config }, async (request) => {
    const { rows, total } = await listMessages(platform.database.db, request.query);
    return list(rows.map(presentMessage), total, request.query);
  });
  app.get('/api/outbox/:id', { schema: { tags: ['outbox'], params: z.object({ id: uuidSchema }), response: { 200: outboxMessageResponse } }, config }, async (request) => {
    const row = await findMessage(platform.database.db, request.params.id);
    if (!row) throw notFound('Message');
    return item(presentMessage(row));
  });
};
