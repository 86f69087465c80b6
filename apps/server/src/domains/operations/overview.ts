import type { BulkProgress } from '@paraphe/contracts';
import type { Actor } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import * as repo from './repository.ts';
import { scopeOf } from './service.ts';

/**
 * An operation's progress as the home shows it (docs/dashboards.md, "Operations on the home"): from its own
 * per-order counters, no order counted. An order is the operation's "signatory"; a refusal makes the order
 * `failed` (no counter of its own), so `refused` stays 0 and refusals are under `failed`. `opened` = orders a
 * signer opened or acted on (`pending`) or that are signed (`completed`).
 */
export const operationProgress = (row: repo.OperationRecord): BulkProgress => ({
  kind: 'operation',
  id: row.id,
  label: row.label,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  signatories: row.orderCount,
  sent: row.dispatched,
  opened: row.nPending + row.nCompleted,
  signed: row.nCompleted,
  refused: 0,
  expired: row.nExpired,
  canceled: row.nCanceled,
  failed: row.nFailed,
});

/**
 * The home dashboard's operations (spec §2, §9): the latest sent and unfinished one (`pending` or `ready`) with its
 * progress, and the 6 latest pending or ready ones. Scoped like the operations list.
 */
export async function operationOverview(tx: Tx, actor: Actor): Promise<{ operation: BulkProgress | null; latest: BulkProgress[] }> {
  const scope = await scopeOf(tx, actor);
  // One after the other: the statements of a transaction share its connection.
  const [current] = await repo.inProgressOperations(tx, scope, { limit: 1, by: 'sentAt' });
  const latest = await repo.inProgressOperations(tx, scope, { limit: 6, by: 'createdAt' });
  return { operation: current ? operationProgress(current) : null, latest: latest.map(operationProgress) };
}
