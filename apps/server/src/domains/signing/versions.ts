import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { fieldSizeOf } from '@paraphe/contracts';
import { preparePdf, type PreparedField } from '@paraphe/signing';
import type { Platform } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { documentVersions, signatureDocuments, type DocumentVersionKind, type PreparedFieldRow } from '../../platform/db/schema/index.ts';
import type { DocumentWithFields, RequestRow } from '../signatures/repository.ts';

/**
 * Stored states of a document (table document_versions): the original stays untouched in signature_documents;
 * version 1 is the prepared file (every signature field, plus the watermark in test mode), made lazily the first
 * time anyone needs it; each signature appends a version, the completion one more. The highest is current.
 */

export type VersionRow = typeof documentVersions.$inferSelect;

const watermarks: Record<string, string> = { fr: 'MODE TEST — sans valeur légale', en: 'TEST MODE — no legal value' };
export const testModeText = (language: string) => watermarks[language] ?? watermarks.en!;

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function currentVersions(db: Executor, appId: string, documentIds: string[]): Promise<Map<string, VersionRow>> {
  const current = new Map<string, VersionRow>();
  if (!documentIds.length) return current;
  const rows = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.appId, appId), inArray(documentVersions.documentId, documentIds)))
    .orderBy(asc(documentVersions.version));
  for (const row of rows) current.set(row.documentId, row);
  return current;
}

export async function versionsOf(db: Executor, appId: string, documentId: string): Promise<VersionRow[]> {
  return db.select().from(documentVersions).where(and(eq(documentVersions.appId, appId), eq(documentVersions.documentId, documentId))).orderBy(desc(documentVersions.version));
}

/** Stores new bytes as the next version of a document. */
export async function addVersion(
  db: Executor,
  platform: Platform,
  previous: Pick<VersionRow, 'version' | 'fields'> | null,
  doc: { appId: string; id: string },
  kind: DocumentVersionKind,
  bytes: Uint8Array,
  extra: { signerId?: string | null; fields?: PreparedFieldRow[] } = {},
): Promise<VersionRow> {
  const storageKey = `${doc.appId}/${randomUUID()}.pdf`;
  await platform.storage.put(storageKey, bytes);
  const [row] = await db
    .insert(documentVersions)
    .values({
      appId: doc.appId,
      documentId: doc.id,
      version: (previous?.version ?? 0) + 1,
      kind,
      signerId: extra.signerId ?? null,
      storageKey,
      sha256: sha256Hex(bytes),
      sizeBytes: bytes.byteLength,
      fields: extra.fields ?? previous?.fields ?? [],
    })
    .returning();
  return row!;
}

const toRow = (f: PreparedField): PreparedFieldRow => ({
  name: f.name,
  signerIndex: f.signerIndex,
  page: f.page,
  x: f.rect[0],
  y: f.rect[1],
  width: f.rect[2] - f.rect[0],
  height: f.rect[3] - f.rect[1],
});

/**
 * The current version of each document, preparing those that have none yet (fields + test watermark). Callers
 * hold the request lock, so two first opens do not prepare twice.
 */
export async function ensurePrepared(db: Executor, platform: Platform, request: RequestRow, documents: DocumentWithFields[], language: string): Promise<Map<string, VersionRow>> {
  const current = await currentVersions(db, request.appId, documents.map((d) => d.id));
  for (const doc of documents) {
    if (current.has(doc.id)) continue;
    const original = await platform.storage.get(doc.storageKey);
    const signable = doc.documentType !== 'pdf-for-presentation';
    const { pdf, fields } = await preparePdf(original, {
      // Engine names: signer-<index+1>, cachet for the stamp; the spec's default names carry no information.
      fields: signable ? doc.fields.map((f) => ({ page: f.page, x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex })) : [],
      ...(request.testMode ? { watermark: { text: testModeText(language) } } : {}),
    });
    current.set(doc.id, await addVersion(db, platform, null, doc, 'prepared', pdf, { fields: fields.map(toRow) }));
  }
  return current;
}

/** Whether any document of the request got a signature through the signing page. */
export async function hasSignedVersions(db: Executor, appId: string, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: documentVersions.id })
    .from(documentVersions)
    .innerJoin(signatureDocuments, eq(signatureDocuments.id, documentVersions.documentId))
    .where(and(eq(documentVersions.appId, appId), eq(signatureDocuments.requestId, requestId), eq(documentVersions.kind, 'signed')))
    .limit(1);
  return !!row;
}

/** Storage keys of every version of these documents (removed with the request). */
export async function versionKeysOf(db: Executor, appId: string, documentIds: string[]): Promise<string[]> {
  if (!documentIds.length) return [];
  const rows = await db
    .select({ key: documentVersions.storageKey })
    .from(documentVersions)
    .where(and(eq(documentVersions.appId, appId), inArray(documentVersions.documentId, documentIds)));
  return rows.map((r) => r.key);
}
