import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';

const operation = { operationId: uuidSchema, label: z.string(), ownerUserId: uuidSchema.nullable() };

/** Domain events of operations (emitted in the transaction of the change); orders' events are signature events carrying operationId. */
export const operationEventSchemas = {
  /** Created through the public API (the back office saves drafts instead): the API meters its api_call from it. */
  'operation.created': z.object({ ...operation, orderCount: z.number().int() }),
  'operation.sent': z.object({ ...operation, orderCount: z.number().int() }),
  /** Every queued order has its request (or failed). */
  'operation.dispatched': z.object({ ...operation, sent: z.number().int(), failed: z.number().int() }),
  /** Every order is final (completed, failed, canceled or expired): the operation's final status and the counts. */
  'operation.finished': z.object({
    ...operation,
    status: z.enum(['completed', 'failed', 'expired']),
    completed: z.number().int(),
    failed: z.number().int(),
    canceled: z.number().int(),
    expired: z.number().int(),
  }),
  'operation.canceled': z.object(operation),
  'operation.deleted': z.object(operation),
  'operation.archive_ready': z.object({ ...operation, requestedBy: uuidSchema }),
} as const;
