import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { Platform } from './context.ts';

/**
 * A zip streamed into the storage as it is written (stored, not deflated: PDFs are compressed already), one entry at
 * a time with back-pressure: memory stays flat whatever the number of files (campaign and operation archives).
 * `fill` adds the entries; the bytes stored are returned.
 */
export async function storeZip(platform: Pick<Platform, 'storage'>, key: string, fill: (add: (name: string, data: Uint8Array) => Promise<void>) => Promise<void>): Promise<number> {
  const out = new PassThrough();
  const zip = new Zip((error, data, final) => {
    if (error) return void out.destroy(error);
    out.write(data);
    if (final) out.end();
  });
  const stored = platform.storage.putStream(key, out);
  stored.catch(() => undefined); // awaited below; a failed write also stops the writer at its next drain
  try {
    await fill(async (name, data) => {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), stored]);
    });
    zip.end();
  } catch (error) {
    out.destroy(error as Error);
  }
  return stored;
}
