/** A tiny "parser" for fuzz/coverage.test.ts: two branches and a loop, in a module of its own so that only its blocks count. */
export function classify(bytes: readonly number[]): string {
  let sum = 0;
  for (const b of bytes) sum += b;
  if (bytes[0] === 0x30) return `sequence ${sum}`;
  return `other ${sum}`;
}
