import { describe, expect, it } from 'vitest';
import { webhookEventTypes, webhookTestEventType } from '@paraphe/contracts';
import en from './locales/en.json';
import fr from './locales/fr.json';

const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('webhooks locales', () => {
  it('name every event, in French and English alike', () => {
    expect(Object.keys(en.events).sort()).toEqual([...webhookEventTypes, webhookTestEventType].sort());
    expect(keysOf(fr).sort()).toEqual(keysOf(en).sort());
  });
});
