import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications } from '../../src/domains/tenants/schema.ts';
import { users } from '../../src/domains/users/schema.ts';
import { createTestContext, engine, freshIp, linkToken, password, type TestContext } from '../support/harness.ts';

let sequence = 0;
const signUpInput = (overrides: Record<string, unknown> = {}) => ({
  company: `Acme ${++sequence}`,
  firstName: 'Alice',
  lastName: 'Founder',
  email: `founder-${sequence}-${Date.now().toString(36)}@example.com`,
  password,
  language: 'en',
  consents: { terms: true, personalData: true, partners: true, brandPublication: false },
  ...overrides,
});

describe(`public sign-up (${engine})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());

  const signUp = (body: unknown) => t.request({ method: 'POST', url: '/api/applications/public', body, headers: freshIp() });
  const login = (email: string) => t.request({ method: 'POST', url: '/api/auth/login', body: { email, password }, headers: freshIp() });

  it('creates a free, test-mode application and its GERANT, records consents, and confirms by mail', async () => {
    const input = signUpInput();
    const before = Date.now();
    const res = await signUp(input);
    expect(res.statusCode, res.body).toBe(201);
    const { appId, userId } = res.json().data;

    const [app] = await t.database.db.select().from(applications).where(eq(applications.id, appId));
    expect(app).toMatchObject({ company: input.company, pack: 'free', testMode: true, enabled: true, ownerUserId: userId, isPlatform: false });
    expect(app!.consentPersonalDataAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(app!.consentPartnersAt).toBeInstanceOf(Date);
    expect(app!.consentBrandPublicationAt).toBeNull();
    expect(app!.termsAcceptedAt).toBeInstanceOf(Date);
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(owner).toMatchObject({ appId, profile: 'GERANT', email: input.email, language: 'en', emailConfirmedAt: null });

    const mail = (await t.lastMessageTo(input.email))!;
    expect(mail).toMatchObject({ template: 'confirm-account', channel: 'email', appId, language: 'en' });
    expect(mail.subject).toContain(input.company);

    const early = await login(input.email);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe('ACCOUNT_NOT_CONFIRMED');

    const confirm = await t.request({ method: 'POST', url: '/api/auth/confirm', body: { token: linkToken(mail.text) }, headers: freshIp() });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const client = await t.login(input.email);
    const me = (await client.call('GET', '/api/Users/web/me', 'user')).json().data;
    expect(me.user.profile).toBe('GERANT');
    expect(me.application).toMatchObject({ id: appId, pack: 'free', testMode: true });

    const again = await t.request({ method: 'POST', url: '/api/auth/confirm', body: { token: linkToken(mail.text) }, headers: freshIp() });
    expect(again.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('stores no partner or brand consent date when they are not given', async () => {
    const res = await signUp(signUpInput({ consents: { terms: true, personalData: true } }));
    const [app] = await t.database.db.select().from(applications).where(eq(applications.id, res.json().data.appId));
    expect(app!.consentPersonalDataAt).toBeInstanceOf(Date);
    expect(app!.consentPartnersAt).toBeNull();
    expect(app!.consentBrandPublicationAt).toBeNull();
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const input = signUpInput();
    expect((await signUp(input)).statusCode).toBe(201);
    const before = await t.snapshot();
    const res = await signUp(signUpInput({ email: input.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_ALREADY_EXISTS', message: 'An account already exists with this email.' });
    expect(await t.snapshot()).toBe(before);
  });

  it('names the field and the rule of each invalid input', async () => {
    const cases: { body: unknown; field: string; rule: string }[] = [
      { body: signUpInput({ consents: { terms: true, personalData: false } }), field: 'consents.personalData', rule: 'invalid_value' },
      { body: signUpInput({ consents: { terms: true } }), field: 'consents.personalData', rule: 'required' },
      { body: signUpInput({ consents: { personalData: true } }), field: 'consents.terms', rule: 'required' },
      { body: signUpInput({ password: 'password1' }), field: 'password', rule: 'password_policy' },
      { body: signUpInput({ email: 'not-an-email' }), field: 'email', rule: 'invalid_email' },
      { body: signUpInput({ company: '' }), field: 'company', rule: 'required' },
      { body: signUpInput({ firstName: undefined }), field: 'firstName', rule: 'required' },
      { body: signUpInput({ firstName: 42 }), field: 'firstName', rule: 'invalid_value' },
      { body: signUpInput({ lastName: 'x'.repeat(101) }), field: 'lastName', rule: 'too_long' },
      { body: signUpInput({ language: 'xx' }), field: 'language', rule: 'invalid_value' },
    ];
    const before = await t.snapshot();
    for (const { body, field, rule } of cases) {
      const res = await signUp(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields, res.body).toContainEqual(expect.objectContaining({ field, rule }));
    }
    expect(await t.snapshot()).toBe(before);
  });

  it('rate-limits sign-ups per address', async () => {
    const headers = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.request({ method: 'POST', url: '/api/applications/public', body: { company: '' }, headers })).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});
