import path from 'node:path';
import type { PdfInspection, PdfInspectionAccepted } from '@paraphe/signing';
import {
  defaultSignatureFields,
  maxFilesPerRequest,
  pdfMimeType,
  pdfRejectionMessages,
  pdfRejectionReasons,
  zipMimeTypes,
  type DocumentActiveContent,
  type FieldError,
  type FileInspection,
  type InspectedDocument,
  type PdfRejectionReason,
  type SignatureField,
  type SignatureRequestData,
} from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import { WorkerTaskOutOfMemory, WorkerTaskTimeout, type WorkerPool } from '../../platform/workers/pool.ts';
import { SpreadsheetError } from '../../platform/spreadsheets/index.ts';
import { InflateBudget, inflateEntry, readZipDirectory, type ZipEntry } from '../../platform/spreadsheets/zip.ts';

/**
 * From received files to checked documents (spec §5 Upload): ZIP expansion, size limits, PDF checks, default
 * fields. No HTTP here: the create route reads the multipart body (upload.ts), a campaign, an operation or the
 * public API give their own files; all of them hand `createSignatureRequest` checked documents.
 *
 * Every PDF is read by the signing engine's `inspectPdf`, on a worker thread (platform/workers: parsing, xref repair
 * and inflate of an uploaded file never run on the event loop; past WORKER_TASK_TIMEOUT_SECONDS the file is refused
 * as TOO_COMPLEX): the same reader, bounds and rules as preparing and signing,
 * so what is accepted here can be signed, and what is refused is refused with its precise reason (PDF_INVALID,
 * `details.reason`). ZIP archives are checked on their central directory (declared sizes, duplicates, overlapping
 * entries) before anything is inflated, then inflated member by member under a byte budget.
 */

export interface UploadLimits {
  maxFileBytes: number;
  maxArchiveBytes: number;
}
/** A file as received: its name, its declared type, its bytes. */
export interface ReceivedFile {
  fileName: string;
  mimeType: string;
  data: Uint8Array;
}
type DocumentEntry = SignatureRequestData['transactionDocuments'][number];

/** A document checked and ready to be stored with a request. */
export interface PreparedDocument {
  title: string;
  documentType: DocumentEntry['documentType'];
  fileType: 'classic' | 'zip' | 'publi';
  fileName: string;
  checkBoxTexts: string[];
  signatureFields: SignatureField[];
  data: Uint8Array;
  pageCount: number;
  sha256: string;
  /** What the upload check found (active content, warnings); recorded in the evidence trail when not empty. */
  inspection: InspectedDocument | null;
  /** Index of the document entry it came from (-1: a file sent without an entry). */
  entryIndex: number;
}

export const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
export const fileError = (
  code: 'FILE_TOO_LARGE' | 'ARCHIVE_MEMBER_TOO_LARGE' | 'INVALID_FILE_TYPE' | 'TOO_MANY_FILES',
  message: string,
  field: string,
  limit?: number,
) =>
  new AppError(code, message, {
    fields: [
      { field, rule: limit === undefined ? 'invalid_value' : 'file_too_big', message, ...(limit === undefined ? {} : { params: { maxsize: mb(limit) } }) },
    ],
  });
export const validation = (fields: FieldError[]) => new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Some fields are invalid.', { fields });

/**
 * PDF_INVALID for one file, with the precise reason: the message names the file and the fix; `details.reason` (and
 * the field error's `params.reason`) is the engine's reason; the detail keeps the legacy "73020 : " prefix.
 */
export function pdfInvalid(fileName: string, reason: PdfRejectionReason, engineMessage?: string): AppError {
  const message = pdfRejectionMessages[reason](fileName);
  return new AppError('PDF_INVALID', message, {
    fields: [{ field: `files.${fileName}`, rule: 'invalid_value', message, params: { reason } }],
    details: { reason, fileName, ...(engineMessage ? { engineMessage } : {}) },
  });
}

function kindOf(file: Pick<ReceivedFile, 'fileName' | 'mimeType'>): 'pdf' | 'zip' | null {
  const name = file.fileName.toLowerCase();
  if ((zipMimeTypes as readonly string[]).includes(file.mimeType) || name.endsWith('.zip')) return 'zip';
  if (file.mimeType === pdfMimeType || name.endsWith('.pdf')) return 'pdf';
  return null;
}

/**
 * The most bytes a received file of this name and type may have: a PDF the file limit, an archive the archive limit.
 * The multipart reader stops there, so an oversized PDF is refused after 50 MB read, not after the archive's 100.
 */
export function receivedFileLimit(file: Pick<ReceivedFile, 'fileName' | 'mimeType'>, limits: UploadLimits): number {
  return kindOf(file) === 'zip' ? limits.maxArchiveBytes : limits.maxFileBytes;
}

const isJunk = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || path.basename(name).startsWith('.');

/** All the PDFs of one archive may inflate to at most this many bytes together (twice the archive limit). */
export const archiveInflatedLimit = (limits: UploadLimits) => 2 * limits.maxArchiveBytes;
/** Entries an archive may list (junk included) before it is refused unread. */
const maxArchiveEntries = 1000;

/**
 * The PDF members of an archive. Everything that can be refused from the central directory is refused before a
 * byte is inflated: a non-PDF member, a member declared over maxFileBytes, more PDFs than a request may hold, a total
 * declared over `archiveInflatedLimit`. Then each member is inflated into a buffer of its declared size, under the
 * archive's byte budget; a member that inflates past its declaration stops at once (a lying archive is damaged).
 */
async function pdfMembers(zip: ReceivedFile, limits: UploadLimits): Promise<{ fileName: string; data: Uint8Array }[]> {
  const field = `files.${zip.fileName}`;
  const damaged = () => fileError('INVALID_FILE_TYPE', `${zip.fileName} is not a valid ZIP archive.`, field);
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(zip.data, { maxInflatedBytes: Number.MAX_SAFE_INTEGER, maxEntries: maxArchiveEntries });
  } catch (error) {
    if (!(error instanceof SpreadsheetError)) throw error;
    if (error.code === 'TOO_LARGE') throw fileError('TOO_MANY_FILES', `${zip.fileName} lists more than ${maxArchiveEntries} files.`, field);
    if (error.code === 'UNSUPPORTED_FORMAT')
      throw fileError('INVALID_FILE_TYPE', `${zip.fileName} is encrypted or uses a compression method that is not supported.`, field);
    throw damaged();
  }
  const pdfs = entries.filter((e) => !isJunk(e.name));
  const other = pdfs.find((e) => !e.name.toLowerCase().endsWith('.pdf'));
  if (other) throw fileError('INVALID_FILE_TYPE', `${other.name} in ${zip.fileName} is not a PDF.`, field);
  if (pdfs.length === 0) throw fileError('INVALID_FILE_TYPE', `${zip.fileName} contains no PDF.`, field);
  const tooBig = pdfs.find((e) => e.uncompressedSize > limits.maxFileBytes);
  if (tooBig)
    throw fileError(
      'ARCHIVE_MEMBER_TOO_LARGE',
      `${tooBig.name} in ${zip.fileName} exceeds ${mb(limits.maxFileBytes)}: it cannot be used.`,
      field,
      limits.maxFileBytes,
    );
  if (pdfs.length > maxFilesPerRequest) throw fileError('TOO_MANY_FILES', `At most ${maxFilesPerRequest} documents per request (ZIP contents count).`, 'files');
  const inflatedLimit = archiveInflatedLimit(limits);
  const declared = pdfs.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > inflatedLimit) throw fileError('FILE_TOO_LARGE', `${zip.fileName} unpacks to more than ${mb(inflatedLimit)}.`, field, inflatedLimit);

  const budget = new InflateBudget(inflatedLimit);
  const members: { fileName: string; data: Uint8Array }[] = [];
  for (const entry of pdfs) {
    const data = Buffer.allocUnsafe(entry.uncompressedSize);
    let at = 0;
    try {
      // inflateEntry stops as soon as the member passes its declared size (checked above against maxFileBytes).
      for await (const chunk of inflateEntry(zip.data, entry, budget)) {
        chunk.copy(data, at);
        at += chunk.length;
      }
    } catch (error) {
      if (!(error instanceof SpreadsheetError)) throw error;
      if (error.code === 'TOO_LARGE') throw fileError('FILE_TOO_LARGE', `${zip.fileName} unpacks to more than ${mb(inflatedLimit)}.`, field, inflatedLimit);
      throw fileError('INVALID_FILE_TYPE', `${entry.name} in ${zip.fileName} is damaged (it does not inflate to its declared size).`, field);
    }
    members.push({ fileName: path.basename(entry.name), data });
  }
  return members;
}

/** Kinds that preparePdf neutralises in the version the signers get (packages/signing/README.md, "Active content"). */
const neutralisedKinds: ReadonlySet<string> = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute', 'XFA']);

export function activeContentOf(inspection: Pick<PdfInspectionAccepted, 'activeContent'>): DocumentActiveContent {
  return { found: [...inspection.activeContent], neutralised: inspection.activeContent.filter((k) => neutralisedKinds.has(k)) };
}

/**
 * Reads a PDF with the signing engine on a worker thread (never throws for a bad document): its pages in visible-page
 * coordinates, its active content; PDF_INVALID with the precise reason otherwise.
 */
export async function inspectPdf(workers: WorkerPool, data: Uint8Array, fileName: string): Promise<InspectedDocument> {
  return (await readPdf(workers, data, fileName)).inspection;
}

/** The same, and the file's SHA-256 (computed on the worker thread too: 25 ms of a 40 MB file off the event loop). */
async function readPdf(workers: WorkerPool, data: Uint8Array, fileName: string): Promise<{ inspection: InspectedDocument; sha256: string }> {
  let inspection: PdfInspection & { sha256: string };
  try {
    inspection = await workers.run('inspectPdf', { bytes: data });
  } catch (error) {
    if (error instanceof WorkerTaskTimeout) throw pdfInvalid(fileName, 'TOO_COMPLEX', `reading took more than ${error.limitSeconds} s`);
    if (error instanceof WorkerTaskOutOfMemory) throw pdfInvalid(fileName, 'TOO_COMPLEX', 'reading needs more memory than one file may use');
    throw error;
  }
  if (!inspection.ok) {
    const reason = (pdfRejectionReasons as readonly string[]).includes(inspection.reason) ? inspection.reason : 'DAMAGED';
    throw pdfInvalid(fileName, reason, inspection.message);
  }
  if (inspection.pageCount < 1) throw pdfInvalid(fileName, 'DAMAGED', 'no page');
  return {
    sha256: inspection.sha256,
    inspection: {
      fileName,
      pageCount: inspection.pageCount,
      pages: inspection.pages.map((p) => ({ width: p.width, height: p.height, rotate: p.rotate })),
      activeContent: activeContentOf(inspection),
      warnings: inspection.warnings,
      ...(inspection.repairs.length ? { repairs: inspection.repairs } : {}),
    },
  };
}

/** One received file as PDFs: itself, or the PDFs of an archive; size and type limits applied. */
async function expand(file: ReceivedFile, limits: UploadLimits): Promise<{ kind: 'pdf' | 'zip'; pdfs: { fileName: string; data: Uint8Array }[] }> {
  const kind = kindOf(file);
  if (kind === null) throw fileError('INVALID_FILE_TYPE', `${file.fileName}: only PDF and ZIP files are accepted.`, `files.${file.fileName}`);
  if (kind === 'pdf') {
    if (file.data.length > limits.maxFileBytes)
      throw fileError('FILE_TOO_LARGE', `${file.fileName} exceeds ${mb(limits.maxFileBytes)}.`, `files.${file.fileName}`, limits.maxFileBytes);
    return { kind, pdfs: [{ fileName: file.fileName, data: file.data }] };
  }
  if (file.data.length > limits.maxArchiveBytes)
    throw fileError('FILE_TOO_LARGE', `${file.fileName} exceeds ${mb(limits.maxArchiveBytes)}.`, `files.${file.fileName}`, limits.maxArchiveBytes);
  return { kind, pdfs: await pdfMembers(file, limits) };
}

/** POST /api/transactions/inspect: what the create call would say of this one file, nothing stored. */
export async function inspectFile(workers: WorkerPool, file: ReceivedFile, limits: UploadLimits): Promise<FileInspection> {
  const { kind, pdfs } = await expand(file, limits);
  const documents: InspectedDocument[] = [];
  for (const pdf of pdfs) documents.push(await inspectPdf(workers, pdf.data, pdf.fileName));
  return { fileName: file.fileName, kind, documents };
}

const titleOf = (fileName: string) => fileName.replace(/\.(pdf|zip)$/i, '');

/** Default fields for a document without any: one per signer (role signer), spread across the page. */
export function defaultFieldsFor(signerIndexes: number[]): SignatureField[] {
  return defaultSignatureFields(signerIndexes.length, false).map((field, i) => ({ ...field, signerIndex: signerIndexes[i]! }));
}

/**
 * Turns the uploaded files and the document entries into checked documents: a file without an entry gets a
 * default one; an entry without a file is a field error; a ZIP becomes one document per PDF inside.
 */
export async function prepareDocuments(opts: {
  /** Where each PDF is read (platform.workers). */
  workers: WorkerPool;
  entries: DocumentEntry[];
  files: ReceivedFile[];
  limits: UploadLimits;
  signerIndexes: number[];
}): Promise<PreparedDocument[]> {
  const { entries, files, limits } = opts;
  const byName = new Map<string, ReceivedFile>();
  for (const file of files) {
    if (byName.has(file.fileName))
      throw validation([{ field: `files.${file.fileName}`, rule: 'invalid_value', message: `Two files are named ${file.fileName}.` }]);
    byName.set(file.fileName, file);
  }
  const missing = entries.flatMap((e, i) =>
    byName.has(e.fileName)
      ? []
      : [{ field: `transactionDocuments.${i}.fileName`, rule: 'invalid_value', message: `No file named ${e.fileName} was uploaded.` }],
  );
  if (missing.length) throw validation(missing);

  const documents: PreparedDocument[] = [];
  for (const file of files) {
    const entryIndex = entries.findIndex((e) => e.fileName === file.fileName);
    const entry = entries[entryIndex];
    const base = {
      entryIndex,
      documentType: entry?.documentType ?? 'pdf',
      checkBoxTexts: entry?.checkBoxTexts ?? [],
      signatureFields: entry ? entry.signatureFields : defaultFieldsFor(opts.signerIndexes),
      pageCount: 0,
      sha256: '',
      inspection: null,
    };
    const { kind, pdfs } = await expand(file, limits);
    for (const pdf of pdfs) {
      const title = kind === 'pdf' ? entry?.title || titleOf(pdf.fileName) : titleOf(pdf.fileName);
      documents.push({ ...base, title, fileType: kind === 'pdf' ? 'classic' : 'zip', fileName: pdf.fileName, data: pdf.data });
    }
    if (documents.length > maxFilesPerRequest)
      throw fileError('TOO_MANY_FILES', `At most ${maxFilesPerRequest} documents per request (ZIP contents count).`, 'files');
  }
  for (const doc of documents) {
    const read = await readPdf(opts.workers, doc.data, doc.fileName);
    doc.inspection = read.inspection;
    doc.pageCount = read.inspection.pageCount;
    doc.sha256 = read.sha256;
    const beyond = doc.signatureFields.findIndex((f) => f.page > doc.pageCount || f.page < -1);
    if (beyond >= 0) {
      const field = doc.entryIndex >= 0 ? `transactionDocuments.${doc.entryIndex}.signatureFields.${beyond}.page` : `files.${doc.fileName}`;
      throw validation([{ field, rule: 'out_of_range', message: `${doc.fileName} has ${doc.pageCount} page(s).`, params: { min: 1, max: doc.pageCount } }]);
    }
  }
  return documents;
}
