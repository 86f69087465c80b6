import { inflateSync } from 'node:zlib';
import { SigningError } from '../errors.ts';
import { InflateBudget, defaultPdfLimits } from './limits.ts';
import { PdfDict, PdfName, type PdfStream, type PdfValue } from './objects.ts';

function filterNames(v: PdfValue | undefined): string[] {
  if (v instanceof PdfName) return [v.value];
  if (Array.isArray(v)) return v.filter((x): x is PdfName => x instanceof PdfName).map((x) => x.value);
  return [];
}

/**
 * Decodes a stream's data. Only FlateDecode (with PNG predictors) is supported: it is what object streams,
 * cross-reference streams and metadata use. Output is bounded per stream and, through `budget`, per document:
 * inflating stops as soon as the bound is passed (node:zlib maxOutputLength), so a bomb never gets allocated.
 */
export function decodeStream(stream: PdfStream, budget: InflateBudget | number): Buffer {
  const shared = typeof budget === 'number' ? new InflateBudget({ ...defaultPdfLimits, maxStreamSize: budget, maxDecompressedTotal: budget }) : budget;
  const filters = filterNames(stream.dict.get('Filter'));
  let data = Buffer.from(stream.data.buffer, stream.data.byteOffset, stream.data.byteLength);
  const parmsValue = stream.dict.get('DecodeParms');
  const parmsList = Array.isArray(parmsValue) ? parmsValue : [parmsValue];
  filters.forEach((filter, i) => {
    if (filter !== 'FlateDecode' && filter !== 'Fl') {
      throw new SigningError('UNSUPPORTED', `Unsupported stream filter ${filter} in a structural stream`);
    }
    const { max, limit } = shared.next();
    const exceeded = () =>
      new SigningError('PDF_TOO_COMPLEX', `A compressed stream expands beyond the allowed size (${limit} = ${shared.limits[limit]} bytes)`, {
        limit,
        decompression: true,
        compressedSize: stream.data.byteLength,
      });
    if (max < 1) throw exceeded();
    try {
      // One output chunk large enough for anything this input can inflate to (deflate tops out near 1032:1) and
      // no larger than the bound: zlib then never concatenates chunks, so the peak is the output itself.
      const chunkSize = Math.max(16 * 1024, Math.min(max + 1, data.length * 1032 + 1024));
      const out = inflateSync(data, { maxOutputLength: max, chunkSize, finishFlush: 2 /* Z_SYNC_FLUSH: tolerate truncated tails */ });
      // Keep only what was written when the chunk was much larger (cached object streams live as long as the reader).
      data = out.buffer.byteLength > out.length * 2 + 65536 ? Buffer.from(out) : out;
    } catch (cause) {
      const code = (cause as { code?: string }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw exceeded();
      throw new SigningError('PDF_INVALID', 'A compressed stream is corrupt', undefined, { cause });
    }
    shared.spend(data.length);
    const parms = parmsList[i];
    if (parms instanceof PdfDict) data = unpredict(data, parms);
  });
  return data;
}

function unpredict(data: Buffer, parms: PdfDict): Buffer {
  const predictor = typeof parms.get('Predictor') === 'number' ? (parms.get('Predictor') as number) : 1;
  if (predictor < 10) {
    if (predictor === 1) return data;
    throw new SigningError('UNSUPPORTED', `Unsupported predictor ${predictor}`);
  }
  const columns = typeof parms.get('Columns') === 'number' ? (parms.get('Columns') as number) : 1;
  const colors = typeof parms.get('Colors') === 'number' ? (parms.get('Colors') as number) : 1;
  const bpc = typeof parms.get('BitsPerComponent') === 'number' ? (parms.get('BitsPerComponent') as number) : 8;
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowLength = Math.ceil((columns * colors * bpc) / 8);
  if (rowLength <= 0 || rowLength > 1 << 20) throw new SigningError('PDF_INVALID', 'Invalid predictor columns');
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  let prev = Buffer.alloc(rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)]!;
    const row = data.subarray(r * (rowLength + 1) + 1, (r + 1) * (rowLength + 1));
    const cur = out.subarray(r * rowLength, (r + 1) * rowLength);
    for (let i = 0; i < rowLength; i++) {
      const left = i >= bpp ? cur[i - bpp]! : 0;
      const up = prev[i]!;
      const upLeft = i >= bpp ? prev[i - bpp]! : 0;
      let v = row[i]!;
      if (type === 1) v += left;
      else if (type === 2) v += up;
      else if (type === 3) v += (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v += pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      cur[i] = v & 0xff;
    }
    prev = cur;
  }
  return out;
}
