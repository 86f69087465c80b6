/**
 * The input generator of the fuzz targets: fast-check arbitraries that mutate the seed corpus (bit flips, interesting
 * bytes and numbers, truncation, insertion of random bytes or of the format's own tokens, deletion, duplication,
 * splicing two seeds) plus, less often, raw random bytes. fast-check shrinks a failing case to fewer and smaller
 * mutations, so a finding comes out close to its seed.
 *
 * Why not Jazzer.js (libFuzzer; the long run is coverage-guided by coverage.ts instead): @jazzer.js/core 4.0.0 installs without node-gyp (its native fuzzer ships
 * prebuilt in the npm package) but the prebuilt linux-x64 binary needs GLIBC 2.38 and this platform (Debian 12) has
 * 2.36: `require` fails with ERR_DLOPEN_FAILED. 2.1.0 downloads its binary from GitHub at install (unreachable here)
 * and falls back to cmake-js + a compiler. See docs/security.md, "Fuzzing".
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const corpusRoot = join(import.meta.dirname, 'corpus');
export const regressionRoot = join(import.meta.dirname, 'regressions');

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

export function loadSeeds(families: readonly string[]): Seed[] {
  const seeds: Seed[] = [];
  for (const family of families) {
    for (const name of readdirSync(join(corpusRoot, family)).sort())
      seeds.push({ name: `${family}/${name}`, bytes: readFileSync(join(corpusRoot, family, name)) });
  }
  if (!seeds.length) throw new Error(`no seeds in ${families.join(', ')}: run node fuzz/make-corpus.ts`);
  return seeds;
}

/** The bytes between `/Contents <` and `>` of the first signature dictionary (the CMS), as DER. */
export function extractSignatureContents(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const byteRange = text.indexOf('/ByteRange');
  const start = text.indexOf('/Contents <', byteRange - 4096 < 0 ? 0 : byteRange - 4096) + '/Contents <'.length;
  const hex = text.slice(start, text.indexOf('>', start)).replace(/(00)+$/, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

const interestingBytes = [0x00, 0x01, 0x7f, 0x80, 0x81, 0x82, 0x84, 0xff, 0xfe, 0x30, 0x31, 0xa0];
const interestingNumbers = ['0', '-1', '1', '65535', '2147483647', '2147483648', '4294967296', '999999999999', '1e308', '-0', '3.4'];

type Op =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'set'; at: number; value: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'token'; at: number; token: number }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'duplicate'; at: number; length: number; to: number }
  | { kind: 'splice'; seed: number; at: number; length: number; to: number }
  | { kind: 'number'; at: number; value: number }
  | { kind: 'uint'; at: number; width: 1 | 2 | 4; value: number };

const position = fc.nat({ max: 0x7fffffff });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: position, bit: fc.nat({ max: 7 }) }),
  fc.record({ kind: fc.constant('set' as const), at: position, value: fc.oneof(fc.constantFrom(...interestingBytes), fc.nat({ max: 255 })) }),
  fc.record({ kind: fc.constant('truncate' as const), at: position }),
  fc.record({ kind: fc.constant('insert' as const), at: position, bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }) }),
  fc.record({ kind: fc.constant('token' as const), at: position, token: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 512 }) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: position, length: fc.integer({ min: 1, max: 512 }), to: position }),
  fc.record({ kind: fc.constant('splice' as const), seed: fc.nat(), at: position, length: fc.integer({ min: 1, max: 2048 }), to: position }),
  fc.record({ kind: fc.constant('number' as const), at: position, value: fc.nat({ max: interestingNumbers.length - 1 }) }),
  fc.record({
    kind: fc.constant('uint' as const),
    at: position,
    width: fc.constantFrom(1 as const, 2 as const, 4 as const),
    value: fc.oneof(fc.constantFrom(0, 1, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0xffffffff), fc.nat()),
  }),
);

function apply(input: Buffer, o: Op, seeds: readonly Seed[], tokens: readonly Buffer[]): Buffer {
  const n = input.length;
  const at = n ? o.at % (n + 1) : 0;
  switch (o.kind) {
    case 'flip': {
      if (!n) return input;
      const copy = Buffer.from(input);
      copy[at % n]! ^= 1 << o.bit;
      return copy;
    }
    case 'set': {
      if (!n) return input;
      const copy = Buffer.from(input);
      copy[at % n] = o.value;
      return copy;
    }
    case 'truncate':
      return input.subarray(0, at);
    case 'insert':
      return Buffer.concat([input.subarray(0, at), o.bytes, input.subarray(at)]);
    case 'token':
      return tokens.length ? Buffer.concat([input.subarray(0, at), tokens[o.token % tokens.length]!, input.subarray(at)]) : input;
    case 'delete':
      return Buffer.concat([input.subarray(0, at), input.subarray(at + o.length)]);
    case 'duplicate': {
      const to = n ? o.to % (n + 1) : 0;
      return Buffer.concat([input.subarray(0, to), input.subarray(at, at + o.length), input.subarray(to)]);
    }
    case 'splice': {
      const other = seeds[o.seed % seeds.length]!.bytes;
      const from = other.length ? o.at % other.length : 0;
      const to = n ? o.to % (n + 1) : 0;
      return Buffer.concat([input.subarray(0, to), other.subarray(from, from + o.length), input.subarray(to)]);
    }
    case 'number': {
      // Replace the run of ASCII digits at (or after) `at`: lengths, offsets, counts and sizes of text formats.
      let start = at;
      while (start < n && !(input[start]! >= 0x30 && input[start]! <= 0x39)) start++;
      if (start >= n) return input;
      let end = start;
      while (end < n && input[end]! >= 0x30 && input[end]! <= 0x39) end++;
      return Buffer.concat([input.subarray(0, start), Buffer.from(interestingNumbers[o.value]!, 'latin1'), input.subarray(end)]);
    }
    case 'uint': {
      // Binary formats: a length, count or offset field of 1, 2 or 4 bytes, big- or little-endian alike.
      if (n < o.width) return input;
      const copy = Buffer.from(input);
      const where = at % (n - o.width + 1);
      if (o.width === 1) copy.writeUInt8(o.value & 0xff, where);
      else if (o.width === 2) (o.value & 1 ? copy.writeUInt16LE.bind(copy) : copy.writeUInt16BE.bind(copy))(o.value & 0xffff, where);
      else (o.value & 1 ? copy.writeUInt32LE.bind(copy) : copy.writeUInt32BE.bind(copy))(o.value >>> 0, where);
      return copy;
    }
  }
}

export interface GeneratedInput {
  bytes: Uint8Array;
  /** How it was made: `seed name + n mutations`, or `random`. */
  origin: string;
}

/** Mutated seeds (mostly) and random bytes; inputs are capped at `maxBytes` (the upload limits are far larger). */
export function inputs(seeds: readonly Seed[], tokens: readonly string[], maxBytes: number): fc.Arbitrary<GeneratedInput> {
  const tokenBytes = tokens.map((t) => Buffer.from(t, 'latin1'));
  // `seeds` may grow while the run goes on (a guided run adds the inputs that reached new code): the pick is taken
  // modulo its length at the time the input is made.
  const mutated = fc.record({ pick: fc.nat(), ops: fc.array(op, { minLength: 1, maxLength: 10 }) }).map(({ pick, ops }) => {
    const seed = pick % seeds.length;
    let bytes: Buffer = Buffer.from(seeds[seed]!.bytes);
    for (const o of ops) {
      bytes = apply(bytes, o, seeds, tokenBytes);
      if (bytes.length > maxBytes) bytes = bytes.subarray(0, maxBytes);
    }
    return { bytes: new Uint8Array(bytes), origin: `${seeds[seed]!.name} + ${ops.length} mutation(s)` };
  });
  const random = fc.uint8Array({ maxLength: 1024 }).map((bytes) => ({ bytes, origin: 'random' }));
  return fc.oneof({ arbitrary: mutated, weight: 9 }, { arbitrary: random, weight: 1 });
}
