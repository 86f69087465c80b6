import { describe, expect, it } from 'vitest';
import { contrastRatio, lightestTextBackground, shadesOf, textShade } from './themeColor.ts';

describe('theme colour shades', () => {
  it('keeps the tenant colour as the primary shade, lighter before and darker after', () => {
    const shades = shadesOf('#009FE3');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#009fe3');
    const brightness = (hex: string) => Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16) + Number.parseInt(hex.slice(5, 7), 16);
    for (let i = 1; i < 10; i++) expect(brightness(shades[i]!)).toBeLessThan(brightness(shades[i - 1]!));
  });
  it('the text shade carries text at 4.5:1 on white and on the light grey background, and white text on it', () => {
    // The default #009FE3 itself is 2.97:1 on white (axe-core's serious colour-contrast violation of issue 25).
    expect(contrastRatio('#009FE3', '#ffffff')).toBeLessThan(3);
    for (const colour of ['#009FE3', '#FFEB3B', '#00FF00', '#1B5E20', '#212121']) {
      const text = shadesOf(colour)[textShade]!;
      expect(contrastRatio(text, '#ffffff'), `${colour} → ${text}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, lightestTextBackground), `${colour} → ${text}`).toBeGreaterThanOrEqual(4.5);
    }
    // Just enough: #009FE3 becomes #007AAF (4.77:1 on white); a colour already dark enough only takes the usual 12 % step.
    expect(shadesOf('#009FE3')[textShade]).toBe('#007aaf');
    expect(shadesOf('#1B5E20')[textShade]).toBe('#18531c');
  });
  it('falls back to the default colour for an invalid value', () => {
    expect(shadesOf('blue')[6]).toBe('#009fe3');
  });
});
