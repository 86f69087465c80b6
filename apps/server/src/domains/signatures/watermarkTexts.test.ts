import { describe, expect, it } from 'vitest';
import { testModeText } from './versions.ts';

describe('the test-mode watermark', () => {
  it('is written in the request language, English for a language the product does not have', () => {
    expect(testModeText('fr')).toBe('MODE TEST — sans valeur légale');
    expect(testModeText('gr')).toBe('ΔΟΚΙΜΑΣΤΙΚΗ ΛΕΙΤΟΥΡΓΙΑ — χωρίς νομική ισχύ');
    expect(testModeText('se')).toBe('TESTLÄGE — utan rättslig verkan');
    expect(testModeText('xx')).toBe('TEST MODE — no legal value');
  });
});
