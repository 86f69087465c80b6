/** The little of fontkit (a devDependency, used to cross-check the engine's font subsets) that the tests use. */
declare module 'fontkit' {
  export interface Glyph {
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface Font {
    numGlyphs: number;
    getGlyph(id: number): Glyph;
  }
  export function create(buffer: Uint8Array): Font;
}
