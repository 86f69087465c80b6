import { describe, expect, it } from 'vitest';
import { shadesOf } from './themeColor.ts';

describe('theme colour shades', () => {
  it('keeps the tenant colour as the primary shade, lighter before and darker after', () => {
    const shades = shadesOf('#009FE3');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#009fe3');
    const brightness = (hex: string) => Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(3, 5), 16) + Number.parseInt(hex.slice(5, 7), 16);
    for (let i = 1; i < 10; i++) expect(brightness(shades[i]!)).toBeLessThan(brightness(shades[i - 1]!));
  });
  it('falls back to the default colour for an invalid value', () => {
    expect(shadesOf('blue')[6]).toBe('#009fe3');
  });
});
