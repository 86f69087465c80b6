import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { permissionsFor } from '@paraphe/contracts';
import { auditEvents } from '../../src/platform/db/schema/index.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';

interface Person {
  id: string;
  email: string;
}

describe(`commuted mode (${engine})`, () => {
  let t: TestContext;
  let appA: string, appB: string;
  let gerant: Person, commercial: Person, userB: Person;
  let asGerant: TestClient, asCommercial: TestClient, asAdmin: TestClient;

  beforeAll(async () => {
    t = await createTestContext();
    const a = await t.factory.tenant({ doubleAuth: false });
    const b = await t.factory.tenant({ doubleAuth: false });
    appA = a.appId;
    appB = b.appId;
    gerant = a.gerant;
    commercial = await t.factory.user(appA, { profile: 'COMMERCIAL', parentId: gerant.id });
    userB = await t.factory.user(appB, { profile: 'MANAGER', parentId: b.gerant.id });
    [asGerant, asCommercial, asAdmin] = await Promise.all([t.login(gerant.email), t.login(commercial.email), t.login(adminEmail)]);
  });
  afterAll(async () => t?.close());

  const me = async (client: TestClient) => (await client.call('GET', '/api/Users/web/me', 'user')).json().data;
  const commute = (client: TestClient, appId: string, userId: string) => client.call('POST', '/api/auth/commute', 'user', { appId, userId });

  it('lets a GERANT act as a user of their tenant, with that user’s rights, and come back', async () => {
    const res = await commute(asGerant, appA, commercial.id);
    expect(res.statusCode, res.body).toBe(200);
    const view = await me(asGerant);
    expect(view.user.id).toBe(commercial.id);
    expect(view.commutedBy).toMatchObject({ userId: gerant.id, appId: appA });
    expect(view.commutedBy.name).toBe('GERANT Gérard');
    expect(view.permissions).toEqual(permissionsFor('COMMERCIAL', false));
    // The same access token now carries the COMMERCIAL's rights.
    const list = await asGerant.call('GET', '/api/Users', 'user');
    expect(list.statusCode).toBe(403);

    // What is done while commuted is recorded under the real user.
    expect((await asGerant.call('PUT', '/api/Users/me', 'user', { firstName: 'Changed', lastName: 'ByBoss' })).json().data.id).toBe(commercial.id);
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.profile_updated'), eq(auditEvents.targetId, commercial.id)));
    expect(entry).toMatchObject({ actorUserId: gerant.id, appId: appA });

    expect((await asGerant.call('DELETE', '/api/auth/commute', 'user')).statusCode).toBe(200);
    const back = await me(asGerant);
    expect(back.user.id).toBe(gerant.id);
    expect(back.commutedBy).toBeNull();
    expect((await asGerant.call('GET', '/api/Users', 'user')).statusCode).toBe(200);

    const trail = await t.database.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, gerant.id));
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.commute_enter', 'auth.commute_leave']));
    expect(trail.find((e) => e.action === 'auth.commute_enter')).toMatchObject({ targetId: commercial.id, appId: appA });
  });

  it("refuses another tenant's user to a GERANT, and any commute to a COMMERCIAL", async () => {
    const before = await t.snapshot();
    const foreign = await commute(asGerant, appB, userB.id);
    expect(foreign.statusCode).toBe(404);
    // Naming one's own tenant with a foreign user id is no way around it.
    expect((await commute(asGerant, appA, userB.id)).statusCode).toBe(404);
    const refused = await commute(asCommercial, appA, gerant.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect(await t.snapshot()).toBe(before);
    expect((await me(asGerant)).commutedBy).toBeNull();
    expect((await commute(asGerant, appA, gerant.id)).statusCode).toBe(400);
  });

  it("lets the product administrator act as any tenant's user", async () => {
    const admin = await me(asAdmin);
    expect((await commute(asAdmin, appB, userB.id)).statusCode).toBe(200);
    const view = await me(asAdmin);
    expect(view.user.id).toBe(userB.id);
    expect(view.application.id).toBe(appB);
    expect(view.commutedBy).toMatchObject({ userId: admin.user.id, appId: admin.user.appId });
    expect(view.permissions).not.toContain('admin.applications');
    expect((await asAdmin.call('GET', '/api/outbox', 'outbox')).statusCode).toBe(403);
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'auth.commute_enter'), eq(auditEvents.targetId, userB.id)));
    expect(entry).toMatchObject({ actorUserId: admin.user.id, appId: appB });

    expect((await asAdmin.call('DELETE', '/api/auth/commute', 'user')).statusCode).toBe(200);
    expect((await me(asAdmin)).user.id).toBe(admin.user.id);
    expect((await asAdmin.call('GET', '/api/outbox', 'outbox')).statusCode).toBe(200);
  });

  it('does not let a GERANT of the platform application become the product administrator', async () => {
    const adminUser = (await me(asAdmin)).user;
    const colleague = await t.factory.user(adminUser.appId, { profile: 'GERANT' });
    const asColleague = await t.login(colleague.email);
    const before = await t.snapshot();
    const res = await commute(asColleague, adminUser.appId, adminUser.id);
    expect(res.statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
    expect((await me(asColleague)).permissions).not.toContain('admin.applications');
  });

  it('refuses a deactivated user', async () => {
    const inactive = await t.factory.user(appA, { profile: 'COMMERCIAL', parentId: gerant.id, active: false });
    const res = await commute(asGerant, appA, inactive.id);
    expect(res.statusCode).toBe(409);
  });
});
