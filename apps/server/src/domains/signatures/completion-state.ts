import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { emitRequestEvent } from './facts.ts';
import type { RequestContext } from './messages.ts';
import * as repo from './repository.ts';
import { hasSignedVersions } from './versions.ts';
import { assertAction, type RequestJob } from './workflow.ts';

/**
 * The request's side of the completion job (run by the signing domain, signing/completion.ts): the queue both
 * domains name, the failure when its last attempt fails, and the requester's retry. Status path:
 * signed → completed (the job succeeds) or signed → failed (its retries are exhausted, `completionFailure` says
 * why, `signature.failed` with stage `completion` notifies the requester); failed → signed again on
 * "retryCompletion", which re-enqueues the job: it starts over from the stored signed versions.
 */
export const completionQueue = 'signing-complete';
/** Attempts after the first (pg-boss backoff from 5 s): a TSA or storage outage of a few minutes is absorbed. */
export const completionRetryLimit = 3;

/** Longest reason kept: an error message, not a stack. */
const maxReasonLength = 500;

/** The completion job's last attempt failed: the request is failed with the reason, the requester is told. */
export async function markCompletionFailed(tx: Tx, platform: Platform, ctx: RequestContext, reason: string) {
  if (ctx.request.status !== 'signed') return; // completed meanwhile (another attempt), or deleted: nothing to say
  const now = platform.clock();
  const completionFailure = reason.slice(0, maxReasonLength);
  await repo.updateRequest(tx, ctx.application.id, ctx.request.id, { status: 'failed', completionFailure, updatedAt: now });
  await emitRequestEvent(tx, platform, ctx.request, 'signature.failed', { stage: 'completion', reason: completionFailure });
  await audit(tx, {
    appId: ctx.application.id,
    actorUserId: null,
    action: 'signature.completion_failed',
    targetType: 'signature_request',
    targetId: ctx.request.id,
    data: { reason: completionFailure },
  });
}

/** PUT /api/transactions/:id action retryCompletion: back to signed and the completion job enqueued again. */
export async function retryCompletion(tx: Tx, platform: Platform, ctx: RequestContext, actorUserId: string) {
  assertAction(ctx.request, 'retryCompletion');
  const appId = ctx.application.id;
  // A request whose sending failed never had signed documents: nothing to finalise.
  if (ctx.request.completionFailure === null || !(await hasSignedVersions(tx, appId, ctx.request.id))) {
    throw new AppError('INVALID_TRANSITION', 'Cannot retry the completion of a request that failed before it was signed.');
  }
  await repo.updateRequest(tx, appId, ctx.request.id, { status: 'signed', completionFailure: null, updatedAt: platform.clock() });
  await platform.jobs.enqueue(tx, completionQueue, { appId, requestId: ctx.request.id } satisfies RequestJob);
  await audit(tx, {
    appId,
    actorUserId,
    action: 'signature.completion_retried',
    targetType: 'signature_request',
    targetId: ctx.request.id,
    data: { previousFailure: ctx.request.completionFailure },
  });
}
