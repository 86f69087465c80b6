import type { Platform } from '../../platform/context.ts';
import { storageKeysReferenced } from './repository.ts';

/**
 * Which of `keys` this domain's rows reference, across tenants (the platform's storage sweep asks; a file no
 * module claims is deleted as an orphan): documents, their versions, archives and evidence files.
 */
export async function referencedStorageKeys(platform: Platform, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  return platform.database.inSystem((tx) => storageKeysReferenced(tx, [...keys]));
}
