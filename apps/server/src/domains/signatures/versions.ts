import { createHash, randomUUID } from 'node:crypto';
import { defaultFieldName, fieldSizeOf } from '@paraphe/contracts';
import { isSigningError, preparePdf, type PreparedField, type PreparedPdf } from '@paraphe/signing';
import type { Platform } from '../../platform/context.ts';
import type { Executor } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { pdfLanguageOf } from '../../platform/pdf-texts.ts';
import { appendEvent } from './evidence.ts';
import type { DocumentVersionKind, PreparedFieldRow } from './schema.ts';
import { insertVersionRow, versionsOfDocuments, type DocumentWithFields, type RequestRow, type VersionRow } from './repository.ts';
import { testModeWatermarks } from './watermarkTexts.ts';

/**
 * Stored states of a document (table document_versions): the original stays untouched in signature_documents;
 * version 1 is the prepared file (every signature field, plus the watermark in test mode), made lazily the first
 * time anyone needs it — or, with Options.stampBeforeSigning, the prepared file sealed at send (kind `sealed`); each signature appends a version, the completion one more. The highest is current.
 */

export type { VersionRow } from './repository.ts';
/** Reads of the versions as stored (the repository's). */
export { hasSignedVersions, versionKeysOf, versionsOf } from './repository.ts';

export const testModeText = (language: string) => testModeWatermarks[pdfLanguageOf(language)];

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function currentVersions(db: Executor, appId: string, documentIds: string[]): Promise<Map<string, VersionRow>> {
  const current = new Map<string, VersionRow>();
  if (!documentIds.length) return current;
  for (const row of await versionsOfDocuments(db, appId, documentIds)) current.set(row.documentId, row);
  return current;
}

/** A file as the engine's chunks (signPdfParts: the input followed by the new revisions), never joined into one buffer. */
export interface FileParts {
  parts: Uint8Array[];
  byteLength: number;
}

async function* each(parts: Uint8Array[]) {
  yield* parts;
}

/**
 * Stores new bytes as the next version of a document. Given as parts, the file is hashed and written chunk by chunk:
 * a signed document is never copied whole (issue 28.3, the engine's `signPdfParts`).
 */
export async function addVersion(
  db: Executor,
  platform: Platform,
  previous: Pick<VersionRow, 'version' | 'fields'> | null,
  doc: { appId: string; id: string },
  kind: DocumentVersionKind,
  bytes: Uint8Array | FileParts,
  extra: { signerId?: string | null; fields?: PreparedFieldRow[] } = {},
): Promise<VersionRow> {
  const storageKey = `${doc.appId}/${randomUUID()}.pdf`;
  let sha256: string;
  if (bytes instanceof Uint8Array) {
    await platform.storage.put(storageKey, bytes);
    sha256 = sha256Hex(bytes);
  } else {
    const hash = createHash('sha256');
    for (const part of bytes.parts) hash.update(part);
    sha256 = hash.digest('hex');
    await platform.storage.putStream(storageKey, each(bytes.parts));
  }
  return insertVersion(db, previous, doc, kind, { storageKey, sha256, sizeBytes: bytes.byteLength }, extra);
}

/** The next version of a document, for a file already stored (a sealed file kept by the stamps history). */
export async function insertVersion(
  db: Executor,
  previous: Pick<VersionRow, 'version' | 'fields'> | null,
  doc: { appId: string; id: string },
  kind: DocumentVersionKind,
  file: { storageKey: string; sha256: string; sizeBytes: number },
  extra: { signerId?: string | null; fields?: PreparedFieldRow[] } = {},
): Promise<VersionRow> {
  return insertVersionRow(db, {
    appId: doc.appId,
    documentId: doc.id,
    version: (previous?.version ?? 0) + 1,
    kind,
    signerId: extra.signerId ?? null,
    ...file,
    fields: extra.fields ?? previous?.fields ?? [],
  });
}

/** A prepared field as stored and shown: its box in visible-page coordinates (what the requester placed). */
const toRow = (f: PreparedField): PreparedFieldRow => ({
  name: f.name,
  signerIndex: f.signerIndex,
  page: f.page,
  x: f.box.x,
  y: f.box.y,
  width: f.box.width,
  height: f.box.height,
});

/** The requester's field name, kept; the spec's default names ('signer', 'cachet') let the engine name the field (signer-<n>, cachet). */
const engineFieldName = (f: { name: string; signerIndex: number }) => (f.name && f.name !== defaultFieldName(f.signerIndex) ? f.name : undefined);

/**
 * DOCUMENT_UNSIGNABLE (422) for a stored document the engine cannot prepare or sign: the signing page says so
 * instead of failing with a 500, and no code is sent for it. `details.reason` is the engine's code.
 */
export function documentUnsignable(document: { id: string; title: string }, error: unknown): AppError {
  const reason = isSigningError(error) ? error.code : 'UNKNOWN';
  return new AppError('DOCUMENT_UNSIGNABLE', `The document "${document.title}" cannot be prepared for signing: nothing was signed. Contact the sender.`, {
    details: { documentId: document.id, reason },
    cause: error,
  });
}

/** A document with its signature fields (and the test watermark) as the signers get it; DOCUMENT_UNSIGNABLE if it cannot be. */
export async function prepareForSigning(
  platform: Platform,
  request: Pick<RequestRow, 'id' | 'testMode'>,
  doc: Pick<DocumentWithFields, 'id' | 'title' | 'storageKey' | 'documentType' | 'fields'>,
  language: string,
) {
  const original = await platform.storage.get(doc.storageKey);
  const signable = doc.documentType !== 'pdf-for-presentation';
  try {
    const prepared = await preparePdf(original, {
      fields: signable
        ? doc.fields.map((f) => ({ page: f.page, x: f.x, y: f.y, ...fieldSizeOf(f), signerIndex: f.signerIndex, name: engineFieldName(f) }))
        : [],
      ...(request.testMode ? { watermark: { text: testModeText(language) } } : {}),
    });
    return { prepared, fields: prepared.fields.map(toRow) };
  } catch (error) {
    platform.logger.warn({ err: error, requestId: request.id, documentId: doc.id }, 'a document could not be prepared for signing');
    throw documentUnsignable(doc, error);
  }
}

/** The evidence of a preparation (`document_prepared`): the prepared file's SHA-256 and what was neutralised. */
export const preparedEvidence = (doc: Pick<DocumentWithFields, 'id' | 'fileName'>, sha256: string, prepared: PreparedPdf) => ({
  documentId: doc.id,
  fileName: doc.fileName,
  sha256,
  ...(prepared.activeContentRemoved.length ? { activeContentRemoved: prepared.activeContentRemoved.map((i) => ({ kind: i.kind, location: i.location })) } : {}),
  ...(prepared.formAppearancesDrawn ? { formAppearancesDrawn: prepared.formAppearancesDrawn } : {}),
  // A damaged original rewritten cleanly before the first signature (the original stays the document's file).
  ...(prepared.repaired.length ? { repaired: prepared.repaired } : {}),
  ...(prepared.warnings.length ? { warnings: prepared.warnings } : {}),
});

/**
 * The current version of each document, preparing those that have none yet (fields + test watermark, active
 * content neutralised). Callers hold the request lock, so two first opens do not prepare twice. Each preparation is
 * recorded in the evidence trail (`document_prepared`: the prepared file's SHA-256 and what was neutralised).
 */
export async function ensurePrepared(
  db: Executor,
  platform: Platform,
  request: RequestRow,
  documents: DocumentWithFields[],
  language: string,
): Promise<Map<string, VersionRow>> {
  const current = await currentVersions(
    db,
    request.appId,
    documents.map((d) => d.id),
  );
  for (const doc of documents) {
    if (current.has(doc.id)) continue;
    const { prepared, fields } = await prepareForSigning(platform, request, doc, language);
    const version = await addVersion(db, platform, null, doc, 'prepared', prepared.pdf, { fields });
    current.set(doc.id, version);
    await appendEvent(db, {
      appId: request.appId,
      requestId: request.id,
      type: 'document_prepared',
      data: preparedEvidence(doc, version.sha256, prepared),
      at: platform.clock(),
    });
  }
  return current;
}
