import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import enSignatures from '../../locales/en.json';
import { initialDraft, newSigner } from '../../draft.ts';
import { problemLine } from './problemMessages.ts';

/** A t() over the English file (its interpolations, the defaultValue when the key is missing). */
const t = ((key: string, options: Record<string, unknown> = {}) => {
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], enSignatures);
  return String(text ?? options.defaultValue ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
}) as unknown as TFunction;

describe('a save error names the field and its tab (issue 25 item 16)', () => {
  const draft = { ...initialDraft('en'), signers: [{ ...newSigner('en'), firstname: 'Marco', lastname: 'Rossi' }, newSigner('en')] };

  it("names the signer's tab, the signer and the field", () => {
    expect(problemLine('signers.0.emailAddress', 'Invalid e-mail address.', draft, t)).toBe('Signers tab › ROSSI Marco › E-mail: Invalid e-mail address.');
  });

  it('numbers a signer who has no name yet', () => {
    expect(problemLine('signers.1.lastname', 'Required.', draft, t)).toBe('Signers tab › signer 2 › Last name: Required.');
  });

  it("names an option's tab and label, and a header field by its label alone", () => {
    expect(problemLine('options.expiryDays', 'Too big.', draft, t)).toMatch(/^Options tab › .+: Too big\.$/);
    expect(problemLine('label', 'Required.', draft, t)).toBe('Label: Required.');
  });
});
