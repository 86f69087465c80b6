/**
 * Layout of a visible signature, as a pure function (unit-tested on its own): the signer's name as large as the
 * box allows, the details (reason, place, date) smaller but never under MIN_DETAIL_SIZE, the handwriting on the
 * left keeping its aspect ratio. When the box is too small, details are dropped by priority (place, then reason,
 * then date) rather than shrunk to dust; the name is never dropped and never set under MIN_NAME_SIZE.
 * A detail wider than the box is wrapped on more lines (by words; a word wider than the line is cut between
 * letters), never cut with an ellipsis: "Signed electronically by Ελένη Παπαδοπούλου (Acme)" is read whole.
 * A line whose text reads right to left (Arabic, Hebrew) is aligned on the right edge of the text area.
 */
export const MIN_DETAIL_SIZE = 6;
export const MAX_DETAIL_SIZE = 9;
export const MIN_NAME_SIZE = 4;
export const MAX_NAME_SIZE = 24;
const LINE_GAP = 1.2;
/** Where a baseline sits above its line box's bottom, in em. */
const BASELINE_RISE = 0.25;

export interface LayoutInput {
  width: number;
  height: number;
  name: string;
  /**
   * Detail lines in display order, each with its keep priority (lower = dropped first) and optional shorter forms
   * tried in turn when it does not fit the width (e.g. the date without seconds, then without time).
   */
  details: Array<{ text: string; priority: number; shorter?: string[] }>;
  /** Aspect ratio (width / height) of the handwriting, when there is one. */
  imageAspect?: number;
  /** Width of `text` at `size` points. */
  measure: (text: string, size: number) => number;
  /**
   * How far below the baseline `text` reaches, in em: a name deeper than Latin descenders (Arabic dots) gets a
   * taller line so that it does not touch the detail under it. By default 0.25 (the line box's own room).
   */
  depth?: (text: string) => number;
  /** True when `text` reads right to left (its first strong letter is Arabic or Hebrew): aligned right. */
  rightToLeft?: (text: string) => boolean;
}

export interface PlacedLine {
  text: string;
  /** The direction of the paragraph the line belongs to (a wrapped line keeps its whole text's direction). */
  direction: 'ltr' | 'rtl';
  size: number;
  /** Baseline origin, in appearance-box coordinates (bottom-left origin). */
  x: number;
  y: number;
}

export interface AppearanceLayout {
  image?: { x: number; y: number; width: number; height: number };
  lines: PlacedLine[];
  nameSize: number;
  detailSize: number;
  /** Details that did not fit. */
  dropped: string[];
}

/** Pieces of a name where a line may break: after a space (dropped) or after a hyphen (kept). */
function pieces(text: string): Array<{ text: string; space: boolean }> {
  const out: Array<{ text: string; space: boolean }> = [];
  text
    .split(/\s+/)
    .filter(Boolean)
    .forEach((word, w) => {
      word.split(/(?<=-)(?=.)/).forEach((part, p) => out.push({ text: part, space: w > 0 && p === 0 }));
    });
  return out;
}

function join(parts: Array<{ text: string; space: boolean }>): string {
  return parts.map((p, i) => (i > 0 && p.space ? ' ' : '') + p.text).join('');
}

/** The name on 1, 2 and 3 lines, each split so that its widest line is as narrow as possible. */
function nameCandidates(text: string, measure: (t: string, s: number) => number): string[][] {
  const parts = pieces(text);
  const out: string[][] = [[text]];
  const n = parts.length;
  const best = (lines: number): string[] | undefined => {
    if (n < lines) return undefined;
    let chosen: string[] | undefined;
    let widest = Infinity;
    const breaks = (from: number, left: number, acc: string[]) => {
      if (left === 1) {
        const all = [...acc, join(parts.slice(from))];
        const w = Math.max(...all.map((l) => measure(l, 1)));
        if (w < widest) {
          widest = w;
          chosen = all;
        }
        return;
      }
      for (let i = from + 1; i <= n - left + 1; i++) breaks(i, left - 1, [...acc, join(parts.slice(from, i))]);
    };
    breaks(0, lines, []);
    return chosen;
  };
  for (const lines of [2, 3]) {
    const c = best(lines);
    if (c) out.push(c);
  }
  return out;
}

/** Shortens `text` with an ellipsis until it fits `width` at `size`. */
function ellipsize(text: string, size: number, width: number, measure: (t: string, s: number) => number): string {
  if (measure(text, size) <= width + 0.01) return text;
  let cut = [...text];
  while (cut.length > 1 && measure(cut.join('') + '…', size) > width) cut = cut.slice(0, -1);
  return cut.join('').trimEnd() + '…';
}

/** `text` on lines no wider than `width` at `size`: by words, a word wider than a line cut between letters. */
export function wrapText(text: string, size: number, width: number, measure: (t: string, s: number) => number): string[] {
  const fits = (s: string) => measure(s, size) <= width + 0.01;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate) || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
    while (!fits(current) && [...current].length > 1) {
      const chars = [...current];
      let cut = chars.length - 1;
      while (cut > 1 && !fits(chars.slice(0, cut).join(''))) cut--;
      lines.push(chars.slice(0, cut).join(''));
      current = chars.slice(cut).join('');
    }
  }
  if (current) lines.push(current);
  return lines;
}

export function layoutAppearance(input: LayoutInput): AppearanceLayout {
  const { width, height, measure } = input;
  const pad = Math.max(1, Math.min(6, Math.min(width, height) * 0.06));
  let textX = pad;
  let image: AppearanceLayout['image'];
  if (input.imageAspect && input.imageAspect > 0) {
    // The handwriting takes the left part: up to 40 % of the width (45 % in a square-ish box), full height.
    const share = width / height >= 2 ? 0.4 : 0.45;
    const boxW = width * share - pad;
    const boxH = height - 2 * pad;
    let w = boxW;
    let h = w / input.imageAspect;
    if (h > boxH) {
      h = boxH;
      w = h * input.imageAspect;
    }
    image = { x: pad + (boxW - w) / 2, y: pad + (boxH - h) / 2, width: w, height: h };
    textX = width * share + pad;
  }
  const textW = Math.max(1, width - textX - pad);
  const textH = Math.max(1, height - 2 * pad);
  const detailSize = Math.min(MAX_DETAIL_SIZE, Math.max(MIN_DETAIL_SIZE, textH * 0.13));
  const candidates = nameCandidates(input.name, measure);
  // Room below the baseline: 0.25 em in every line box; a deeper name (Arabic dots) makes its lines taller.
  const nameDepth = Math.max(BASELINE_RISE, input.depth?.(input.name) ?? BASELINE_RISE);
  const nameGap = LINE_GAP + nameDepth - BASELINE_RISE;
  const nameFit = (lines: string[], room: number) => {
    const widest = Math.max(...lines.map((l) => measure(l, 1)), 0.01);
    return Math.min(MAX_NAME_SIZE, textW / widest, room / (lines.length * nameGap));
  };
  // Each detail's lines: as it is, else its first shorter form that fits, else wrapped.
  const linesOf = new Map(
    input.details.map((d) => {
      const forms = [d.text, ...(d.shorter ?? [])];
      const fitting = forms.find((f) => measure(f, detailSize) <= textW + 0.01);
      return [d, fitting !== undefined ? [fitting] : wrapText(d.text, detailSize, textW, measure)] as const;
    }),
  );
  const detailLineCount = () => kept.reduce((n, d) => n + linesOf.get(d)!.length, 0);
  const kept = [...input.details];
  const dropped: string[] = [];
  const best = () => {
    const room = textH - detailLineCount() * detailSize * LINE_GAP;
    let choice = { lines: candidates[0]!, size: -Infinity };
    for (const lines of candidates) {
      const size = nameFit(lines, room);
      // One more line only when it makes the name clearly larger.
      if (size > choice.size * (lines.length > choice.lines.length ? 1.2 : 1)) choice = { lines, size };
    }
    return choice;
  };
  // Drop details (lowest priority first) while the name is smaller than them (or under 8 pt) AND dropping one
  // actually lets it grow (a name limited by the width gains nothing from more height) — or, in a box so small
  // that the name is under MIN_DETAIL_SIZE anyway, until only the name is left.
  let choice = best();
  while (kept.length > 0 && choice.size < Math.max(8, detailSize)) {
    const lowest = kept.reduce((min, d) => (d.priority < min.priority ? d : min));
    kept.splice(kept.indexOf(lowest), 1);
    const next = best();
    if (next.size <= choice.size + 0.05 && choice.size >= MIN_DETAIL_SIZE) {
      kept.splice(input.details.filter((d) => kept.includes(d) || d === lowest).indexOf(lowest), 0, lowest);
      break;
    }
    dropped.push(lowest.text);
    choice = next;
  }
  const nameSize = Math.max(MIN_NAME_SIZE, choice.size);
  const lines: PlacedLine[] = [];
  const blockH = choice.lines.length * nameSize * nameGap + detailLineCount() * detailSize * LINE_GAP;
  // A line sits on the side its paragraph starts from: a wrapped line of "Signed electronically by محمد …" stays a
  // left-to-right line even when it starts with Arabic words.
  const directionOf = (paragraph: string) => (input.rightToLeft?.(paragraph) ? 'rtl' : 'ltr');
  const place = (text: string, size: number, direction: 'ltr' | 'rtl', baseline: number): PlacedLine => ({
    text,
    direction,
    size,
    x: direction === 'rtl' ? textX + Math.max(0, textW - measure(text, size)) : textX,
    y: baseline,
  });
  // Vertically centred in the text area; baselines a quarter of the size above each line box's bottom.
  let top = pad + textH - Math.max(0, (textH - blockH) / 2);
  for (const text of choice.lines) {
    top -= nameSize * nameGap;
    const shown = ellipsize(text, nameSize, textW, measure);
    lines.push(place(shown, nameSize, directionOf(input.name), top + nameSize * nameDepth));
  }
  for (const d of kept) {
    const direction = directionOf(d.text);
    for (const text of linesOf.get(d)!) {
      top -= detailSize * LINE_GAP;
      lines.push(place(text, detailSize, direction, top + detailSize * 0.25));
    }
  }
  return { image, lines, nameSize, detailSize, dropped };
}
