import { randomUUID } from 'node:crypto';
import { webhookEventTypes, type WebhookEventType } from '@paraphe/contracts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { defineRecorder, defineSubscription } from '../../platform/modules.ts';
import * as repo from './repository.ts';

/**
 * Delivery (docs/webhooks.md): the fan-out recorder writes one delivery row per (event, listening endpoint) in
 * the transaction that emits the events — one multi-row insert per emitted batch — with one wake-up job for the
 * dispatcher (dispatch.ts), which claims due rows in batches, sends them and records the outcomes and the next
 * attempts in batched statements. The rows are the state: no job per message.
 */
export const dispatchQueue = 'webhooks.dispatch';
export const deliveryTimeoutMs = 10_000;
/** Delays before the 2nd, 3rd… attempt (then `failed`): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 10 h, 14 h, 24 h = 75.6 h. */
export const retryDelaysSeconds = [5, 300, 1800, 7200, 18_000, 36_000, 36_000, 36_000, 50_400, 86_400] as const;
/** Jitter added to each delay (never removed, so the schedule stays over 72 hours): up to 10 %. */
const jitterShare = 0.1;
/** An endpoint whose every attempt failed for this long is disabled, and the tenant's owner told. */
export const disableAfterFailingMs = 5 * 24 * 3600 * 1000;

export const retryDelayAfter = (attempt: number, random = Math.random) => {
  const base = retryDelaysSeconds[attempt - 1];
  return base === undefined ? undefined : Math.round(base * (1 + jitterShare * random()));
};

/** The JSON body of a message (Standard Webhooks' `type`, `timestamp`, `data`, plus the id of the event). */
export const messageBody = (id: string, type: string, occurredAt: string, data: Record<string, unknown>) =>
  JSON.stringify({ id, type, timestamp: occurredAt, data });

/** Wakes the dispatcher (after the transaction commits; later by `startAfterSeconds`). Extra wake-ups cost one empty claim. */
export const wakeDispatcher = (platform: Platform, tx: Tx, startAfterSeconds = 0) =>
  platform.jobs.enqueue(tx, dispatchQueue, {}, startAfterSeconds > 0 ? { startAfterSeconds } : {});

export const webhookRecorders = (platform: Platform) => [
  defineRecorder({
    name: 'webhooks.fanout',
    events: webhookEventTypes,
    async record(tx, events) {
      await fanOut(platform, tx, events);
    },
  }),
];

/**
 * Until the recorder above, the fan-out was a subscription: one `event.webhooks.fanout` job per event. Such jobs still
 * waiting when a server is upgraded are worked by this subscription to no event type (nothing new is queued to it): it
 * fans their event out as the recorder does — one delivery per endpoint and event, a row already made is kept — so an
 * event emitted just before the upgrade is delivered too.
 */
export const legacyFanOutSubscriptions = (platform: Platform) => [
  defineSubscription({
    name: 'webhooks.fanout',
    events: [],
    async handle(event, tx) {
      await fanOut(platform, tx as Tx, [event]);
    },
  }),
];

/** One delivery per (event, enabled endpoint that chose its type), in two statements per 1,000 rows and one wake-up. */
async function fanOut(platform: Platform, tx: Tx, events: readonly { id: string; type: string; appId: string; occurredAt: string; data: unknown }[]) {
  const endpoints = await repo.enabledEndpointsOf(tx, [...new Set(events.map((e) => e.appId))]);
  if (!endpoints.length) return;
  const now = platform.clock();
  const rows: repo.NewDeliveryRow[] = [];
  for (const event of events) {
    const listening = endpoints.filter((endpoint) => endpoint.appId === event.appId && endpoint.events.includes(event.type as WebhookEventType));
    if (!listening.length) continue;
    const body = messageBody(event.id, event.type, event.occurredAt, event.data as Record<string, unknown>);
    for (const endpoint of listening)
      rows.push({ appId: event.appId, endpointId: endpoint.id, messageId: event.id, eventType: event.type, requestBody: body, nextAttemptAt: now });
  }
  if (!rows.length) return;
  await repo.insertDeliveriesQuietly(tx, rows);
  await wakeDispatcher(platform, tx);
}

/** A delivery made by hand (test event), due at once, sent even to a disabled endpoint. */
export async function createManualDelivery(platform: Platform, tx: Tx, appId: string, endpointId: string, type: string, data: Record<string, unknown>) {
  const messageId = randomUUID();
  const now = platform.clock();
  const [delivery] = await repo.insertDeliveries(tx, [
    { appId, endpointId, messageId, eventType: type, requestBody: messageBody(messageId, type, now.toISOString(), data), nextAttemptAt: now, manual: true },
  ]);
  await wakeDispatcher(platform, tx);
  return delivery!;
}
