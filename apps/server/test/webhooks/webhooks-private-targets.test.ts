import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@paraphe/contracts';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';
import { startReceiver } from './receiver.ts';

/**
 * Item 24.6: private and loopback webhook targets are an operator's server setting (OUTBOUND_ALLOW_PRIVATE_NETWORKS,
 * off by default), never a tenant's state. This server runs with the default: a tenant in test mode may use http://,
 * but can neither register nor reach an internal address, in any of its IPv4 or IPv6 spellings (docs/webhooks.md).
 */
describe(`webhooks: no private or loopback target without the operator's setting (${engine})`, () => {
  let t: TestContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let testMode: TestClient;
  let live: TestClient;
  const api = { api: true };

  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestContext(), startReceiver(() => 200)]);
    testMode = (await tenantWithGerant(t, { features: api, testMode: true })).client;
    live = (await tenantWithGerant(t, { features: api, testMode: false })).client;
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const create = (client: TestClient, url: string) => client.call('POST', '/api/webhooks', 'application', { url, events: ['signature.sent'] });
  /** A public address is accepted; the endpoint is removed at once (nothing here may ever be sent off the machine). */
  const acceptedThenRemoved = async (client: TestClient, url: string) => {
    const res = await create(client, url);
    expect(res.statusCode, url).toBe(201);
    expect((await client.call('DELETE', `/api/webhooks/${res.json().data.id}`, 'application')).statusCode).toBe(200);
  };

  it('is off by default', () => {
    expect(t.config.outboundAllowPrivateNetworks).toBe(false);
  });

  it('refuses private targets at creation in live mode, IPv4 embedded in IPv6 included', async () => {
    const port = new URL(receiver.url('/')).port;
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://[::127.0.0.1]/hook', // IPv4-compatible
      'https://[::ffff:127.0.0.1]/hook', // IPv4-mapped
      'https://[::ffff:0:127.0.0.1]/hook', // SIIT
      'https://[64:ff9b::7f00:1]/hook', // NAT64
      'https://[64:ff9b:1::a00:1]/hook', // NAT64 local-use
      'https://[2002:c0a8:101::1]/hook', // 6to4 of 192.168.1.1
      'https://[2001:0:7f00:1::1]/hook', // Teredo, server 127.0.0.1
      `https://[::127.0.0.1]:${port}/hook`,
    ]) {
      const res = await create(live, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields[0], url).toMatchObject({ field: 'url', rule: 'invalid_url' });
    }
    // A public IPv4 inside 6to4 stays allowed.
    await acceptedThenRemoved(live, 'https://[2002:808:808::1]/hook');
  });

  it('refuses them in test mode too: http is allowed, a loopback or private address is not', async () => {
    for (const url of [receiver.url('/test-mode'), 'http://10.0.0.1/hook', 'http://[::ffff:0:a00:1]/hook', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await create(testMode, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields[0], url).toMatchObject({ field: 'url', rule: 'invalid_url' });
    }
    await acceptedThenRemoved(testMode, 'http://93.184.216.34/hook');
  });

  it('never delivers to a private address, even to an endpoint stored before (e.g. made while the setting was on)', async () => {
    const endpoint = (await create(testMode, 'http://93.184.216.34/hook')).json().data as { id: string };
    // As if registered under OUTBOUND_ALLOW_PRIVATE_NETWORKS=true, then the operator turned it off.
    await t.database.db.execute(sql`update webhook_endpoints set url = ${receiver.url('/stored')} where id = ${endpoint.id}`);
    await testMode.call('POST', `/api/webhooks/${endpoint.id}/test`, 'application');
    const deliveries = async () => (await testMode.call('GET', `/api/webhooks/${endpoint.id}/deliveries`, 'application')).json().data as WebhookDelivery[];
    const failed = await t.waitFor(async () => (await deliveries()).find((d) => d.attempts === 1));
    expect(failed).toMatchObject({ status: 'pending', responseStatus: null });
    expect(failed.error).toMatch(/^private_address/);
    expect(receiver.received.filter((r) => r.path === '/stored')).toHaveLength(0);
  });
});
