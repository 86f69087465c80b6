import bidiModule, { type Bidi } from 'bidi-js';
import * as hb from 'harfbuzzjs';
import type { TrueTypeFont } from './truetype.ts';

/**
 * One line of text as glyphs in drawing order (left to right on the page), for any script the fonts cover:
 * - order: the Unicode Bidirectional Algorithm (bidi-js, paragraph direction from the first strong letter), so an
 *   Arabic or Hebrew name reads right to left, a Latin name inside it left to right, digits as digits;
 * - shaping: runs of a right-to-left level or of a script whose letters change form (Arabic joining, Hebrew
 *   points) go through HarfBuzz (harfbuzzjs, WASM) with their font: contextual forms, lam-alef ligatures, marks
 *   placed by the font's GPOS, mirrored brackets. Other runs (Latin, Greek, Cyrillic, CJK, Hangul) are drawn
 *   glyph per character with the font's advances, as before — no kerning, so existing appearances do not move;
 * - fonts: each character in the first font of `chain` that has it, a combining mark or joiner in its base's font;
 *   a character no font has becomes '?' in the first font (never an empty box, never silently dropped).
 * Each glyph carries the text it stands for (a ligature the whole cluster, the second glyph of a cluster ''), for
 * the PDF's ToUnicode. Glyphs are drawn in visual order, as every PDF producer does: text extractors (poppler's
 * pdftotext, pdf.js) run the bidi algorithm back and give the reading order. They reverse a right-to-left run
 * character by character, so a right-to-left glyph standing for several characters (lam-alef, a letter with its
 * points) carries them reversed, and the extracted text comes out in reading order. (/ActualText is not used:
 * poppler reverses it once more.)
 */
export interface ShapedGlyph {
  /** Index of the font in the chain. */
  font: number;
  gid: number;
  /** Advance and offsets in em (× size = points). */
  advance: number;
  dx: number;
  dy: number;
  /** The characters this glyph stands for ('' for the second and further glyphs of one cluster; reversed in a
   * right-to-left run, see above). */
  text: string;
}

export interface ShapedLine {
  glyphs: ShapedGlyph[];
  /** True when a run was shaped: drawn with HarfBuzz's positions (TJ adjustments, rises for marks). */
  complex: boolean;
  /** The logical text drawn (NFC, without control and bidi formatting characters). */
  text: string;
  /** Total advance in em. */
  width: number;
  /** How far below the baseline the lowest outline reaches, in em (Arabic dots and marks go deeper than Latin). */
  depth: number;
}

// A CommonJS package typed as an ES module: at run time its default import is the factory itself.
const bidi = (bidiModule as unknown as () => Bidi)();

/** Scripts whose letters change with their neighbours or carry positioned marks: always shaped. */
const SHAPED_SCRIPT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/u;
/** Bidi formatting characters: they steer the order, they are never drawn. */
const BIDI_FORMAT = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/u;
const JOINER = /[\u200c\u200d]/u;
const MARK = /\p{M}/u;
const REPLACEMENT = 0x3f;

const hbFonts = new WeakMap<TrueTypeFont, hb.Font>();
function hbFont(font: TrueTypeFont): hb.Font {
  let f = hbFonts.get(font);
  if (!f) hbFonts.set(font, (f = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(font.bytes))))));
  return f;
}

interface Run {
  font: number;
  level: number;
  shaped: boolean;
  text: string;
}

/** `text` cleaned as every PDF text is: NFC, control characters out (a line is one line). */
export function drawableText(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    out += ch;
  }
  return out;
}

/**
 * Shapes one line. `chain` is the font chain (font 0 first); `fontOf` may pick fonts lazily (a fallback file is
 * read only when a character needs it): it returns the index of the first font that has the code point, or
 * undefined. `direction`: the paragraph's direction — a line of a document written in a left-to-right language
 * ("محمد <m@example.com> — signed") is 'ltr', the names inside it read right to left; omitted, the first strong
 * letter decides (a signer's name on its own).
 */
export function shapeLine(
  input: string,
  chain: { font(n: number): TrueTypeFont; fontOf(cp: number): number | undefined },
  direction?: 'ltr' | 'rtl',
): ShapedLine {
  const text = drawableText(input);
  const needsBidi = SHAPED_SCRIPT.test(text) || BIDI_FORMAT.test(text) || direction === 'rtl';
  const levels = needsBidi ? bidi.getEmbeddingLevels(text, direction).levels : undefined;
  // Runs of one font, one level, shaped or not (by UTF-16 index: the bidi levels are per code unit).
  const runs: Run[] = [];
  let previousFont = 0;
  let drawn = '';
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    const level = levels?.[i] ?? 0;
    i += ch.length;
    if (BIDI_FORMAT.test(ch)) continue;
    drawn += ch;
    let font = MARK.test(ch) || JOINER.test(ch) ? previousFont : chain.fontOf(cp);
    let piece = ch;
    if (font === undefined) {
      font = 0;
      piece = '?';
    }
    const shaped = level % 2 === 1 || SHAPED_SCRIPT.test(ch) || (JOINER.test(ch) && runs.at(-1)?.shaped === true);
    const last = runs.at(-1);
    if (last && last.font === font && last.level === level && last.shaped === shaped) last.text += piece;
    else runs.push({ font, level, shaped, text: piece });
    previousFont = font;
  }
  // Glyphs of each run in its own visual order (HarfBuzz reverses a right-to-left run itself).
  const runGlyphs = runs.map((run) => (run.shaped ? shapeRun(run, chain.font(run.font)) : plainRun(run, chain.font(run.font))));
  // Rule L2 of the bidi algorithm on runs: from the highest level down to the lowest odd one, reverse every
  // stretch of runs at that level or higher.
  const order = runs.map((_, i) => i);
  const maxLevel = Math.max(0, ...runs.map((r) => r.level));
  const minOdd = runs.reduce((min, r) => (r.level % 2 === 1 ? Math.min(min, r.level) : min), Infinity);
  for (let level = maxLevel; level >= minOdd && level > 0; level--) {
    for (let i = 0; i < order.length;) {
      if (runs[order[i]!]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && runs[order[j]!]!.level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  const glyphs = order.flatMap((i) => runGlyphs[i]!);
  return {
    glyphs,
    complex: runs.some((r) => r.shaped),
    text: drawn,
    width: glyphs.reduce((sum, g) => sum + g.advance, 0),
    depth: glyphs.reduce((deepest, g) => {
      const font = chain.font(g.font);
      return Math.max(deepest, -font.yMin(g.gid) / font.unitsPerEm - g.dy);
    }, 0),
  };
}

function plainRun(run: Run, font: TrueTypeFont): ShapedGlyph[] {
  const out: ShapedGlyph[] = [];
  for (const ch of run.text) {
    const gid = font.glyphOf(ch.codePointAt(0)!) || font.glyphOf(REPLACEMENT);
    out.push({ font: run.font, gid, advance: font.advance(gid) / font.unitsPerEm, dx: 0, dy: 0, text: ch });
  }
  return out;
}

function shapeRun(run: Run, font: TrueTypeFont): ShapedGlyph[] {
  const buffer = new hb.Buffer();
  {
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    buffer.setDirection(run.level % 2 === 1 ? hb.Direction.RTL : hb.Direction.LTR);
    hb.shape(hbFont(font), buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    // Cluster values are UTF-16 offsets into the run; a cluster's text runs to the next cluster start.
    const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
    const textOf = (cluster: number) => run.text.slice(cluster, starts[starts.indexOf(cluster) + 1] ?? run.text.length);
    // The cluster's text goes on its first glyph in logical order (the last drawn in a right-to-left run).
    const logical = run.level % 2 === 1 ? [...infos.keys()].reverse() : [...infos.keys()];
    const seen = new Set<number>();
    const texts = new Map<number, string>();
    for (const i of logical) {
      const cluster = infos[i]!.cluster;
      const clusterText = run.level % 2 === 1 ? [...textOf(cluster)].reverse().join('') : textOf(cluster);
      texts.set(i, seen.has(cluster) ? '' : clusterText);
      seen.add(cluster);
    }
    const em = font.unitsPerEm;
    return infos.map((info, i) => {
      const p = positions[i]!;
      const missing = info.codepoint === 0;
      const gid = missing ? font.glyphOf(REPLACEMENT) : info.codepoint;
      return {
        font: run.font,
        gid,
        advance: (missing ? font.advance(gid) : p.xAdvance) / em,
        dx: missing ? 0 : p.xOffset / em,
        dy: missing ? 0 : p.yOffset / em,
        text: missing ? '?' : texts.get(i)!,
      };
    });
  }
}

/** True when `text`'s paragraph direction is right to left (its first strong letter is Arabic, Hebrew…). */
export function readsRightToLeft(input: string): boolean {
  const text = drawableText(input);
  if (!SHAPED_SCRIPT.test(text) && !BIDI_FORMAT.test(text)) return false;
  return bidi.getEmbeddingLevels(text).paragraphs[0]?.level === 1;
}
