import { inflateSync } from 'node:zlib';
import { SigningError } from '../errors.ts';
import { PdfDict, PdfName, type PdfStream, type PdfValue } from './objects.ts';

function filterNames(v: PdfValue | undefined): string[] {
  if (v instanceof PdfName) return [v.value];
  if (Array.isArray(v)) return v.filter((x): x is PdfName => x instanceof PdfName).map((x) => x.value);
  return [];
}

/**
 * Decodes a stream's data. Only FlateDecode (with PNG/TIFF-free predictors) is supported: it is what
 * object streams and cross-reference streams use. Output is bounded to stop decompression bombs.
 */
export function decodeStream(stream: PdfStream, maxOutput: number): Buffer {
  const filters = filterNames(stream.dict.get('Filter'));
  let data = Buffer.from(stream.data.buffer, stream.data.byteOffset, stream.data.byteLength);
  const parmsValue = stream.dict.get('DecodeParms');
  const parmsList = Array.isArray(parmsValue) ? parmsValue : [parmsValue];
  filters.forEach((filter, i) => {
    if (filter !== 'FlateDecode' && filter !== 'Fl') {
      throw new SigningError('UNSUPPORTED', `Unsupported stream filter ${filter} in a structural stream`);
    }
    try {
      data = inflateSync(data, { maxOutputLength: maxOutput, finishFlush: 2 /* Z_SYNC_FLUSH: tolerate truncated tails */ });
    } catch (cause) {
      const code = (cause as { code?: string }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw new SigningError('PDF_TOO_COMPLEX', 'A stream decompresses beyond the allowed size', { maxOutput });
      throw new SigningError('PDF_INVALID', 'A compressed stream is corrupt', undefined, { cause });
    }
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
