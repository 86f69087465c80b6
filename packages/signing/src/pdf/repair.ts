import { PdfDict, PdfRef, PdfStream } from './objects.ts';
import type { PdfReader } from './reader.ts';
import { serialize, serializeIndirect } from './serialize.ts';

/**
 * Damage that every viewer works around but that a signature must not be stacked on: a cross-reference table that
 * had to be rebuilt by scanning the file, streams whose /Length is wrong. Reads every object once (their streams'
 * lengths are only checked when read). Empty: nothing to repair.
 */
export function damageOf(reader: PdfReader): string[] {
  for (const [num, entry] of reader.entries.entries()) if (entry.type !== 'free') reader.tryGet(num);
  const damage: string[] = [];
  if (reader.reconstructed) damage.push('the cross-reference table was damaged (rebuilt by scanning the file)');
  const lengths = reader.wrongStreamLengths.size;
  if (lengths) damage.push(`${lengths} stream${lengths === 1 ? ' had a wrong' : 's had wrong'} /Length`);
  return damage;
}

/**
 * The document written again from scratch, as read: every readable object once (objects of object streams as plain
 * objects, stream lengths recomputed), one cross-reference table, a trailer with the catalog, the info dictionary
 * and the file identifier. Same object numbers, so every reference stays valid; what a viewer shows is unchanged.
 * Only for a file without signatures (a rewrite would break them).
 */
export function rewritePdf(reader: PdfReader): Uint8Array {
  const version =
    /^%PDF-(\d\.\d)/.exec(
      Buffer.from(reader.bytes.subarray(0, 1024))
        .toString('latin1')
        .replace(/^[^%]*/, ''),
    )?.[1] ?? '1.7';
  const chunks: Buffer[] = [Buffer.from(`%PDF-${version}\n%\xE2\xE3\xCF\xD3\n`, 'latin1')];
  let length = chunks[0]!.length;
  const offsets = new Map<number, { offset: number; gen: number }>();
  const numbers = [...reader.entries.entries()]
    .filter(([, e]) => e.type !== 'free')
    .map(([num]) => num)
    .sort((a, b) => a - b);
  for (const num of numbers) {
    if (num === 0) continue;
    const value = reader.tryGet(num);
    if (value === undefined || value === null) continue;
    // The old cross-reference and object streams are replaced by the new table; their objects are written plainly.
    const type = value instanceof PdfStream ? value.dict.nameOf('Type') : undefined;
    if (type === 'XRef' || type === 'ObjStm') continue;
    const entry = reader.entries.get(num)!;
    const gen = entry.type === 'offset' ? entry.gen : 0;
    const bytes = serializeIndirect(new PdfRef(num, gen), value);
    offsets.set(num, { offset: length, gen });
    chunks.push(bytes);
    length += bytes.length;
  }
  const size = Math.max(0, ...offsets.keys()) + 1;
  let table = `xref\n0 ${size}\n`;
  for (let num = 0; num < size; num++) {
    const at = offsets.get(num);
    table += at ? `${String(at.offset).padStart(10, '0')} ${String(at.gen).padStart(5, '0')} n \n` : `0000000000 ${num === 0 ? '65535' : '00000'} f \n`;
  }
  const trailer = new PdfDict().set('Size', size).set('Root', reader.rootRef);
  for (const key of ['Info', 'ID']) {
    const value = reader.trailer.get(key);
    if (value !== undefined && !(value instanceof PdfRef && !offsets.has(value.num))) trailer.set(key, value);
  }
  chunks.push(Buffer.from(`${table}trailer\n${serialize(trailer)}\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}
