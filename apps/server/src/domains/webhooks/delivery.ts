import { randomUUID } from 'node:crypto';
import { webhookEventTypes, webhookHeaders, type DomainEvent, type WebhookEventType } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { defineJob, defineSubscription } from '../../platform/modules.ts';
import { outboundRequest, OutboundError } from '../../platform/net/outbound.ts';
import { getApplication } from '../tenants/index.ts';
import * as repo from './repository.ts';
import { openSecret, signatureHeader } from './signatures.ts';

/**
 * Delivery (docs/webhooks.md): the fan-out subscriber writes one delivery per (event, listening endpoint) in the
 * transaction that handles the event, with its first job; each job makes one attempt and, when it fails,
 * schedules the next one in the same transaction as it records the outcome. A job of an earlier attempt or round
 * (a crash's re-run, a replay meanwhile) finds the delivery moved on and does nothing: a 2xx is sent once per round.
 */
export const deliverQueue = 'webhooks.deliver';
export const deliveryTimeoutMs = 10_000;
/** Delays before the 2nd, 3rd… attempt (then `failed`): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h, 14 h, 24 h = 75.6 h. */
export const retryDelaysSeconds = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 50_400, 86_400] as const;
/** Jitter added to each delay (never removed, so the schedule stays over 72 hours): up to 10 %. */
const jitterShare = 0.1;
/** An endpoint whose every attempt failed for this long is disabled, and the tenant's owner told. */
export const disableAfterFailingMs = 5 * 24 * 3600 * 1000;
/** Attempts in flight to one endpoint from one process: a receiver is not flooded, others are not held back. */
const perEndpointConcurrency = 10;

export interface DeliverJob {
  appId: string;
  deliveryId: string;
  round: number;
  attempt: number;
  /** A test event or a replay: sent even while the endpoint is disabled. */
  manual?: boolean;
}

export const retryDelayAfter = (attempt: number, random = Math.random) => {
  const base = retryDelaysSeconds[attempt - 1];
  return base === undefined ? undefined : Math.round(base * (1 + jitterShare * random()));
};

/** The JSON body of a message (Standard Webhooks' `type`, `timestamp`, `data`, plus the id of the event). */
export const messageBody = (id: string, type: string, occurredAt: string, data: Record<string, unknown>) => JSON.stringify({ id, type, timestamp: occurredAt, data });

export const enqueueAttempt = (platform: Platform, tx: Tx, job: DeliverJob, startAfterSeconds = 0) =>
  platform.jobs.enqueue(tx, deliverQueue, job, startAfterSeconds ? { startAfterSeconds } : {});

export const webhookSubscriptions = (platform: Platform) => [
  defineSubscription({
    name: 'webhooks.fanout',
    events: webhookEventTypes,
    batchSize: 50,
    concurrency: 8,
    async handle(event, tx) {
      await fanOut(platform, tx as Tx, event);
    },
  }),
];

async function fanOut(platform: Platform, tx: Tx, event: DomainEvent) {
  const endpoints = await repo.endpointsListening(tx, event.appId, event.type as WebhookEventType);
  const body = messageBody(event.id, event.type, event.occurredAt, event.data as Record<string, unknown>);
  const created = await repo.insertDeliveries(
    tx,
    endpoints.map((endpoint) => ({ appId: event.appId, endpointId: endpoint.id, messageId: event.id, eventType: event.type, requestBody: body, nextAttemptAt: platform.clock() })),
  );
  if (created.length) await platform.jobs.enqueueMany(tx, deliverQueue, created.map((d) => ({ data: { appId: d.appId, deliveryId: d.id, round: d.round, attempt: 1 } satisfies DeliverJob })));
}

/** In-process gates, one per endpoint. */
const gates = new Map<string, { active: number; waiting: (() => void)[] }>();
async function throughGate<T>(endpointId: string, work: () => Promise<T>): Promise<T> {
  let gate = gates.get(endpointId);
  if (!gate) gates.set(endpointId, (gate = { active: 0, waiting: [] }));
  if (gate.active >= perEndpointConcurrency) await new Promise<void>((resolve) => gate.waiting.push(resolve));
  gate.active++;
  try {
    return await work();
  } finally {
    gate.active--;
    const next = gate.waiting.shift();
    if (next) next();
    else if (gate.active === 0) gates.delete(endpointId);
  }
}

interface Outcome {
  status: number | null;
  error: string | null;
  durationMs: number;
}

async function attempt(platform: Platform, job: DeliverJob, signal?: AbortSignal): Promise<void> {
  const found = await platform.database.inTenant(job.appId, async (tx) => {
    const row = await repo.findDeliveryWithEndpoint(tx, job.appId, job.deliveryId);
    return row && { ...row, testMode: (await getApplication(tx, job.appId)).testMode };
  });
  if (!found) return; // the endpoint was deleted
  const { delivery, endpoint, testMode } = found;
  if (delivery.status !== 'pending' || delivery.round !== job.round || delivery.attempts !== job.attempt - 1) return; // moved on
  const now = platform.clock();
  let outcome: Outcome;
  if (!endpoint.enabled && !job.manual) outcome = { status: null, error: 'The endpoint is disabled.', durationMs: 0 };
  else {
    const secrets = [openSecret(platform, endpoint.sealedSecret)];
    if (endpoint.previousSealedSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) secrets.push(openSecret(platform, endpoint.previousSealedSecret));
    // The claim may lapse while waiting at the gate: another run owns the attempt then, this one sends nothing.
    const sent = await throughGate(endpoint.id, async () => (signal?.aborted ? null : send(endpoint.url, delivery, secrets, Math.floor(platform.clock().getTime() / 1000), testMode)));
    if (!sent) return;
    outcome = sent;
  }
  await record(platform, job, endpoint, outcome, !endpoint.enabled && !job.manual);
}

async function send(url: string, delivery: repo.DeliveryRow, secrets: string[], timestamp: number, testMode: boolean): Promise<Outcome> {
  const started = performance.now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Paraphe-Webhooks/1',
    [webhookHeaders.id]: delivery.messageId,
    [webhookHeaders.timestamp]: String(timestamp),
    [webhookHeaders.signature]: signatureHeader(secrets, delivery.messageId, timestamp, delivery.requestBody),
  };
  try {
    // Test mode may aim at a developer's machine (http, private addresses); live mode reaches the public Internet only.
    const response = await outboundRequest(url, { method: 'POST', headers, body: delivery.requestBody, timeoutMs: deliveryTimeoutMs, maxBytes: 64 * 1024, allowHttp: testMode, allowPrivateNetworks: testMode });
    return { status: response.status, error: null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return { status: null, error: `${error.reason}: ${error.message}`, durationMs: Math.round(performance.now() - started) };
  }
}

/** The attempt's outcome, the next attempt (or the end), the endpoint's health — in one transaction. */
async function record(platform: Platform, job: DeliverJob, endpoint: repo.EndpointRow, outcome: Outcome, skipped: boolean) {
  const now = platform.clock();
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const delay = ok || skipped ? undefined : retryDelayAfter(job.attempt);
  await platform.database.inTenant(job.appId, async (tx) => {
    await repo.updateDelivery(tx, job.appId, job.deliveryId, {
      status: ok ? 'delivered' : delay === undefined ? 'failed' : 'pending',
      attempts: job.attempt,
      responseStatus: outcome.status,
      error: outcome.error,
      durationMs: outcome.durationMs,
      deliveredAt: ok ? now : null,
      nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 1000),
      updatedAt: now,
    });
    if (delay !== undefined) await enqueueAttempt(platform, tx, { ...job, attempt: job.attempt + 1 }, delay);
    if (skipped) return;
    // A success on an endpoint that was healthy when read changes nothing of it: no statement.
    if (!ok || endpoint.failingSince || endpoint.consecutiveFailures) await repo.recordEndpointOutcome(tx, job.appId, endpoint.id, { ok, at: now });
    if (!ok) await disableIfFailing(platform, tx, job.appId, endpoint.id, now);
  });
}

async function disableIfFailing(platform: Platform, tx: Tx, appId: string, endpointId: string, now: Date) {
  const disabled = await repo.disableIfFailingSince(tx, appId, endpointId, new Date(now.getTime() - disableAfterFailingMs), now);
  if (!disabled) return;
  const application = await getApplication(tx, appId);
  await audit(tx, { appId, actorUserId: null, action: 'webhook.endpoint_disabled', targetType: 'webhook_endpoint', targetId: endpointId, data: { url: disabled.url, failingSince: disabled.failingSince?.toISOString() } });
  await platform.events.emit(tx, {
    type: 'webhook.endpoint_disabled',
    appId,
    data: { endpointId, url: disabled.url, ownerUserId: application.ownerUserId ?? null, failingSince: (disabled.failingSince ?? now).toISOString() },
  });
}

export const webhookJobs = [
  defineJob<DeliverJob>({
    queue: deliverQueue,
    run: (platform, data, job) => attempt(platform, data, job.signal),
    // A crash mid-attempt is retried by pg-boss; an answered attempt schedules its own successor (above).
    retryLimit: 3,
    // Up to `batchSize` attempts at once (two fetching workers), each at most the 10 s timeout plus two short
    // transactions; to a single endpoint they pass its gate 10 at a time: 100 jobs × 10 s / 10 = 100 s at worst.
    batchSize: 50,
    concurrency: 50,
    expireInSeconds: 150,
  }),
];

/** A delivery made by hand (test event), with its first attempt. */
export async function createManualDelivery(platform: Platform, tx: Tx, appId: string, endpointId: string, type: string, data: Record<string, unknown>) {
  const messageId = randomUUID();
  const now = platform.clock();
  const [delivery] = await repo.insertDeliveries(tx, [{ appId, endpointId, messageId, eventType: type, requestBody: messageBody(messageId, type, now.toISOString(), data), nextAttemptAt: now }]);
  await enqueueAttempt(platform, tx, { appId, deliveryId: delivery!.id, round: delivery!.round, attempt: 1, manual: true });
  return delivery!;
}
