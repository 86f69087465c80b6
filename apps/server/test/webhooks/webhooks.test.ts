import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, WebhookDelivery } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { changeApplication } from '../../src/domains/tenants/index.ts';
import { webhookRecorders } from '../../src/domains/webhooks/delivery.ts';
import { startReceiver, type Received } from './receiver.ts';

/** Webhooks here go to a receiver on loopback: the operator's server setting allows it (off by default). */
const privateTargets = { OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' };

type Verify = (
  secret: string,
  headers: Received['headers'],
  body: string,
  options?: { now?: number },
) => { id: string; type: string; data: Record<string, unknown> };

/** The verification sample of docs/webhooks.md, exactly as published. */
async function documentedVerify(): Promise<Verify> {
  const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/webhooks.md'), 'utf8');
  const code = /<!-- verify-sample:start -->\s*```js\n([\s\S]*?)```\s*<!-- verify-sample:end -->/.exec(doc)![1]!;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'paraphe-verify-')), 'verify.mjs');
  fs.writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook: Verify }).verifyWebhook;
}

describe(`webhooks (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let commercial: TestClient;
  let stranger: TestClient;
  let strangerEndpoint: string;
  let verify: Verify;
  // /flaky answers 500 to the first attempt of each message, /fail always 500, anything else 200.
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const api = { api: true };

  beforeAll(async () => {
    [t, receiver, verify] = await Promise.all([
      createTestContext({ env: privateTargets }),
      startReceiver((request, seen) => (request.path === '/fail' || (request.path === '/flaky' && seen === 1) ? 500 : 200)),
      documentedVerify(),
    ]);
    const tenant = await tenantWithGerant(t, { features: api });
    gerant = tenant.client;
    commercial = await t.login((await t.factory.user(tenant.appId, { profile: 'COMMERCIAL' })).email);
    stranger = (await tenantWithGerant(t, { features: api })).client;
    strangerEndpoint = (await stranger.call('POST', '/api/webhooks', 'application', { url: receiver.url('/b'), events: ['signature.sent'] })).json().data.id;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const create = (body: Record<string, unknown>, client = gerant) => client.call('POST', '/api/webhooks', 'application', body);
  const deliveries = async (endpointId: string, query = '') =>
    (await gerant.call('GET', `/api/webhooks/${endpointId}/deliveries${query}`, 'application')).json() as {
      data: WebhookDelivery[];
      nextCursor: string | null;
    };
  const receivedAt = (p: string) => receiver.received.filter((r) => r.path === p);
  const emitCompleted = (appId: string) =>
    t.database.inTenant(appId, (tx) =>
      t.server.platform.events.emit(tx, {
        type: 'signature.completed',
        appId,
        data: { requestId: randomUUID(), label: 'Lease', ownerUserId: null, level: 1, testMode: true, documentCount: 2 },
      }),
    );

  it('creates, lists, reads, updates and deletes endpoints; the secret is shown once; bad input names its field', async () => {
    const created = await create({ url: receiver.url('/crud'), description: 'CRM', events: ['signature.completed', 'signature.sent'] });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json().data;
    expect(endpoint).toMatchObject({
      url: receiver.url('/crud'),
      description: 'CRM',
      enabled: true,
      disabledReason: null,
      events: ['signature.completed', 'signature.sent'],
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await gerant.call('GET', `/api/webhooks/${endpoint.id}`, 'application');
    expect(read.json().data.secret).toBeUndefined();
    expect((await gerant.call('GET', '/api/webhooks', 'application')).json().data.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    const updated = await gerant.call('PATCH', `/api/webhooks/${endpoint.id}`, 'application', { events: ['signature.expired'], enabled: false });
    expect(updated.json().data).toMatchObject({ events: ['signature.expired'], enabled: false });
    const bad = await create({ url: 'ftp://example.com/x', events: [] });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.fields.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['events']);
    const badUrl = await create({ url: 'ftp://example.com/x', events: ['signature.sent'] });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.fields[0]).toMatchObject({ field: 'url' });
    expect((await gerant.call('DELETE', `/api/webhooks/${endpoint.id}`, 'application')).statusCode).toBe(200);
    expect((await gerant.call('GET', `/api/webhooks/${endpoint.id}`, 'application')).statusCode).toBe(404);
    const actions = (await t.database.db.execute(sql`select action from audit_events where target_id = ${endpoint.id} order by created_at`)) as unknown as {
      rows: { action: string }[];
    };
    expect(actions.rows.map((r) => r.action)).toEqual(['webhook.endpoint_created', 'webhook.endpoint_updated', 'webhook.endpoint_deleted']);
  });

  it('answers 401 without a token, 403 without the permission, 404 for another tenant (and changes nothing)', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/webhooks/${strangerEndpoint}`],
      ['PATCH', `/api/webhooks/${strangerEndpoint}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${strangerEndpoint}`],
      ['POST', `/api/webhooks/${strangerEndpoint}/rotate-secret`],
      ['POST', `/api/webhooks/${strangerEndpoint}/test`],
      ['GET', `/api/webhooks/${strangerEndpoint}/deliveries`],
      ['POST', `/api/webhooks/${strangerEndpoint}/deliveries/${randomUUID()}/replay`],
    ];
    const before = (await stranger.call('GET', `/api/webhooks/${strangerEndpoint}`, 'application')).body;
    for (const [method, url, body] of [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', { url: receiver.url('/x'), events: ['signature.sent'] }],
      ...routes,
    ] as const) {
      expect((await t.request({ method, url, body })).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await commercial.call(method, url, 'application', body);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, body] of routes) expect((await gerant.call(method, url, 'application', body)).statusCode, `${method} ${url}`).toBe(404);
    expect((await stranger.call('GET', `/api/webhooks/${strangerEndpoint}`, 'application')).body).toBe(before);
    const noApi = await tenantWithGerant(t);
    expect((await noApi.client.call('GET', '/api/webhooks', 'application')).json().error.code).toBe('FEATURE_DISABLED');
  });

  it('delivers an event once, with a signature the documented sample verifies; a repeated event gives no second delivery', async () => {
    const endpoint = (await create({ url: receiver.url('/ok'), events: ['signature.completed'] })).json().data;
    const other = (await create({ url: receiver.url('/other'), events: ['signature.sent'] })).json().data;
    const eventId = await emitCompleted(gerant.appId);
    const [request] = await t.waitFor(async () => (receivedAt('/ok').length ? receivedAt('/ok') : null));
    const event = verify(endpoint.secret, request!.headers, request!.body);
    expect(event).toMatchObject({ id: eventId, type: 'signature.completed', data: { label: 'Lease', documentCount: 2 } });
    expect(request!.headers['webhook-id']).toBe(eventId);
    expect(() => verify(other.secret, request!.headers, request!.body)).toThrow('No valid webhook signature');
    expect(() => verify(endpoint.secret, request!.headers, request!.body.replace('Lease', 'Lies'))).toThrow();
    const log = await t.waitFor(async () => {
      const page = await deliveries(endpoint.id);
      return page.data[0]?.status === 'delivered' ? page : null;
    });
    expect(log.data[0]).toMatchObject({
      messageId: eventId,
      eventType: 'signature.completed',
      attempts: 1,
      responseStatus: 200,
      nextAttemptAt: null,
      requestBody: request!.body,
    });
    // The fan-out recording the same event again (an event emitted twice) changes nothing.
    const [fanout] = webhookRecorders(t.server.platform);
    const again = {
      id: eventId,
      type: 'signature.completed',
      appId: gerant.appId,
      actorUserId: null,
      occurredAt: new Date().toISOString(),
      data: event.data,
    } as unknown as DomainEvent;
    await t.database.inTenant(gerant.appId, (tx) => fanout!.record(tx, [again]));
    expect((await deliveries(endpoint.id)).data).toHaveLength(1);
    expect(receivedAt('/other')).toHaveLength(0);
    expect((await deliveries(other.id)).data).toHaveLength(0);
  });

  it('delivers an event whose fan-out job the previous version queued (event.webhooks.fanout) once, after an upgrade', async () => {
    const endpoint = (await create({ url: receiver.url('/legacy'), events: ['signature.completed'] })).json().data;
    // An event stored before the recorder existed: no delivery row, only its subscription job.
    const data = { requestId: randomUUID(), label: 'Before the upgrade', ownerUserId: null, level: 1, testMode: true, documentCount: 1 };
    const eventId = await t.database.inSystem(async (tx) => {
      const rows = (await tx.execute(
        sql`insert into domain_events (app_id, type, data, occurred_at) values (${gerant.appId}, 'signature.completed', ${JSON.stringify(data)}::jsonb, now()) returning id`,
      )) as unknown as { rows: { id: string }[] };
      const id = String(rows.rows[0]!.id);
      await t.server.platform.jobs.enqueue(tx, 'event.webhooks.fanout', { eventId: id });
      return id;
    });
    const [request] = await t.waitFor(async () => (receivedAt('/legacy').length ? receivedAt('/legacy') : null));
    expect(verify(endpoint.secret, request!.headers, request!.body)).toMatchObject({
      id: eventId,
      type: 'signature.completed',
      data: { label: 'Before the upgrade' },
    });
    // The same job twice (a retry) makes no second delivery.
    await t.database.inSystem((tx) => t.server.platform.jobs.enqueue(tx, 'event.webhooks.fanout', { eventId }));
    await t.waitFor(
      async () =>
        (
          (await t.database.db.execute(sql`select 1 from domain_event_receipts where event_id = ${eventId} and subscriber = 'webhooks.fanout'`)) as unknown as {
            rows: unknown[];
          }
        ).rows.length > 0 || null,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await deliveries(endpoint.id)).data).toHaveLength(1);
    expect(receivedAt('/legacy')).toHaveLength(1);
  });

  it('retries after a 500 and then delivers; the log pages by cursor; replay sends it again', async () => {
    const endpoint = (await create({ url: receiver.url('/flaky'), events: ['signature.completed'] })).json().data;
    const eventId = await emitCompleted(gerant.appId);
    const pending = await t.waitFor(async () => ((await deliveries(endpoint.id)).data[0]?.attempts === 1 ? (await deliveries(endpoint.id)).data[0] : null));
    expect(pending).toMatchObject({ status: 'pending', responseStatus: 500 });
    expect(new Date(pending.nextAttemptAt!).getTime() - Date.now()).toBeLessThan(6_000);
    // Fast-forward the scheduled retry (due in 5 s) and its wake-up instead of waiting for them.
    await t.database.db.execute(sql`update webhook_deliveries set next_attempt_at = now() where id = ${pending.id}`);
    await t.database.db.execute(sql`update pgboss.job set start_after = now() where name = 'webhooks.dispatch' and state in ('created', 'retry')`);
    const delivered = await t.waitFor(async () =>
      (await deliveries(endpoint.id)).data[0]?.status === 'delivered' ? (await deliveries(endpoint.id)).data[0] : null,
    );
    expect(delivered).toMatchObject({ attempts: 2, responseStatus: 200 });
    expect(receivedAt('/flaky').map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);

    await gerant.call('POST', `/api/webhooks/${endpoint.id}/test`, 'application');
    const first = await deliveries(endpoint.id, '?limit=1');
    expect(first.data[0]!.eventType).toBe('webhook.test');
    const second = await deliveries(endpoint.id, `?limit=1&cursor=${first.nextCursor}`);
    expect(second).toMatchObject({ data: [{ messageId: eventId }], nextCursor: null });
    expect((await gerant.call('GET', `/api/webhooks/${endpoint.id}/deliveries?cursor=nope`, 'application')).statusCode).toBe(400);

    const replay = await gerant.call('POST', `/api/webhooks/${endpoint.id}/deliveries/${delivered.id}/replay`, 'application');
    expect(replay.statusCode).toBe(202);
    expect(replay.json().data).toMatchObject({ status: 'pending', attempts: 0 });
    await t.waitFor(async () => receivedAt('/flaky').filter((r) => r.headers['webhook-id'] === eventId).length === 3);
    await t.waitFor(async () => (await deliveries(endpoint.id)).data.find((d) => d.id === delivered.id)?.status === 'delivered');
  });

  it('sends a test event to that endpoint only; signs with both secrets during a rotation grace, then with the new one', async () => {
    const endpoint = (await create({ url: receiver.url('/rotate'), events: ['signature.sent'] })).json().data;
    const rotated = (await gerant.call('POST', `/api/webhooks/${endpoint.id}/rotate-secret`, 'application')).json().data;
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
    const test = await gerant.call('POST', `/api/webhooks/${endpoint.id}/test`, 'application');
    expect(test.statusCode).toBe(202);
    const [during] = await t.waitFor(async () => (receivedAt('/rotate').length ? receivedAt('/rotate') : null));
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated.secret, during!.headers, during!.body).type).toBe('webhook.test');
    expect(verify(endpoint.secret, during!.headers, during!.body).type).toBe('webhook.test');

    // The grace is over (24 h later): only the new secret signs.
    await t.database.db.execute(sql`update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = ${endpoint.id}`);
    await gerant.call('POST', `/api/webhooks/${endpoint.id}/test`, 'application');
    const after = (await t.waitFor(async () => (receivedAt('/rotate').length === 2 ? receivedAt('/rotate') : null)))[1]!;
    expect(verify(rotated.secret, after.headers, after.body).type).toBe('webhook.test');
    expect(() => verify(endpoint.secret, after.headers, after.body)).toThrow('No valid webhook signature');
  });

  it('live mode needs https (at creation and at delivery), test mode allows http; private targets: the server setting (webhooks-private-targets.test.ts)', async () => {
    const live = await tenantWithGerant(t, { features: api, testMode: false });
    expect((await create({ url: receiver.url('/live'), events: ['signature.sent'] }, live.client)).json().error.fields[0]).toMatchObject({
      field: 'url',
      rule: 'url_https',
    });

    // Made in test mode (allowed), then the tenant goes live: the attempt is refused, nothing is sent.
    const endpoint = (await create({ url: receiver.url('/golive'), events: ['signature.sent'] })).json().data;
    await t.database.inSystem((tx) => changeApplication(tx, gerant.appId, { testMode: false }));
    try {
      await gerant.call('POST', `/api/webhooks/${endpoint.id}/test`, 'application');
      const failed = await t.waitFor(async () => (await deliveries(endpoint.id)).data.find((d) => d.attempts === 1));
      expect(failed).toMatchObject({ status: 'pending', responseStatus: null });
      expect(failed.error).toMatch(/^scheme/);
      expect(receivedAt('/golive')).toHaveLength(0);
    } finally {
      await t.database.inSystem((tx) => changeApplication(tx, gerant.appId, { testMode: true }));
    }
  });

  it('disables an endpoint failing for 5 days and notifies the owner', async () => {
    const endpoint = (await create({ url: receiver.url('/fail'), events: ['signature.sent'] })).json().data;
    const sixDaysAgo = Date.now() - 6 * 24 * 3600 * 1000;
    t.now.value = new Date(sixDaysAgo);
    try {
      await gerant.call('POST', `/api/webhooks/${endpoint.id}/test`, 'application');
      await t.waitFor(async () => (await deliveries(endpoint.id)).data[0]?.attempts === 1);
      // Its retry is due 5 s after that attempt by the clock of six days ago, i.e. at once when the clock comes back:
      // held back an hour, so the next failure is the test event's below.
      await t.database.db.execute(
        sql`update webhook_deliveries set next_attempt_at = now() + interval '1 hour' where endpoint_id = ${endpoint.id} and status = 'pending'`,
      );
    } finally {
      t.now.value = undefined;
    }
    const failing = (await gerant.call('GET', `/api/webhooks/${endpoint.id}`, 'application')).json().data;
    expect(failing).toMatchObject({ enabled: true, failingSince: new Date(sixDaysAgo).toISOString() });
    await gerant.call('POST', `/api/webhooks/${endpoint.id}/test`, 'application');
    const disabled = await t.waitFor(async () => {
      const row = (await gerant.call('GET', `/api/webhooks/${endpoint.id}`, 'application')).json().data;
      return row.enabled ? null : row;
    });
    expect(disabled.disabledReason).toBe('failing');
    const notes = await t.waitFor(async () => {
      const list = (await gerant.call('GET', '/api/notifications?type=webhook.disabled', 'notification')).json().data as {
        data: { endpointId: string };
        message: string;
      }[];
      return list.find((n) => n.data.endpointId === endpoint.id);
    });
    expect(notes.message).toContain(receiver.url('/fail'));
    // Enabling it again clears the record.
    const enabled = (await gerant.call('PATCH', `/api/webhooks/${endpoint.id}`, 'application', { enabled: true })).json().data;
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});
