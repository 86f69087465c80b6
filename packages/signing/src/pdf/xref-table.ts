export type XrefEntry = { type: 'free' } | { type: 'offset'; offset: number; gen: number } | { type: 'compressed'; stream: number; index: number };

const NONE = 0;
const FREE = 1;
const OFFSET = 2;
const COMPRESSED = 3;

/**
 * The object map of a document, in typed arrays (13 bytes per object number) rather than a Map of objects
 * (≈ 110 bytes each): a cross-reference stream that declares two million entries in a few KB must not cost
 * hundreds of MB. Map-like API (get/set/has/keys/iteration), entries built on demand.
 */
export class XrefTable {
  private types = new Uint8Array(0);
  private a = new Float64Array(0);
  private b = new Uint32Array(0);
  private count = 0;
  private highest = -1;

  get size(): number {
    return this.count;
  }

  /** Largest object number with an entry (-1 when empty). */
  get maxNumber(): number {
    return this.highest;
  }

  private grow(n: number): void {
    if (n < this.types.length) return;
    const capacity = Math.max(n + 1, Math.min(this.types.length * 2, n + 1 + (1 << 20)), 64);
    const types = new Uint8Array(capacity);
    types.set(this.types);
    const a = new Float64Array(capacity);
    a.set(this.a);
    const b = new Uint32Array(capacity);
    b.set(this.b);
    this.types = types;
    this.a = a;
    this.b = b;
  }

  has(num: number): boolean {
    return num >= 0 && num < this.types.length && this.types[num] !== NONE;
  }

  get(num: number): XrefEntry | undefined {
    if (!this.has(num)) return undefined;
    const t = this.types[num];
    if (t === FREE) return { type: 'free' };
    if (t === OFFSET) return { type: 'offset', offset: this.a[num]!, gen: this.b[num]! };
    return { type: 'compressed', stream: this.a[num]!, index: this.b[num]! };
  }

  set(num: number, entry: XrefEntry): void {
    this.grow(num);
    if (this.types[num] === NONE) this.count++;
    if (num > this.highest) this.highest = num;
    if (entry.type === 'free') this.types[num] = FREE;
    else if (entry.type === 'offset') {
      this.types[num] = OFFSET;
      this.a[num] = entry.offset;
      this.b[num] = entry.gen;
    } else {
      this.types[num] = COMPRESSED;
      this.a[num] = entry.stream;
      this.b[num] = entry.index;
    }
  }

  /** Becomes a copy of `other` (three typed-array copies, whatever the number of entries). */
  copyFrom(other: XrefTable): void {
    this.types = other.types.slice();
    this.a = other.a.slice();
    this.b = other.b.slice();
    this.count = other.count;
    this.highest = other.highest;
  }

  clear(): void {
    this.types = new Uint8Array(0);
    this.a = new Float64Array(0);
    this.b = new Uint32Array(0);
    this.count = 0;
    this.highest = -1;
  }

  *keys(): IterableIterator<number> {
    for (let n = 0; n <= this.highest; n++) if (this.types[n] !== NONE) yield n;
  }

  *entries(): IterableIterator<[number, XrefEntry]> {
    for (const n of this.keys()) yield [n, this.get(n)!];
  }

  [Symbol.iterator](): IterableIterator<[number, XrefEntry]> {
    return this.entries();
  }
}
