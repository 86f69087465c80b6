import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageTag } from '@paraphe/contracts';
import type { MailMessage, MailTransport } from '../../src/platform/messaging/transports.ts';
import { userTemplates } from '../../src/domains/users/templates.ts';
import { adminEmail, createTestContext, engine, type TestClient, type TestContext } from '../support/harness.ts';

/**
 * Languages (docs/languages.md): the user's own language is the one /me gives (whoever created them, in whatever
 * language), and every mail says the language it is written in — `Content-Language` and `<html lang>`, as real
 * language tags (dk → da), the Outbox row the same.
 */
describe(`languages (${engine})`, () => {
  let t: TestContext;
  let gerant: TestClient;
  let appId: string;
  let gerantId: string;
  const sent: MailMessage[] = [];
  const capture: MailTransport = { kind: 'smtp', send: async (m) => void sent.push(m), verify: async () => undefined, close: () => undefined };

  beforeAll(async () => {
    t = await createTestContext({ mailTransport: capture });
    const tenant = await t.factory.tenant({ doubleAuth: false });
    appId = tenant.appId;
    gerantId = tenant.gerant.id;
    gerant = await t.login(tenant.gerant.email);
  });
  afterAll(async () => t?.close());

  const create = async (language: string) => {
    const email = `lang-${language}-${Date.now().toString(36)}@example.com`;
    const res = await gerant.call('POST', '/api/Users', 'user', {
      firstName: 'Lena',
      lastName: 'Lang',
      email,
      profile: 'COMMERCIAL',
      parentId: gerantId,
      language,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().data.id as string, email };
  };

  it("a user given language de by a French administrator: /me says de; the administrator's later edit is what /me says next", async () => {
    expect((await gerant.call('GET', '/api/Users/web/me', 'user')).json().data.user.language).toBe('fr');
    const user = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: gerantId });
    const edit = (language: string) =>
      gerant.call('PUT', `/api/Users/${user.id}`, 'user', {
        firstName: 'Lena',
        lastName: 'Lang',
        email: user.email,
        profile: 'COMMERCIAL',
        parentId: gerantId,
        language,
        active: true,
      });
    expect((await edit('de')).statusCode).toBe(200);
    const asUser = await t.login(user.email);
    expect((await asUser.call('GET', '/api/Users/web/me', 'user')).json().data.user.language).toBe('de');
    // The interface copy in theme.lang (the language menu's) does not override a later edit of the language itself.
    await asUser.call('PATCH', '/api/Users/additionnalData', 'user', { theme: { lang: 'de' } });
    expect((await edit('gr')).statusCode).toBe(200);
    expect((await asUser.call('GET', '/api/Users/web/me', 'user')).json().data.user.language).toBe('gr');
  });

  it("an account whose language nobody chose adopts the login page's (English browser → en, and its code mail); a chosen one never changes", async () => {
    const fresh = await t.factory.user(appId, { profile: 'COMMERCIAL', parentId: gerantId });
    const asFresh = await t.login(fresh.email, undefined, 'en');
    expect((await asFresh.call('GET', '/api/Users/web/me', 'user')).json().data.user).toMatchObject({
      language: 'en',
      additionnalData: { theme: { lang: 'en' } },
    });
    const again = await t.login(fresh.email, undefined, 'de');
    expect((await again.call('GET', '/api/Users/web/me', 'user')).json().data.user.language).toBe('en');
    // The product administrator of the first start (no language given: fr by default, not chosen), with a code.
    const admin = await t.login(adminEmail, undefined, 'en');
    expect((await t.lastMessageTo(adminEmail))!.language).toBe('en');
    expect((await admin.call('GET', '/api/Users/web/me', 'user')).json().data.user.language).toBe('en');
  });

  it.each(['de', 'dk', 'en'])('the invitation of a %s user: Content-Language, <html lang> and the Outbox row agree', async (language) => {
    const user = await create(language);
    const mail = await t.waitFor(async () => sent.find((m) => m.to === user.email));
    const row = (await t.lastMessageTo(user.email))!;
    // Until its translators' catalogue lands, a language without the text is sent in English, and says so.
    const written = userTemplates[language]?.['set-password'] ? language : 'en';
    expect(row.language).toBe(written);
    expect(mail.headers).toEqual({ 'Content-Language': languageTag(written) });
    expect(mail.html).toContain(`<html lang="${languageTag(written)}">`);
    expect(languageTag('dk')).toBe('da');
  });

  it('another tenant cannot read the user language of this one (404)', async () => {
    const other = await t.factory.tenant({ doubleAuth: false });
    const outsider = await t.login(other.gerant.email);
    const user = await create('fr');
    expect((await outsider.call('GET', `/api/Users/${user.id}`, 'user')).statusCode).toBe(404);
    expect(appId).not.toBe(other.appId);
  });
});
