import { randomUUID } from 'node:crypto';
import type { Platform } from './context.ts';

/**
 * Files stored before the transaction that records them (campaigns', operations' documents): each under a fresh key
 * `<tenant>/<prefix>-<uuid>.pdf`; the caller removes them with `discardStored` if its transaction fails.
 */
export async function storeFresh(
  platform: Pick<Platform, 'storage'>,
  appId: string,
  prefix: string,
  files: readonly { data: Uint8Array }[],
): Promise<string[]> {
  const keys: string[] = [];
  for (const file of files) {
    const key = `${appId}/${prefix}-${randomUUID()}.pdf`;
    await platform.storage.put(key, file.data);
    keys.push(key);
  }
  return keys;
}

/** Deletes stored files, logging (not throwing) a failure: an orphan is the storage sweep's to remove. */
export async function discardStored(platform: Pick<Platform, 'storage' | 'logger'>, keys: readonly string[]) {
  await Promise.all(
    keys.map((k) => platform.storage.delete(k).catch((error) => platform.logger.warn({ err: error, key: k }, 'could not delete a stored file'))),
  );
}
