import { defaultThemeColor, mobileBreakpointPx } from '@paraphe/contracts';

export type Shades = [string, string, string, string, string, string, string, string, string, string];

function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: [number, number, number], to: [number, number, number], weight: number): [number, number, number] {
  return [0, 1, 2].map((i) => from[i]! + (to[i]! - from[i]!) * weight) as [number, number, number];
}

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance(rgb: [number, number, number]): number {
  const [r, g, b] = rgb.map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseHex(a) ?? [0, 0, 0]), luminance(parseHex(b) ?? [0, 0, 0])];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The lightest background text in the theme colour sits on (Mantine's gray-0, the public and signing pages'
 * background): a shade readable there is readable on white too, and white text on it is readable.
 */
export const lightestTextBackground = '#f8f9fa';

/** WCAG AA for normal text. */
export const textContrast = 4.5;

const black: [number, number, number] = [0, 0, 0];
const white: [number, number, number] = [255, 255, 255];

/** How much black to mix into the colour (by 1 %) for text in it, or white text on it, to reach 4.5:1. */
function darkeningForText(base: [number, number, number]): number {
  for (let percent = 0; percent < 100; percent++) {
    if (contrastRatio(toHex(mix(base, black, percent / 100)), lightestTextBackground) >= textContrast) return percent / 100;
  }
  return 1;
}

/**
 * Mantine wants ten shades per colour; the tenant gives one. The given colour is shade 6, kept for what is only
 * decoration (the signing page's header line, a field's outline); lighter shades mix it with white. Shade 7 — the
 * theme's primary shade (`primaryShade`, so filled buttons, links, checkboxes…) — is the same colour darkened just
 * enough to carry text at 4.5:1 (at least by 12 %, so hovers still show); 8 and 9 are darker still.
 */
export function shadesOf(hex: string): Shades {
  const base = parseHex(hex) ?? (parseHex(defaultThemeColor) as [number, number, number]);
  const lighter = [0.92, 0.8, 0.65, 0.5, 0.32, 0.15].map((w) => toHex(mix(base, white, w)));
  const text = Math.max(0.12, darkeningForText(base));
  const darker = [text, Math.min(1, text + 0.12), Math.min(1, text + 0.24)].map((w) => toHex(mix(base, black, w)));
  return [...lighter, toHex(base), ...darker] as Shades;
}

/** The shade of the theme colour that carries text (see shadesOf). */
export const textShade = 7;

/** Spec §9 mobile breakpoint (850 px) as Mantine's `sm`, so `hiddenFrom="sm"` and AppShell agree. */
export const mobileBreakpointEm = `${mobileBreakpointPx / 16}em`;
