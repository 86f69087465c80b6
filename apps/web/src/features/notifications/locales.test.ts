import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import fr from './locales/fr.json';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

// Moved from signatures/draft.test.ts (a feature's test does not read another feature's files).
describe('notifications locales', () => {
  it('have the same keys in French and English', () => {
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });
});
