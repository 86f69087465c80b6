import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminEmail, createTestContext, engine, freshIp, type TestClient, type TestContext } from '../support/harness.ts';
import { placed, signer, tenantWithGerant } from '../support/signatures.ts';
import { sentRequest, signAsInvited } from '../support/signing-flow.ts';
import { startHubSpotStandIn, type HubSpotStandIn } from '../support/hubspot-standin.ts';
import { writeBackQueue } from '../../src/domains/crm/writeback.ts';
import { createCampaign, postCampaign, signatory, waitForStatus } from '../campaigns/support.ts';

/**
 * The HubSpot connector (docs/connectors.md) against a local stand-in of HubSpot's documented API: the connect
 * flow and its state checks, token refresh (once, even concurrently) and invalid_grant, contacts search, the
 * write-back to the contact's timeline (once, retried on 5xx / 429), disconnect, and the authorization ladder.
 */
describe(`crm: HubSpot connector (${engine})`, () => {
  let t: TestContext;
  let hub: HubSpotStandIn;
  let gerant: TestClient;
  let commercial: TestClient;
  let comptable: TestClient;
  let stranger: TestClient;
  let admin: TestClient;
  let appId: string;

  beforeAll(async () => {
    hub = await startHubSpotStandIn();
    t = await createTestContext({
      env: { HUBSPOT_CLIENT_ID: hub.clientId, HUBSPOT_CLIENT_SECRET: hub.clientSecret, HUBSPOT_API_BASE: hub.url, HUBSPOT_AUTHORIZE_URL: hub.authorizeUrl },
    });
    const tenant = await tenantWithGerant(t);
    appId = tenant.appId;
    gerant = tenant.client;
    commercial = await t.login((await t.factory.user(appId, { profile: 'COMMERCIAL' })).email);
    comptable = await t.login((await t.factory.user(appId, { profile: 'COMPTABLE' })).email);
    stranger = (await tenantWithGerant(t)).client;
    admin = await t.login(adminEmail);
  });
  afterAll(async () => {
    await t?.close();
    await hub?.close();
  });

  const call = (client: TestClient, method: string, url: string) => client.call(method, url, 'application');
  const state = async (client = gerant) => (await call(client, 'GET', '/api/crm/hubspot/connect')).json().data;
  const callbackPath = (location: string) => {
    const url = new URL(location);
    return `${url.pathname}${url.search}`;
  };
  /** Connect → the stand-in's consent page (consents at once) → the address HubSpot sends the browser back to. */
  async function consentRedirect(client = gerant): Promise<string> {
    const started = await call(client, 'POST', '/api/crm/hubspot/connect');
    expect(started.statusCode, started.body).toBe(200);
    const consent = await fetch(started.json().data.authorizeUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    return callbackPath(consent.headers.get('location')!);
  }
  const callback = (path: string) => t.request({ method: 'GET', url: path, headers: freshIp() });
  async function connect(client = gerant) {
    const back = await callback(await consentRedirect(client));
    expect(back.statusCode, back.body).toBe(302);
    expect(back.headers.location).toContain('#/settings/configuration?tab=marketplace&crm=connected');
  }
  const tokenCalls = (grant: string) =>
    hub.calls.filter((c) => c.path === '/oauth/v1/token' && (c.body as { grant_type?: string }).grant_type === grant).length;
  const expireAccessToken = () => t.database.db.execute(sql`update crm_connections set access_expires_at = now() + interval '30 seconds'`);
  const writeBacks = async (requestId: string) =>
    (
      (await t.database.db.execute(
        sql`select id, status, attempts, note_id, file_ids, error from crm_write_backs where request_id = ${requestId}`,
      )) as unknown as { rows: { id: string; status: string; attempts: number; note_id: string | null; file_ids: string[] | null; error: string | null }[] }
    ).rows;

  it('without HUBSPOT_CLIENT_ID the connector says it is not configured, and nothing breaks', async () => {
    const config = t.server.platform.config as { hubspot: unknown };
    const saved = config.hubspot;
    config.hubspot = null;
    try {
      const started = await call(gerant, 'POST', '/api/crm/hubspot/connect');
      expect(started.statusCode).toBe(503);
      expect(started.json().error.code).toBe('CRM_NOT_CONFIGURED');
      expect(await state()).toMatchObject({ configured: false, connected: false });
      const search = await call(gerant, 'GET', '/api/crm/hubspot/contacts?q=ada');
      expect(search.json().error.code).toBe('CRM_NOT_CONFIGURED');
    } finally {
      config.hubspot = saved;
    }
  });

  it('connects end to end: authorisation URL, consent, code exchanged, tokens sealed, state shown', async () => {
    const started = await call(gerant, 'POST', '/api/crm/hubspot/connect');
    const authorize = new URL(started.json().data.authorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(hub.authorizeUrl);
    expect(authorize.searchParams.get('client_id')).toBe(hub.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.config.publicUrl}/api/public/crm/hubspot/callback`);
    expect(authorize.searchParams.get('scope')).toContain('crm.objects.contacts.read');
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f-]{36}\.[0-9a-f-]{36}\.[A-Za-z0-9_-]+$/);
    await connect();
    const shown = await state();
    expect(shown).toMatchObject({
      configured: true,
      connected: true,
      state: 'ok',
      portalId: String(hub.portalId),
      hubDomain: 'standin.hubspot.test',
      connectedBy: { userId: gerant.userId },
    });
    expect(shown.scopes).toContain('files');
    expect(Date.parse(shown.connectedAt)).toBeGreaterThan(Date.now() - 60_000);
    // The tokens HubSpot gave are nowhere in clear in the database.
    const issued = hub.calls
      .filter((c) => c.path.startsWith('/oauth/v1/access-tokens/'))
      .at(-1)!
      .path.split('/')
      .at(-1)!;
    const dump = JSON.stringify((await t.database.db.execute(sql`select * from crm_connections`)) as unknown);
    expect(dump).not.toContain(issued);
    const audits = (await t.database.db.execute(sql`select action from audit_events where app_id = ${appId} and action like 'crm.%'`)) as unknown as {
      rows: { action: string }[];
    };
    expect(audits.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['crm.connect_started', 'crm.connected']));
  });

  it('refuses a forged, an expired or a reused state with 400 and a way back; a declined consent says so', async () => {
    const before = JSON.stringify(await state());
    const path = await consentRedirect();
    const forged = path.replace(/state=([^&]+)/, (_, s: string) => `state=${decodeURIComponent(s).slice(0, -3)}abc`);
    const refused = await callback(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.body).toContain('crm=error&amp;code=state_invalid');
    expect((await callback(path.replace(/state=[^&]+/, 'state=nonsense'))).statusCode).toBe(400);
    expect((await callback('/api/public/crm/hubspot/callback')).statusCode).toBe(400);

    expect((await callback(path)).statusCode).toBe(302); // the genuine one still works once
    const reused = await callback(path);
    expect(reused.statusCode).toBe(400);

    const late = await consentRedirect();
    t.now.value = new Date(Date.now() + 11 * 60_000);
    try {
      expect((await callback(late)).statusCode).toBe(400);
    } finally {
      t.now.value = undefined;
    }
    const declined = await callback(`${(await consentRedirect()).replace(/code=[^&]+/, '')}&error=access_denied`);
    expect(declined.statusCode).toBe(302);
    expect(declined.headers.location).toContain('crm=error&code=declined');
    expect(JSON.parse(before).portalId).toBe((await state()).portalId);
  });

  it('searches HubSpot contacts (10 at most) for whoever creates requests; bad input is a 400', async () => {
    const found = await call(commercial, 'GET', '/api/crm/hubspot/contacts?q=ada');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([{ idc: '501', firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: '+33612345678' }]);
    const search = hub.calls.filter((c) => c.path === '/crm/v3/objects/contacts/search').at(-1)!;
    expect(search.body).toMatchObject({ query: 'ada', limit: 10, properties: ['firstname', 'lastname', 'email', 'phone'] });
    expect((await call(commercial, 'GET', '/api/crm/hubspot/contacts?q=')).statusCode).toBe(400);
    expect((await call(commercial, 'GET', '/api/crm/hubspot/contacts')).statusCode).toBe(400);
  });

  it('refreshes an access token about to expire once, even for two concurrent searches; a 401 refreshes once', async () => {
    await expireAccessToken();
    const before = tokenCalls('refresh_token');
    hub.tokenDelayMs = 200;
    try {
      const [a, b] = await Promise.all([call(gerant, 'GET', '/api/crm/hubspot/contacts?q=alan'), call(commercial, 'GET', '/api/crm/hubspot/contacts?q=grace')]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().data[0].idc).toBe('502');
    } finally {
      hub.tokenDelayMs = 0;
    }
    expect(tokenCalls('refresh_token') - before).toBe(1);
    // HubSpot says the token is no good (revoked by HubSpot mid-life): refreshed once, then the call goes through.
    hub.failNext('POST /crm/v3/objects/contacts/search', {
      status: 401,
      body: { status: 'error', message: 'Authentication credentials not found.', category: 'INVALID_AUTHENTICATION' },
    });
    const again = await call(gerant, 'GET', '/api/crm/hubspot/contacts?q=ada');
    expect(again.statusCode, again.body).toBe(200);
    expect(tokenCalls('refresh_token') - before).toBe(2);
  });

  it('a HubSpot error is answered with its messages, one per detail (toasts)', async () => {
    hub.failNext('POST /crm/v3/objects/contacts/search', {
      status: 400,
      body: {
        status: 'error',
        message: 'There was a problem with the request.',
        errors: [{ message: 'Unknown property "phone2"' }],
        category: 'VALIDATION_ERROR',
      },
    });
    const failed = await call(gerant, 'GET', '/api/crm/hubspot/contacts?q=ada');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toMatchObject({
      code: 'CRM_UNAVAILABLE',
      details: { status: 400, errors: ['There was a problem with the request.', 'Unknown property "phone2"'] },
    });
  });

  it('writes the completion back to the contact: the signed document uploaded privately and attached to one note, even if the job runs twice', async () => {
    const email = 'ada-signer@example.com';
    const request = await sentRequest(t, gerant, {
      label: 'Lease <2026>',
      signers: [signer(0, { emailAddress: email, connector: { idc: '501' } }), signer(1, { emailAddress: 'plain@example.com' })],
      documents: [placed('contract.pdf', [0, 1])],
    });
    const notesBefore = hub.notes.length;
    await signAsInvited(t, email);
    await signAsInvited(t, 'plain@example.com');
    const [row] = await t.waitFor(async () => {
      const rows = await writeBacks(request.id);
      return rows.length && rows[0]!.status === 'done' ? rows : null;
    }, 60_000);
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(hub.notes.length - notesBefore).toBe(1);
    const note = hub.notes.at(-1)!;
    expect(note.associations).toEqual([{ to: { id: '501' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }]);
    // In the tenant's default language (French here), the request's label escaped.
    expect(note.properties.hs_note_body).toBe(
      '<p>Demande de signature « Lease &lt;2026&gt; » terminée : tous les signataires ont signé, les documents signés sont joints.</p><p>Signataire : LAST0 First0</p>',
    );
    expect(note.properties.hs_attachment_ids).toBe(row!.file_ids!.join(';'));
    const file = hub.files.find((f) => f.id === row!.file_ids![0])!;
    expect(file).toMatchObject({ access: 'PRIVATE' });
    expect(file.size).toBeGreaterThan(1000);
    // The job again (a crash's re-run, a duplicate): nothing more at HubSpot.
    await t.database.inTenant(appId, (tx) => t.server.platform.jobs.enqueue(tx, writeBackQueue, { appId, writeBackId: row!.id }));
    await t.waitFor(
      async () =>
        ((await t.database.db.execute(sql`select 1 from pgboss.job where name = ${writeBackQueue} and state = 'completed'`)) as unknown as { rows: unknown[] })
          .rows.length >= 2,
    );
    expect(hub.notes.length - notesBefore).toBe(1);
    expect((await writeBacks(request.id))[0]).toMatchObject({ attempts: 1, note_id: row!.note_id });
  }, 120_000);

  it('retries a HubSpot 500 and a 429 (after Retry-After); another refusal is recorded with HubSpot’s message', async () => {
    // The note follows the tenant's default language (settings → General).
    await t.database.db.execute(sql`update applications set settings = settings || '{"defaultLanguage":"de"}'::jsonb where id = ${appId}`);
    hub.failNext(
      'POST /crm/v3/objects/notes',
      { status: 500 },
      { status: 429, headers: { 'retry-after': '1' }, body: { status: 'error', message: 'You have reached your secondly limit.', category: 'RATE_LIMITS' } },
    );
    const canceled = await sentRequest(t, gerant, { label: 'Retry', signers: [signer(0, { connector: { idc: '503' } })] });
    expect((await gerant.call('PUT', `/api/transactions/${canceled.id}`, 'history', { action: 'cancel' })).statusCode).toBe(200);
    const [done] = await t.waitFor(async () => {
      const rows = await writeBacks(canceled.id);
      return rows[0]?.status === 'done' ? rows : null;
    }, 30_000);
    expect(done!.attempts).toBe(3);
    const note = hub.notes.at(-1)!;
    expect(note.properties.hs_note_body).toBe('<p>Signaturanfrage „Retry“ storniert.</p><p>Unterzeichner: LAST0 First0</p>');
    expect(note.properties.hs_attachment_ids).toBeUndefined();

    const unknown = await sentRequest(t, gerant, { label: 'Unknown contact', signers: [signer(0, { connector: { idc: '999' } })] });
    await gerant.call('PUT', `/api/transactions/${unknown.id}`, 'history', { action: 'cancel' });
    await t.waitFor(async () => (await writeBacks(unknown.id))[0]?.status === 'failed');
    const shown = await state();
    expect(shown.lastErrors[0]).toMatchObject({ requestId: unknown.id, idc: '999', message: 'Contact 999 does not exist.' });
  }, 60_000);

  it('campaign signatories keep their HubSpot contact id: the copy’s signer carries it, the write-back notes the copy; a bad id is a 400', async () => {
    await t.database.db.execute(sql`update applications set features = features || '{"campaign":true}'::jsonb where id = ${appId}`);
    // What a request signer's connector refuses, a signatory's refuses the same way.
    for (const idc of ['', ' ', 'x'.repeat(201)]) {
      const bad = await postCampaign(t, gerant, { signatories: [signatory(0, { connector: { idc } })] });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(bad.json().error.fields).toMatchObject([{ field: 'transactionSigners.0.connector.idc' }]);
    }
    const linked = signatory(0, { connector: { idc: ' 502 ' } });
    const created = await createCampaign(t, gerant, { label: 'Campaign <CRM>', signatories: [linked, signatory(1)], send: true });
    await waitForStatus(t, gerant, created.id, ['ready']);
    const listed = (await gerant.call('GET', `/api/campains/${created.id}/signers`, 'campaign')).json().data as {
      emailAddress: string;
      connector: unknown;
      requestId: string;
    }[];
    const [withId, without] = [listed.find((s) => s.emailAddress === linked.emailAddress)!, listed.find((s) => s.emailAddress !== linked.emailAddress)!];
    expect(withId.connector).toEqual({ idc: '502' });
    expect(without.connector).toBeNull();
    const copySigners = async (requestId: string) =>
      (
        (await t.database.db.execute(sql`select connector_idc from signers where request_id = ${requestId}`)) as unknown as {
          rows: { connector_idc: string | null }[];
        }
      ).rows;
    expect(await copySigners(withId.requestId)).toEqual([{ connector_idc: '502' }]);
    expect(await copySigners(without.requestId)).toEqual([{ connector_idc: null }]);

    // The campaign cancelled: the linked copy's cancellation is noted on the contact, as a single request's.
    const notesBefore = hub.notes.length;
    expect((await gerant.call('PATCH', `/api/campains/${created.id}/status`, 'campaign', { status: 'canceled' })).statusCode).toBe(200);
    await t.waitFor(async () => (await writeBacks(withId.requestId))[0]?.status === 'done', 30_000);
    expect(hub.notes.length - notesBefore).toBe(1);
    expect(hub.notes.at(-1)!.associations).toEqual([{ to: { id: '502' }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 202 }] }]);
    expect(hub.notes.at(-1)!.properties.hs_note_body).toContain('Campaign &lt;CRM&gt;');
    expect(await writeBacks(without.requestId)).toEqual([]);

    // A duplicate keeps the id (its copies would be noted too).
    expect((await gerant.call('POST', `/api/campains/${created.id}/duplicate`, 'campaign')).statusCode).toBe(201);
    const ids = (await t.database.db.execute(
      sql`select connector_idc from campaign_signatories where app_id = ${appId} and email = ${linked.emailAddress}`,
    )) as unknown as { rows: { connector_idc: string | null }[] };
    expect(ids.rows).toEqual([{ connector_idc: '502' }, { connector_idc: '502' }]);
  }, 60_000);

  it('is described in the OpenAPI document (every call, the public callback included)', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    const paths = Object.keys(doc.paths);
    for (const path of ['/crm/hubspot/connect', '/crm/hubspot/contacts', '/public/crm/hubspot/callback', '/crm/hubspot/applications/{id}']) {
      expect(
        paths.some((p) => p.endsWith(path)),
        path,
      ).toBe(true);
    }
    const connect = doc.paths[paths.find((p) => p.endsWith('/crm/hubspot/connect'))!]!;
    expect(Object.keys(connect).sort()).toEqual(['delete', 'get', 'post']);
  });

  it('the ladder: 401 without a token, 403 without the permission, another tenant sees only its own (nothing changed)', async () => {
    const routes: [string, string, TestClient][] = [
      ['POST', '/api/crm/hubspot/connect', commercial],
      ['GET', '/api/crm/hubspot/connect', comptable],
      ['DELETE', '/api/crm/hubspot/connect', commercial],
      ['GET', '/api/crm/hubspot/contacts?q=ada', comptable],
      ['GET', `/api/crm/hubspot/applications/${appId}`, gerant],
    ];
    const before = JSON.stringify((await t.database.db.execute(sql`select * from crm_connections order by id`)) as unknown);
    for (const [method, url, lacking] of routes) {
      expect((await t.request({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(lacking, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    // Tenant B: not connected, its search and disconnect do not reach tenant A's connection.
    expect(await state(stranger)).toMatchObject({ connected: false, portalId: null, lastErrors: [] });
    expect((await call(stranger, 'GET', '/api/crm/hubspot/contacts?q=ada')).json().error.code).toBe('CRM_NOT_CONNECTED');
    expect((await call(stranger, 'DELETE', '/api/crm/hubspot/connect')).statusCode).toBe(409);
    expect((await call(admin, 'GET', '/api/crm/hubspot/applications/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(JSON.stringify((await t.database.db.execute(sql`select * from crm_connections order by id`)) as unknown)).toBe(before);
    // The product administrator sees the tenant's real state.
    const seen = await call(admin, 'GET', `/api/crm/hubspot/applications/${appId}`);
    expect(seen.json().data).toMatchObject({ connected: true, state: 'ok', portalId: String(hub.portalId) });
    expect(seen.json().data.connectedBy).toMatch(/\S/);
  });

  it('invalid_grant marks the connection broken and tells the user who connected: CRM_RECONNECT_REQUIRED', async () => {
    hub.revokeAll();
    await expireAccessToken();
    const refused = await call(commercial, 'GET', '/api/crm/hubspot/contacts?q=ada');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CRM_RECONNECT_REQUIRED');
    expect(await state()).toMatchObject({ connected: true, state: 'broken', brokenReason: expect.stringContaining('refresh token') });
    const notices = await t.waitFor(async () => {
      const list = (await gerant.call('GET', '/api/notifications?type=crm.reconnect', 'notification')).json().data as { message: string }[];
      return list.length ? list : null;
    });
    expect(notices[0]!.message).toContain('connect HubSpot again');
    // Connecting again repairs it.
    await connect();
    expect(await state()).toMatchObject({ state: 'ok', brokenReason: null });
  });

  it('disconnects: revokes the refresh token at HubSpot and deletes the tokens; works when HubSpot is down', async () => {
    const done = await call(gerant, 'DELETE', '/api/crm/hubspot/connect');
    expect(done.statusCode, done.body).toBe(200);
    expect(hub.calls.filter((c) => c.method === 'DELETE' && c.path.startsWith('/oauth/v1/refresh-tokens/'))).toHaveLength(1);
    expect(await state()).toMatchObject({ connected: false });
    expect((await call(gerant, 'DELETE', '/api/crm/hubspot/connect')).json().error.code).toBe('CRM_NOT_CONNECTED');

    await connect();
    hub.failNext('DELETE /oauth/v1/refresh-tokens', { status: 503 });
    expect((await call(gerant, 'DELETE', '/api/crm/hubspot/connect')).statusCode).toBe(200);
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from crm_connections where app_id = ${appId}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(0);
  });
});
