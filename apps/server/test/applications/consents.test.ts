import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consentAcceptances } from '../../src/domains/consents/schema.ts';
import { adminEmail, createTestContext, engine, freshIp, password, type TestClient, type TestContext } from '../support/harness.ts';
import { tenantWithGerant } from '../support/signatures.ts';

let sequence = 0;
const signUpInput = (overrides: Record<string, unknown> = {}) => ({
  company: `Consenting ${++sequence}`,
  firstName: 'Carla',
  lastName: 'Consent',
  email: `consent-${sequence}-${Date.now().toString(36)}@example.com`,
  password,
  language: 'en',
  consents: { terms: true, personalData: true, partners: false, brandPublication: true },
  ...overrides,
});

describe(`terms of service and sign-up consents (${engine})`, () => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.login(adminEmail);
  });
  afterAll(async () => t?.close());

  const signUp = (body: unknown) => t.request({ method: 'POST', url: '/api/applications/public', body, headers: freshIp() });
  const current = async (language: string) =>
    (await t.request({ method: 'GET', url: `/api/public/legal-texts?language=${language}` })).json().data as {
      kind: string;
      version: number;
      title: string;
      body: string;
      required: boolean;
      language: string;
    }[];
  const newTerms = { kind: 'terms', texts: { fr: { title: 'CGU v2', body: 'Nouvelles conditions.' }, en: { title: 'Terms v2', body: 'New terms.' } } };

  it('serves the current texts, records the versions accepted at sign-up, and refuses without the required consents', async () => {
    const texts = await current('en');
    expect(texts.map((x) => [x.kind, x.version, x.required])).toEqual([
      ['terms', 1, true],
      ['personalData', 1, true],
      ['partners', 1, false],
      ['brandPublication', 1, false],
    ]);
    expect(texts[0]!.body).toContain('Template to be reviewed by legal counsel');
    expect((await current('de'))[0]).toMatchObject({ language: 'en' });
    expect((await current('fr'))[0]!.title).toBe("Conditions générales d'utilisation");

    const before = await t.snapshot();
    const noTerms = await signUp(signUpInput({ consents: { personalData: true } }));
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().error.fields).toContainEqual(expect.objectContaining({ field: 'consents.terms', rule: 'required' }));
    expect(await t.snapshot()).toBe(before);

    const res = await signUp(signUpInput({ consentVersions: { terms: 1, personalData: 1, partners: 1, brandPublication: 1 } }));
    expect(res.statusCode, res.body).toBe(201);
    const { appId, userId } = res.json().data;
    const rows = await t.database.db.select().from(consentAcceptances).where(eq(consentAcceptances.appId, appId));
    expect(rows.map((r) => [r.kind, r.version, r.accepted, r.userId]).sort()).toEqual(
      [
        ['brandPublication', 1, true, userId],
        ['partners', 1, false, userId],
        ['personalData', 1, true, userId],
        ['terms', 1, true, userId],
      ].sort(),
    );
    expect(rows[0]!.ip).toBeTruthy();
  });

  it('lets the product administrator publish a new version (old ones kept); a stale page is refused; the application view shows versions', async () => {
    const gerant = (await tenantWithGerant(t)).client;
    expect((await t.request({ method: 'POST', url: '/api/admin/legal-texts', body: newTerms })).statusCode).toBe(401);
    const before = await t.snapshot();
    expect((await gerant.call('POST', '/api/admin/legal-texts', 'application', newTerms)).statusCode).toBe(403);
    expect((await gerant.call('GET', `/api/applications/${gerant.appId}/consents`, 'application')).statusCode).toBe(403);
    expect(await t.snapshot()).toBe(before);
    const missingEnglish = await admin.call('POST', '/api/admin/legal-texts', 'application', { kind: 'terms', texts: { fr: newTerms.texts.fr } });
    expect(missingEnglish.statusCode).toBe(400);

    const early = await signUp(signUpInput());
    const published = await admin.call('POST', '/api/admin/legal-texts', 'application', newTerms);
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json().data).toMatchObject({ kind: 'terms', version: 2, builtIn: false, publishedBy: { id: admin.userId } });
    expect((await current('en'))[0]).toMatchObject({ version: 2, title: 'Terms v2' });
    const versions = (await admin.call('GET', '/api/admin/legal-texts', 'application')).json().data as { kind: string; version: number }[];
    expect(versions.filter((v) => v.kind === 'terms').map((v) => v.version)).toEqual([2, 1]);

    const beforeStale = await t.snapshot();
    const stale = await signUp(signUpInput({ consentVersions: { terms: 1 } }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.changed).toEqual([{ kind: 'terms', version: 2 }]);
    expect(await t.snapshot()).toBe(beforeStale);

    const late = await signUp(signUpInput({ consentVersions: { terms: 2 } }));
    expect(late.statusCode, late.body).toBe(201);
    const view = await admin.call('GET', `/api/applications/${late.json().data.appId}/consents`, 'application');
    expect(view.statusCode).toBe(200);
    expect(view.json().data).toContainEqual(
      expect.objectContaining({ kind: 'terms', version: 2, accepted: true, user: expect.objectContaining({ name: 'Carla Consent' }) }),
    );
    const earlier = (await admin.call('GET', `/api/applications/${early.json().data.appId}/consents`, 'application')).json().data;
    expect(earlier).toContainEqual(expect.objectContaining({ kind: 'terms', version: 1 }));
    expect((await admin.call('GET', '/api/applications/00000000-0000-4000-8000-000000000000/consents', 'application')).statusCode).toBe(404);
  });

  it('asks existing users to accept the new terms once, at their next login', async () => {
    const gerant = (await tenantWithGerant(t)).client;
    expect((await t.request({ method: 'GET', url: '/api/legal-texts/pending' })).statusCode).toBe(401);
    const pending = await gerant.call('GET', '/api/legal-texts/pending', 'user');
    expect(pending.json().data.terms).toMatchObject({ kind: 'terms', version: 2 });
    expect((await gerant.call('POST', '/api/legal-texts/accept', 'user', { version: 1 })).statusCode).toBe(409);
    const accepted = await gerant.call('POST', '/api/legal-texts/accept', 'user', { version: 2 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.terms).toBeNull();
    const rows = await t.database.db.select().from(consentAcceptances).where(eq(consentAcceptances.userId, gerant.userId));
    expect(rows).toEqual([expect.objectContaining({ kind: 'terms', version: 2, accepted: true })]);
  });
});
