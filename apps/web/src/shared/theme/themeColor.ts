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

/**
 * Mantine wants ten shades per colour; the tenant gives one. The given colour is shade 6 (Mantine's
 * default primary shade), lighter shades mix it with white, darker ones with black.
 */
export function shadesOf(hex: string): Shades {
  const base = parseHex(hex) ?? (parseHex(defaultThemeColor) as [number, number, number]);
  const white: [number, number, number] = [255, 255, 255];
  const black: [number, number, number] = [0, 0, 0];
  const lighter = [0.92, 0.8, 0.65, 0.5, 0.32, 0.15].map((w) => toHex(mix(base, white, w)));
  const darker = [0.12, 0.24, 0.36].map((w) => toHex(mix(base, black, w)));
  return [...lighter, toHex(base), ...darker] as Shades;
}

/** Spec §9 mobile breakpoint (850 px) as Mantine's `sm`, so `hiddenFrom="sm"` and AppShell agree. */
export const mobileBreakpointEm = `${mobileBreakpointPx / 16}em`;
