import { webhookTestEventType, type WebhookEndpointCreate, type WebhookEndpointUpdate } from '@paraphe/contracts';
import { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { Actor, Platform } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { OutboundError, parseOutboundUrl, resolvePublicAddress } from '../../platform/net/outbound.ts';
import { getApplication } from '../tenants/index.ts';
import { createManualDelivery, wakeDispatcher } from './delivery.ts';
import * as repo from './repository.ts';
import { newWebhookSecret, sealSecret } from './signatures.ts';

interface Options {
  platform: Platform;
  actor: Actor;
}
/** After a rotation the old secret keeps signing this long, so receivers can switch without losing a message. */
export const rotationGraceMs = 24 * 3600 * 1000;

const inTenant = <T>(opts: Options, work: (tx: Tx) => Promise<T>) => opts.platform.database.inTenant(opts.actor.appId, work);
const auditOf = (opts: Options, tx: Tx, action: string, targetId: string, data?: Record<string, unknown>) =>
  audit(tx, { appId: opts.actor.appId, actorUserId: opts.actor.realUserId, action, targetType: 'webhook_endpoint', targetId, data, ip: opts.actor.ip });

async function endpointOf(tx: Tx, opts: Options, id: string) {
  const row = await repo.findEndpoint(tx, opts.actor.appId, id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

/**
 * The URL rule (docs/webhooks.md, "SSRF"): https only in live mode (http too in test mode: a receiver on a developer's
 * machine); a host that leads to a private, loopback or link-local address is refused in both modes, unless the
 * operator allows private networks on this server (OUTBOUND_ALLOW_PRIVATE_NETWORKS, self-hosted development) — never
 * a tenant's own state. The dispatcher checks again at each batch (DNS may change; a tenant may go live).
 * The name is resolved outside any transaction (a slow DNS answer holds no database connection).
 */
async function checkedUrl(opts: Options, raw: string): Promise<string> {
  const { platform } = opts;
  const { testMode } = await inTenant(opts, (tx) => getApplication(tx, opts.actor.appId));
  try {
    const url = parseOutboundUrl(raw, { allowHttp: testMode });
    await resolvePublicAddress(url, platform.config.outboundAllowPrivateNetworks).catch((error: unknown) => {
      // A name that does not resolve yet may be set up later: only a private target is refused now.
      if (!(error instanceof OutboundError && error.reason === 'unresolvable')) throw error;
    });
    return url.toString();
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw fieldError('url', error.reason === 'scheme' ? 'url_https' : 'invalid_url', error.message);
  }
}

export const listEndpoints = (opts: Options) => inTenant(opts, (tx) => repo.listEndpoints(tx, opts.actor.appId));
export const getEndpoint = (opts: Options & { id: string }) => inTenant(opts, (tx) => endpointOf(tx, opts, opts.id));

export async function createEndpoint(opts: Options & { input: WebhookEndpointCreate }) {
  const secret = newWebhookSecret();
  const { input, platform, actor } = opts;
  const url = await checkedUrl(opts, input.url);
  const row = await inTenant(opts, async (tx) => {
    const created = await repo.insertEndpoint(tx, {
      appId: actor.appId,
      url,
      description: input.description ?? '',
      events: [...new Set(input.events)],
      enabled: input.enabled ?? true,
      sealedSecret: sealSecret(platform, secret),
    });
    await auditOf(opts, tx, 'webhook.endpoint_created', created.id, { url, events: created.events });
    return created;
  });
  return { row, secret };
}

export async function updateEndpoint(opts: Options & { id: string; input: WebhookEndpointUpdate }) {
  const { input, platform } = opts;
  const url = input.url === undefined ? undefined : await checkedUrl(opts, input.url);
  return inTenant(opts, async (tx) => {
    const current = await endpointOf(tx, opts, opts.id);
    // Enabling again (by hand) starts with a clean record: the next failure counts from now.
    const reenabled = input.enabled === true && !current.enabled;
    const changes = {
      ...(url === undefined ? {} : { url }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.events === undefined ? {} : { events: [...new Set(input.events)] }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled, disabledReason: null }),
      ...(reenabled ? { failingSince: null, consecutiveFailures: 0 } : {}),
    };
    const row = (await repo.updateEndpoint(tx, opts.actor.appId, opts.id, { ...changes, updatedAt: platform.clock() }))!;
    await auditOf(opts, tx, 'webhook.endpoint_updated', row.id, { changed: Object.keys(changes) });
    return row;
  });
}

export async function deleteEndpoint(opts: Options & { id: string }) {
  await inTenant(opts, async (tx) => {
    const row = await endpointOf(tx, opts, opts.id);
    await repo.deleteEndpoint(tx, opts.actor.appId, opts.id);
    await auditOf(opts, tx, 'webhook.endpoint_deleted', row.id, { url: row.url });
  });
}

/** A new secret; the current one becomes the previous, valid for the grace (an earlier previous is dropped). */
export async function rotateSecret(opts: Options & { id: string }) {
  const { platform } = opts;
  const secret = newWebhookSecret();
  const row = await inTenant(opts, async (tx) => {
    const current = await endpointOf(tx, opts, opts.id);
    const now = platform.clock();
    const rotated = (await repo.updateEndpoint(tx, opts.actor.appId, opts.id, {
      sealedSecret: sealSecret(platform, secret),
      previousSealedSecret: current.sealedSecret,
      previousSecretExpiresAt: new Date(now.getTime() + rotationGraceMs),
      updatedAt: now,
    }))!;
    await auditOf(opts, tx, 'webhook.secret_rotated', rotated.id);
    return rotated;
  });
  return { row, secret };
}

export async function sendTestEvent(opts: Options & { id: string }) {
  return inTenant(opts, async (tx) => {
    const endpoint = await endpointOf(tx, opts, opts.id);
    const delivery = await createManualDelivery(opts.platform, tx, opts.actor.appId, endpoint.id, webhookTestEventType, {
      endpointId: endpoint.id,
      message: 'A test event sent from the webhooks settings.',
    });
    await auditOf(opts, tx, 'webhook.test_sent', endpoint.id, { deliveryId: delivery.id });
    return delivery;
  });
}

/** Sends a delivery again: a new round of attempts (same webhook-id, so a receiver that had it can tell). */
export async function replayDelivery(opts: Options & { id: string; deliveryId: string }) {
  const { platform, actor } = opts;
  return inTenant(opts, async (tx) => {
    await endpointOf(tx, opts, opts.id);
    const current = await repo.findDelivery(tx, actor.appId, opts.id, opts.deliveryId);
    if (!current) throw notFound('Webhook delivery');
    const now = platform.clock();
    // Any claim on the row is dropped: an attempt in flight of the earlier round records nothing over this one.
    const row = (await repo.updateDelivery(tx, actor.appId, current.id, {
      status: 'pending',
      round: current.round + 1,
      attempts: 0,
      manual: true,
      nextAttemptAt: now,
      deliveredAt: null,
      error: null,
      claimToken: null,
      claimedUntil: null,
      updatedAt: now,
    }))!;
    await wakeDispatcher(platform, tx);
    await auditOf(opts, tx, 'webhook.delivery_replayed', opts.id, { deliveryId: row.id });
    return row;
  });
}

const cursorSchema = z.tuple([z.iso.datetime(), z.uuid()]);
const encodeCursor = (row: repo.DeliveryRow) => Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
function decodeCursor(cursor: string) {
  try {
    const [createdAt, id] = cursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { createdAt: new Date(createdAt), id };
  } catch {
    throw fieldError('cursor', 'invalid_value', 'Not a cursor of this list.');
  }
}

export async function listDeliveries(opts: Options & { id: string; limit: number; cursor?: string; status?: repo.DeliveryRow['status'] }) {
  const before = opts.cursor ? decodeCursor(opts.cursor) : undefined;
  return inTenant(opts, async (tx) => {
    await endpointOf(tx, opts, opts.id);
    const rows = await repo.listDeliveries(tx, opts.actor.appId, opts.id, { limit: opts.limit + 1, before, status: opts.status });
    const shown = rows.slice(0, opts.limit);
    return { rows: shown, nextCursor: rows.length > opts.limit ? encodeCursor(shown.at(-1)!) : null };
  });
}
