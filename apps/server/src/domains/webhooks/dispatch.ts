import http from 'node:http';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { webhookHeaders } from '@paraphe/contracts';
import { audit } from '../../platform/audit.ts';
import type { Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { defineJob } from '../../platform/modules.ts';
import { outboundRequest, OutboundError, prepareOutbound, type PreparedOutbound } from '../../platform/net/outbound.ts';
import { getApplication } from '../tenants/index.ts';
import { deliveryTimeoutMs, disableAfterFailingMs, dispatchQueue, retryDelayAfter, wakeDispatcher } from './delivery.ts';
import * as repo from './repository.ts';
import { openSecret, signatureHeader } from './signatures.ts';

/**
 * The dispatcher (docs/webhooks.md, "Delivery"): woken by a job of `webhooks.dispatch` (the fan-out's, a retry's,
 * a crash's lease end, and every minute), it claims batches of due deliveries of every tenant for a lease, sends
 * them concurrently over keep-alive connections — each endpoint's address resolved and checked once per batch —,
 * and records the batch's outcomes, next attempts and endpoints' health in one transaction. A process killed
 * mid-batch leaves its rows claimed: at the lease's end they are due again (at least once; a duplicate only for a
 * message that was in flight).
 */
/** Rows claimed at once by one lane; two lanes per process, so one sends while the other claims and records. */
const claimSize = 100;
const lanes = 2;
/** Sends in flight per lane, and per endpoint per process (a receiver is not flooded, others are not held back). */
const laneConcurrency = 32;
const perEndpointConcurrency = 10;
/** A claim's length. A send starts only while a whole timeout still fits in it; later rows are given back unsent. */
const leaseSeconds = 30;
const sendMargin = deliveryTimeoutMs + 5_000;
/** One wake-up drains this long at most, then hands over to a fresh job (pg-boss's claim on it stays short). */
const drainBudgetMs = 60_000;
/** A pending delivery due within this is woken for by a delayed job; later ones by the minute's job. */
const wakeHorizonSeconds = 60;

interface Outcome {
  status: number | null;
  error: string | null;
  durationMs: number;
}

/** In-process gates, one per endpoint, shared by the lanes. */
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

/**
 * Keep-alive agents, one per (origin, checked address): a pooled socket is always connected to the address the
 * current batch resolved and checked for that endpoint (the SSRF rule holds across reuse). Idle ones are closed.
 */
const agents = new Map<string, { agent: http.Agent; usedAt: number }>();
const agentIdleMs = 60_000;
function agentFor(prepared: PreparedOutbound): http.Agent {
  const key = `${prepared.url.origin}|${prepared.target.address}`;
  let entry = agents.get(key);
  if (!entry) {
    const options = { keepAlive: true, maxSockets: perEndpointConcurrency, maxFreeSockets: perEndpointConcurrency };
    entry = { agent: prepared.url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options), usedAt: 0 };
    agents.set(key, entry);
  }
  entry.usedAt = Date.now();
  return entry.agent;
}
function closeIdleAgents() {
  for (const [key, entry] of agents) {
    if (Date.now() - entry.usedAt < agentIdleMs) continue;
    entry.agent.destroy();
    agents.delete(key);
  }
}

/** Runs `work` on each item, at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Drains the due deliveries (a wake-up's job), then schedules the next wake-up when one is due soon. */
export async function dispatchDue(platform: Platform, signal?: AbortSignal): Promise<void> {
  const stopAt = Date.now() + drainBudgetMs;
  closeIdleAgents();
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (Date.now() < stopAt && !signal?.aborted) {
        if ((await dispatchBatch(platform)) < claimSize) return;
      }
    }),
  );
  const seconds = await platform.database.inSystem((tx) => repo.secondsUntilNextDue(tx, platform.clock()));
  if (seconds === null || seconds > wakeHorizonSeconds) return;
  await platform.database.inSystem((tx) => wakeDispatcher(platform, tx, Math.max(0, Math.ceil(seconds))));
}

/** One claimed batch: sent, then recorded. Returns the number of rows claimed. */
async function dispatchBatch(platform: Platform): Promise<number> {
  const token = randomUUID();
  const claimedAt = Date.now();
  const { claimed, endpoints, testModes } = await platform.database.inSystem(async (tx) => {
    const rows = await repo.claimDueDeliveries(tx, { token, now: platform.clock(), limit: claimSize, leaseSeconds });
    if (!rows.length) return { claimed: rows, endpoints: new Map<string, repo.EndpointRow>(), testModes: new Map<string, boolean>() };
    const found = await repo.endpointsByIds(tx, [...new Set(rows.map((r) => r.endpointId))]);
    const modes = new Map<string, boolean>();
    for (const appId of new Set(rows.map((r) => r.appId))) modes.set(appId, (await getApplication(tx, appId)).testMode);
    return { claimed: rows, endpoints: new Map(found.map((e) => [e.id, e])), testModes: modes };
  });
  if (!claimed.length) return 0;

  const now = platform.clock();
  const targets = new Map<string, Promise<PreparedOutbound | OutboundError>>();
  const secretsOf = new Map<string, string[]>();
  const outcomes = new Map<string, Outcome & { skipped: boolean }>();
  const unsent: string[] = [];
  await eachLimited(claimed, laneConcurrency, async (delivery) => {
    const endpoint = endpoints.get(delivery.endpointId);
    if (!endpoint) return; // deleted meanwhile: its rows went with it
    if (!endpoint.enabled && !delivery.manual) {
      outcomes.set(delivery.id, { status: null, error: 'The endpoint is disabled.', durationMs: 0, skipped: true });
      return;
    }
    const testMode = testModes.get(delivery.appId) ?? false;
    // Test mode may use http (a receiver on a developer's machine); private and loopback addresses only when the
    // operator allows them on this server (OUTBOUND_ALLOW_PRIVATE_NETWORKS), whatever the tenant's mode.
    // Resolved and checked once per endpoint per batch; every message of the batch goes to that address.
    let target = targets.get(endpoint.id);
    if (!target) {
      target = prepareOutbound(endpoint.url, { allowHttp: testMode, allowPrivateNetworks: platform.config.outboundAllowPrivateNetworks }).catch(
        (error: unknown) => {
          if (error instanceof OutboundError) return error;
          throw error;
        },
      );
      targets.set(endpoint.id, target);
    }
    let secrets = secretsOf.get(endpoint.id);
    if (!secrets) {
      secrets = [openSecret(platform, endpoint.sealedSecret)];
      if (endpoint.previousSealedSecret && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
        secrets.push(openSecret(platform, endpoint.previousSealedSecret));
      secretsOf.set(endpoint.id, secrets);
    }
    const prepared = await target;
    if (prepared instanceof OutboundError) {
      outcomes.set(delivery.id, { status: null, error: `${prepared.reason}: ${prepared.message}`, durationMs: 0, skipped: false });
      return;
    }
    const sent = await throughGate(endpoint.id, async () =>
      // The claim must outlast the send: past that point the row is given back unsent, for the next batch.
      Date.now() - claimedAt > leaseSeconds * 1000 - sendMargin ? null : send(platform, prepared, delivery, secrets),
    );
    if (sent) outcomes.set(delivery.id, { ...sent, skipped: false });
    else unsent.push(delivery.id);
  });
  await record(platform, token, claimed, endpoints, outcomes, unsent);
  return claimed.length;
}

async function send(platform: Platform, prepared: PreparedOutbound, delivery: repo.ClaimedDelivery, secrets: string[]): Promise<Outcome> {
  const started = performance.now();
  const timestamp = Math.floor(platform.clock().getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Paraphe-Webhooks/1',
    [webhookHeaders.id]: delivery.messageId,
    [webhookHeaders.timestamp]: String(timestamp),
    [webhookHeaders.signature]: signatureHeader(secrets, delivery.messageId, timestamp, delivery.requestBody),
  };
  try {
    const response = await outboundRequest(prepared.url.toString(), {
      method: 'POST',
      headers,
      body: delivery.requestBody,
      timeoutMs: deliveryTimeoutMs,
      maxBytes: 64 * 1024,
      prepared,
      agent: agentFor(prepared),
    });
    return { status: response.status, error: null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return { status: null, error: `${error.reason}: ${error.message}`, durationMs: Math.round(performance.now() - started) };
  }
}

/** The batch's outcomes, next attempts (or ends) and its endpoints' health — in one transaction. */
async function record(
  platform: Platform,
  token: string,
  claimed: repo.ClaimedDelivery[],
  endpoints: Map<string, repo.EndpointRow>,
  outcomes: Map<string, Outcome & { skipped: boolean }>,
  unsent: string[],
) {
  const now = platform.clock();
  const records: repo.AttemptRecord[] = [];
  const health = new Map<string, { ok: boolean; failures: number }>();
  let soonestRetry: number | undefined;
  for (const delivery of claimed) {
    const outcome = outcomes.get(delivery.id);
    if (!outcome) continue;
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const attempt = delivery.attempts + 1;
    const delay = ok || outcome.skipped ? undefined : retryDelayAfter(attempt);
    if (delay !== undefined) soonestRetry = Math.min(soonestRetry ?? delay, delay);
    records.push({
      id: delivery.id,
      status: ok ? 'delivered' : delay === undefined ? 'failed' : 'pending',
      attempts: attempt,
      responseStatus: outcome.status,
      error: outcome.error,
      durationMs: outcome.durationMs,
      deliveredAt: ok ? now : null,
      nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay * 1000),
    });
    if (outcome.skipped) continue;
    const seen = health.get(delivery.endpointId) ?? { ok: false, failures: 0 };
    health.set(delivery.endpointId, ok ? { ...seen, ok: true } : { ...seen, failures: seen.failures + 1 });
  }
  await platform.database.inSystem(async (tx) => {
    await repo.recordAttempts(tx, token, records, now);
    await repo.releaseClaims(tx, token, unsent);
    for (const [endpointId, { ok, failures }] of health) {
      const endpoint = endpoints.get(endpointId)!;
      // One success in the batch: the endpoint answers, its failure record is cleared. A healthy endpoint's success writes nothing.
      if (ok) {
        if (endpoint.failingSince || endpoint.consecutiveFailures) await repo.recordEndpointOutcome(tx, endpoint.appId, endpointId, { ok: true, at: now });
        continue;
      }
      await repo.recordEndpointOutcome(tx, endpoint.appId, endpointId, { ok: false, at: now, failures });
      await disableIfFailing(platform, tx, endpoint.appId, endpointId, now);
    }
    // The first retry (5 s) is sooner than the minute's wake-up.
    if (soonestRetry !== undefined && soonestRetry <= wakeHorizonSeconds) await wakeDispatcher(platform, tx, soonestRetry);
  });
}

async function disableIfFailing(platform: Platform, tx: Tx, appId: string, endpointId: string, now: Date) {
  const disabled = await repo.disableIfFailingSince(tx, appId, endpointId, new Date(now.getTime() - disableAfterFailingMs), now);
  if (!disabled) return;
  const application = await getApplication(tx, appId);
  await audit(tx, {
    appId,
    actorUserId: null,
    action: 'webhook.endpoint_disabled',
    targetType: 'webhook_endpoint',
    targetId: endpointId,
    data: { url: disabled.url, failingSince: disabled.failingSince?.toISOString() },
  });
  await platform.events.emit(tx, {
    type: 'webhook.endpoint_disabled',
    appId,
    data: { endpointId, url: disabled.url, ownerUserId: application.ownerUserId ?? null, failingSince: (disabled.failingSince ?? now).toISOString() },
  });
}

export const webhookJobs = [
  defineJob({
    queue: dispatchQueue,
    run: (platform, _data, job) => dispatchDue(platform, job.signal),
    // Every minute as well: retries due later than the wake horizon, rows of a crashed process after their lease.
    schedule: '* * * * *',
    // A failed drain is simply the next wake-up's work: the rows keep their state.
    retryLimit: 1,
    // One drain at a time per process (its lanes send in parallel); the drain budget plus one batch's lease.
    batchSize: 1,
    expireInSeconds: 150,
  }),
];
