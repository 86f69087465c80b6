import { describe, expect, it } from 'vitest';
import { defaultThemeColor, locales } from '@paraphe/contracts';
import { TemplateRegistry } from '../../src/platform/messaging/templates/render.ts';
import type { TemplateName, TemplateParams, TemplateText } from '../../src/platform/messaging/templates/types.ts';
import { modules } from '../../src/modules.ts';

/** Every module's mail/SMS texts, as the server registers them. */
const registry = new TemplateRegistry();
for (const module of modules) if (module.templates) registry.register(module.name, module.templates);
const renderTemplate = <K extends TemplateName>(name: K, language: string, params: TemplateParams[K], branding: { company: string; themeColor?: string }) =>
  registry.render(name, language, params, branding);

const branding = { company: 'Acme' };
const reset = { firstName: 'Jane', link: 'https://sign.example.com/#/reset?token=abc&x=1' };

describe('mail templates', () => {
  it('renders French and English', () => {
    const french = renderTemplate('reset-password', 'fr', reset, branding);
    expect(french.subject).toBe('Réinitialisation de votre mot de passe');
    expect(french.text).toContain('Bonjour Jane,');
    expect(french.text).toContain(`Choisir un nouveau mot de passe: ${reset.link}`);
    const english = renderTemplate('reset-password', 'en', reset, branding);
    expect(english.subject).toBe('Reset your password');
    expect(english.text.startsWith('Hello Jane,')).toBe(true);
  });

  it('renders the other languages', () => {
    const german = renderTemplate('reset-password', 'de', reset, branding);
    expect(german.subject).toBe('Zurücksetzen Ihres Passworts');
    expect(german.text).toContain(`Neues Passwort wählen: ${reset.link}`);
    const greek = renderTemplate('second-factor-code', 'gr', { firstName: 'Jane', code: '012345', minutes: 10 }, branding);
    expect(greek.sms).toBe('Κωδικός σύνδεσης: 012345 (ισχύει 10 λεπτά).');
  });

  it('falls back to English for a language without a catalogue', () => {
    expect(renderTemplate('reset-password', 'ja', reset, branding)).toEqual(renderTemplate('reset-password', 'en', reset, branding));
  });

  it('escapes parameters in the HTML part only', () => {
    const params = { firstName: '<script>alert("x")</script> & Co', company: "O'Neil <Ltd>", invitedBy: 'Bob', link: 'https://x.example/?a=1&b=2' };
    const mail = renderTemplate('set-password', 'en', params, { company: '<b>Brand</b>' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(mail.html).toContain('&lt;b&gt;Brand&lt;/b&gt;');
    expect(mail.html).toContain('href="https://x.example/?a=1&amp;b=2"');
    // Text and subject are not HTML: they keep the characters as typed.
    expect(mail.text).toContain('Hello <script>alert("x")</script> & Co,');
    expect(mail.subject).toBe("Your access to O'Neil <Ltd>");
  });

  it('isolates right-to-left values (Arabic, Hebrew names) from the sentence: <span dir="auto"> in HTML, FSI … PDI in text, subject and SMS', () => {
    const params = { firstName: 'محمد', company: 'שלום בע״מ', invitedBy: 'Bob', link: 'https://x.example/?a=1' };
    const mail = renderTemplate('set-password', 'en', params, { company: 'شركة الأفق' });
    expect(mail.html).toContain('<span dir="auto">محمد</span>');
    expect(mail.html).toContain('<h2 style="margin:0 0 16px" dir="auto">شركة الأفق</h2>');
    expect(mail.text).toContain('Hello \u2068محمد\u2069,');
    expect(mail.subject).toBe('Your access to \u2068שלום בע״מ\u2069');
    // Left-to-right values are left untouched.
    expect(renderTemplate('set-password', 'en', { ...params, firstName: 'Jane', company: 'Acme' }, branding).html).not.toContain('dir=');
    const code = renderTemplate('second-factor-code', 'fr', { firstName: 'محمد', code: '012345', minutes: 10 }, branding);
    expect(code.sms).toBe('Votre code de connexion : 012345 (valable 10 min).');
  });

  it('uses the tenant colour, or the default one', () => {
    expect(renderTemplate('reset-password', 'en', reset, { company: 'A', themeColor: '#123456' }).html).toContain('#123456');
    expect(renderTemplate('reset-password', 'en', reset, branding).html).toContain(defaultThemeColor);
  });

  it('has a short SMS form for the login code', () => {
    const code = renderTemplate('second-factor-code', 'fr', { firstName: 'Jane', code: '012345', minutes: 10 }, branding);
    expect(code.sms).toBe('Votre code de connexion : 012345 (valable 10 min).');
    expect(code.subject).toContain('012345');
    // A template without an SMS text sends its plain text.
    expect(renderTemplate('reset-password', 'en', reset, branding).sms).toBe(renderTemplate('reset-password', 'en', reset, branding).text);
  });

  it('throws when a variable is missing', () => {
    expect(() => renderTemplate('reset-password', 'en', { firstName: 'Jane' } as unknown as TemplateParams['reset-password'], branding)).toThrow(/link/);
    expect(() =>
      renderTemplate('confirm-account', 'fr', { firstName: 'Jane', link: 'https://x' } as unknown as TemplateParams['confirm-account'], branding),
    ).toThrow('Template variable company is missing');
  });

  it('has the same templates and placeholders in every complete catalogue', () => {
    const placeholders = (t: TemplateText) => [...[t.subject, ...t.paragraphs, t.sms ?? ''].join(' ').matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(registry.names.length).toBeGreaterThanOrEqual(11);
    for (const name of registry.names) {
      const fr = registry.textOf(name, 'fr');
      const en = registry.textOf(name, 'en');
      expect(fr && en, name).toBeTruthy();
      expect(new Set(placeholders(fr!)), name).toEqual(new Set(placeholders(en!)));
    }
  });

  it('gives each translated text the shape of the French one', () => {
    const placeholders = (s: string | undefined) => [...(s ?? '').matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]).sort();
    const translations = locales.filter((language) => language !== 'fr' && language !== 'en');
    for (const name of registry.names) {
      const fr = registry.textOf(name, 'fr')!;
      for (const language of translations) {
        const text = registry.textOf(name, language);
        if (!text) continue; // not translated yet: English is sent
        const where = `${name} (${language})`;
        expect(placeholders(text.subject), where).toEqual(placeholders(fr.subject));
        expect(text.paragraphs.map(placeholders), where).toEqual(fr.paragraphs.map(placeholders));
        expect(text.action?.linkParam, where).toBe(fr.action?.linkParam);
        expect(placeholders(text.sms), where).toEqual(placeholders(fr.sms));
        expect(text.sms === undefined, where).toBe(fr.sms === undefined);
      }
    }
  });

  it('refuses two modules declaring the same template', () => {
    const twice = new TemplateRegistry();
    const text = { subject: 's', paragraphs: ['p'] };
    twice.register('a', { fr: { x: text }, en: { x: text } });
    expect(() => twice.register('b', { fr: { x: text }, en: { x: text } })).toThrow('Template x is declared by both a and b');
  });
});
