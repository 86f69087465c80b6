import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../src/domains/notifications/schema.ts';
import { helpRequests } from '../../src/domains/help/schema.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { messagesTo, multipartBody, type Part } from '../support/signatures.ts';

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const input = (extra: Record<string, unknown> = {}) => ({
  subject: 'Cannot send',
  category: 'bug',
  message: 'The send button stays grey.',
  context: { route: '/signatures/new', userAgent: 'Chromium test', appVersion: '1.2.3', requestIds: ['req-1', 'req-2'] },
  ...extra,
});

/** Help requests: stored with their context, the administrator told (notice + mail), the support address mailed. */
describe(`help requests (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  let gerant: TestClient;
  let appId: string;

  const send = async (client: TestClient | undefined, body: unknown, file?: { fileName: string; contentType: string; data: Uint8Array }) => {
    const parts: Part[] = [{ name: 'input', value: JSON.stringify(body) }, ...(file ? [{ name: 'file', ...file }] : [])];
    const { payload, headers } = multipartBody(parts);
    return t.request({ method: 'POST', url: '/api/help-requests', token: client ? await client.token('user') : undefined, body: payload, headers });
  };

  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await t.factory.tenant({ doubleAuth: false, company: 'Acme Help' });
    appId = tenant.appId;
    gerant = await t.login(tenant.gerant.email);
    admin = await t.login(adminEmail);
    await admin.call('PUT', `/api/applications/${appId}`, 'application', { settings: { supportEmail: 'support@acme-help.example' } });
  });
  afterAll(async () => t?.close());

  it('stores the request with its context, notifies the administrator and mails them and the support address', async () => {
    const res = await send(gerant, input(), { fileName: 'screen.png', contentType: 'image/png', data: png });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      appId,
      subject: 'Cannot send',
      category: 'bug',
      status: 'open',
      supportEmail: 'support@acme-help.example',
      attachment: { fileName: 'screen.png', contentType: 'image/png', sizeBytes: png.length },
      context: { company: 'Acme Help', profile: 'GERANT', route: '/signatures/new', appVersion: '1.2.3', requestIds: ['req-1', 'req-2'] },
    });

    const notice = await t.waitFor(async () => (await t.database.db.select().from(notifications).where(eq(notifications.type, 'help.request')))[0]);
    expect(notice.message).toContain('Acme Help');
    expect(notice.data).toMatchObject({ helpRequestId: created.id, tenantAppId: appId });

    const [toAdmin] = await messagesTo(t, adminEmail, 'help-request');
    expect(toAdmin?.subject).toContain('Cannot send');
    expect(toAdmin?.attachments).toHaveLength(1);
    const [toSupport] = await messagesTo(t, 'support@acme-help.example', 'help-request');
    expect(toSupport?.appId).toBe(appId);

    const list = await admin.call('GET', '/api/admin/help-requests', 'application');
    expect(list.json().data.map((r: { id: string }) => r.id)).toContain(created.id);
    const file = await admin.call('GET', `/api/admin/help-requests/${created.id}/attachment`, 'application');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    const closed = await admin.call('PUT', `/api/admin/help-requests/${created.id}/status`, 'application', { status: 'closed' });
    expect(closed.json().data.status).toBe('closed');
  });

  it('refuses an attachment that is not a PDF, PNG or JPEG (by its bytes), and a missing subject, storing nothing', async () => {
    const before = (await t.database.db.select().from(helpRequests)).length;
    const text = await send(gerant, input(), { fileName: 'fake.png', contentType: 'image/png', data: Buffer.from('just some text, not an image') });
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ code: 'INVALID_FILE_TYPE', fields: [{ field: 'attachment' }] });
    const noSubject = await send(gerant, input({ subject: '' }));
    expect(noSubject.statusCode, noSubject.body).toBe(400);
    expect(noSubject.json().error.fields[0].field).toBe('subject');
    expect((await t.database.db.select().from(helpRequests)).length).toBe(before);
  });

  it('guards the endpoints: 401 without a token, 403 for the list and the status as a tenant director, 404 for an unknown request', async () => {
    expect((await send(undefined, input())).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/admin/help-requests' })).statusCode).toBe(401);
    const forbidden = await gerant.call('GET', '/api/admin/help-requests', 'application');
    expect(forbidden.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(helpRequests);
    const before = await t.snapshot();
    expect((await gerant.call('PUT', `/api/admin/help-requests/${row!.id}/status`, 'application', { status: 'open' })).statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
    expect((await admin.call('GET', '/api/admin/help-requests/00000000-0000-4000-8000-000000000000/attachment', 'application')).statusCode).toBe(404);
  });

  it('limits each user to 5 requests an hour', async () => {
    const tenant = await t.factory.tenant({ doubleAuth: false });
    const user = await t.login(tenant.gerant.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(user, input({ subject: `Try ${i}` }))).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
