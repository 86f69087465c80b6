import { describe, expect, it } from 'vitest';
import { effectiveSignatureDefaults } from '@paraphe/contracts';
import { ownLayer } from './components/UserTab.tsx';
import { settingsTabs } from './pages/SettingsPage.tsx';
import { originsError, originsOfText, originsText } from './components/embedOrigins.ts';

describe('settings', () => {
  const company = effectiveSignatureDefaults({ handwritten: 'enabled', level: 2, expiryDays: 45 });

  it('keeps in the user layer only what differs from the company, so the rest follows the company', () => {
    expect(ownLayer(company, company)).toEqual({});
    const chosen = {
      ...company,
      handwritten: 'touchOnly' as const,
      reminders: { ...company.reminders, mail: { firstAfterDays: 2, intervalDays: 1 } },
      signedDocuments: { ...company.signedDocuments, toObservers: true },
    };
    expect(ownLayer(chosen, company)).toEqual({
      handwritten: 'touchOnly',
      reminders: { mail: { firstAfterDays: 2, intervalDays: 1 } },
      signedDocuments: { toObservers: true },
    });
    expect(effectiveSignatureDefaults(ownLayer(chosen, company), { handwritten: 'enabled', level: 2, expiryDays: 45 })).toEqual(chosen);
  });

  it("lists the six tabs of the spec, then the integrators' API keys, webhooks and marketplace, each with its panel", () => {
    expect(settingsTabs.map((t) => t.value)).toEqual([
      'general',
      'user',
      'hierarchy',
      'gdpr',
      'billing',
      'parameters',
      'apikeys',
      'webhooks',
      'marketplace',
      'sso',
      'domains',
    ]);
    expect(settingsTabs.filter((t) => !t.Panel).map((t) => t.value)).toEqual([]);
  });

  it('edits the embedding origins one a line and names the line of each error', () => {
    expect(originsOfText(' https://a.example.com \n\n http://localhost:5173\n')).toEqual(['https://a.example.com', 'http://localhost:5173']);
    expect(originsText(['https://a.example.com', 'https://b.example.com'])).toBe('https://a.example.com\nhttps://b.example.com');
    const line = (n: number, message: string) => `L${n} ${message}`;
    expect(originsError({ 'embedOrigins.1': 'Must be HTTPS.', smsSender: 'x' }, line)).toBe('L2 Must be HTTPS.');
    expect(originsError({ embedOrigins: 'Too many.' }, line)).toBe('Too many.');
    expect(originsError({ smsSender: 'x' }, line)).toBeUndefined();
  });
});
