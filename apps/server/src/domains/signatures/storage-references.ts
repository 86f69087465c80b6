import { inArray } from 'drizzle-orm';
import type { Platform } from '../../platform/context.ts';
import { documentVersions, signatureDocuments, signatureRequests } from './schema.ts';

/**
 * Which of `keys` this domain's rows reference, across tenants (the platform's storage sweep asks; a file no
 * module claims is deleted as an orphan): documents, their versions, archives and evidence files.
 */
export async function referencedStorageKeys(platform: Platform, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!keys.length) return found;
  const list = [...keys];
  await platform.database.inSystem(async (tx) => {
    for (const r of await tx.select({ key: signatureDocuments.storageKey }).from(signatureDocuments).where(inArray(signatureDocuments.storageKey, list))) found.add(r.key);
    for (const r of await tx.select({ key: documentVersions.storageKey }).from(documentVersions).where(inArray(documentVersions.storageKey, list))) found.add(r.key);
    for (const r of await tx.select({ key: signatureRequests.archiveKey }).from(signatureRequests).where(inArray(signatureRequests.archiveKey, list))) if (r.key) found.add(r.key);
    for (const r of await tx.select({ key: signatureRequests.attestationKey }).from(signatureRequests).where(inArray(signatureRequests.attestationKey, list))) if (r.key) found.add(r.key);
  });
  return found;
}
