/**
 * pdf-lib's standard fonts (Helvetica…) use the WinAnsi encoding and throw on any other character: keep Latin-1 and
 * the few WinAnsi extras, replace the rest by `?`, and flatten line breaks (a file name may hold anything).
 */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export const winAnsiText = (text: string) =>
  [...text.replace(/[\r\n\t]+/g, ' ').replace(/[\u202f\u00a0]/g, ' ')].map((c) => (c.charCodeAt(0) < 256 || winAnsiExtras.has(c) ? c : '?')).join('');
