import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';
import { notifications } from '../../src/domains/notifications/schema.ts';
import { tenantWithGerant } from '../support/signatures.ts';

describe(`notifications (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let colleague: TestClient;
  let stranger: TestClient;
  const ids: string[] = [];
  let colleagueNote: string;
  let strangerNote: string;
  beforeAll(async () => {
    t = await createTestContext();
    const tenant = await tenantWithGerant(t);
    gerant = tenant.client;
    colleague = await t.login((await t.factory.user(tenant.appId, { profile: 'COMMERCIAL' })).email);
    stranger = (await tenantWithGerant(t)).client;
    const write = (client: TestClient, type: 'signature.signed' | 'signature.refused', message: string, at: Date) =>
      t.database.inTenant(client.appId, async (tx) => {
        const [row] = await tx
          .insert(notifications)
          .values({ appId: client.appId, userId: client.userId, type, message, data: { requestId: 'r' }, createdAt: at })
          .returning();
        return row!;
      });
    for (let i = 0; i < 3; i++)
      ids.push((await write(gerant, i === 1 ? 'signature.refused' : 'signature.signed', `message ${i}`, new Date(Date.UTC(2026, 0, i + 1)))).id);
    colleagueNote = (await write(colleague, 'signature.signed', 'theirs', new Date())).id;
    strangerNote = (await write(stranger, 'signature.signed', 'elsewhere', new Date())).id;
  });
  afterAll(async () => t?.close());

  const list = async (query = '') => (await gerant.call('GET', `/api/notifications${query}`, 'notification')).json();

  it("lists the caller's own notifications, newest first, with the unread count", async () => {
    const body = await list();
    expect(body).toMatchObject({ countAll: 3, order: 'DESC', additionnalData: { unread: 3 } });
    expect(body.data.map((n: { message: string }) => n.message)).toEqual(['message 2', 'message 1', 'message 0']);
    expect(body.data[0]).toMatchObject({ type: 'signature.signed', read: false, readAt: null, data: { requestId: 'r' } });
    expect((await list('?type=signature.refused')).countAll).toBe(1);
  });

  it('reads one, marks read and unread, marks all read', async () => {
    expect((await gerant.call('GET', `/api/notifications/${ids[0]}`, 'notification')).json().data.message).toBe('message 0');
    const read = await gerant.call('PUT', `/api/notifications/${ids[0]}`, 'notification', { read: true });
    expect(read.json().data).toMatchObject({ read: true });
    expect((await list()).additionnalData.unread).toBe(2);
    expect((await list('?read=false')).countAll).toBe(2);
    expect((await gerant.call('PUT', `/api/notifications/${ids[0]}`, 'notification', { read: false })).json().data.readAt).toBeNull();
    const all = await gerant.call('PUT', '/api/notifications/read-all', 'notification');
    expect(all.json().data.updated).toBe(3);
    expect((await list()).additionnalData.unread).toBe(0);
    // The colleague's stay unread.
    expect((await colleague.call('GET', '/api/notifications', 'notification')).json().additionnalData.unread).toBe(1);
  });

  it("deletes one; another user's or another tenant's answers 404 and stays", async () => {
    expect((await gerant.call('DELETE', `/api/notifications/${ids[2]}`, 'notification')).statusCode).toBe(200);
    expect((await gerant.call('GET', `/api/notifications/${ids[2]}`, 'notification')).statusCode).toBe(404);
    const before = await t.snapshot();
    for (const id of [colleagueNote, strangerNote]) {
      expect((await gerant.call('GET', `/api/notifications/${id}`, 'notification')).statusCode).toBe(404);
      expect((await gerant.call('PUT', `/api/notifications/${id}`, 'notification', { read: true })).statusCode).toBe(404);
      expect((await gerant.call('DELETE', `/api/notifications/${id}`, 'notification')).statusCode).toBe(404);
    }
    expect(await t.snapshot()).toBe(before);
    expect((await t.request({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await gerant.call('GET', '/api/notifications', 'history')).statusCode).toBe(401);
  });
});
