import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import type { Platform } from './context.ts';

/** One file of a zip: its name in the archive and the storage key of its bytes. */
export interface ZipEntry {
  name: string;
  storageKey: string;
}

/**
 * A zip written into `out` one entry at a time (stored, not deflated: PDFs are compressed already), with
 * back-pressure. `add` resolves once `out` can take more; `end` writes the central directory.
 */
function zipWriter(out: PassThrough, untilWritable: () => Promise<unknown>) {
  const zip = new Zip((error, data, final) => {
    if (error) return void out.destroy(error);
    out.write(data);
    if (final) out.end();
  });
  return {
    async add(name: string, data: Uint8Array) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      entry.push(data, true);
      if (out.writableNeedDrain) await untilWritable();
    },
    end: () => zip.end(),
  };
}

/**
 * A zip streamed into the storage as it is written: memory stays flat whatever the number of files (campaign and
 * operation archives). `fill` adds the entries; the bytes stored are returned.
 */
export async function storeZip(
  platform: Pick<Platform, 'storage'>,
  key: string,
  fill: (add: (name: string, data: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<number> {
  const out = new PassThrough();
  const stored = platform.storage.putStream(key, out);
  stored.catch(() => undefined); // awaited below; a failed write also stops the writer at its next drain
  const writer = zipWriter(out, () => Promise.race([once(out, 'drain'), stored]));
  try {
    await fill(writer.add);
    writer.end();
  } catch (error) {
    out.destroy(error as Error);
  }
  return stored;
}

/**
 * A zip of stored files streamed to whoever reads it (a download built on demand): one file in memory at a time,
 * read only when the reader has taken the previous ones. A reader that goes away stops it.
 */
export function streamZip(platform: Pick<Platform, 'storage'>, entries: readonly ZipEntry[]): Readable {
  const out = new PassThrough();
  const writer = zipWriter(out, () => Promise.race([once(out, 'drain'), once(out, 'close')]));
  void (async () => {
    for (const entry of entries) {
      if (out.destroyed) return;
      await writer.add(entry.name, await platform.storage.get(entry.storageKey));
    }
    writer.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
