import type {} from '@fastify/multipart';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { unzipSync, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import {
  defaultSignatureFields,
  maxFilesPerRequest,
  pdfMimeType,
  zipMimeTypes,
  type FieldError,
  type SignatureField,
  type SignatureRequestData,
} from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';

/** Upload, ZIP expansion and PDF checks of a new request (spec §5 Upload). */

export interface UploadLimits {
  maxFileBytes: number;
  maxArchiveBytes: number;
}
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  data: Buffer;
}
export interface ReceivedForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}
type DocumentEntry = SignatureRequestData['transactionDocuments'][number];

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
  /** Index of the document entry it came from (-1: a file sent without an entry). */
  entryIndex: number;
}

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const fileError = (code: 'FILE_TOO_LARGE' | 'ARCHIVE_MEMBER_TOO_LARGE' | 'INVALID_FILE_TYPE' | 'TOO_MANY_FILES', message: string, field: string, limit?: number) =>
  new AppError(code, message, {
    fields: [{ field, rule: limit === undefined ? 'invalid_value' : 'file_too_big', message, ...(limit === undefined ? {} : { params: { maxsize: mb(limit) } }) }],
  });
const validation = (fields: FieldError[]) => new AppError('VALIDATION_FAILED', fields[0]?.message ?? 'Some fields are invalid.', { fields });
export const pdfInvalid = (fileName: string) =>
  new AppError('PDF_INVALID', 'PDF error (already signed or invalid)', {
    fields: [{ field: `files.${fileName}`, rule: 'invalid_value', message: `${fileName}: PDF error (already signed or invalid)` }],
  });

/** Reads the multipart body: text parts as strings, files in memory, within the tenant's limits. */
export async function readSignatureForm(request: FastifyRequest, limits: UploadLimits): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the request as multipart/form-data.');
  const form: ReceivedForm = { fields: {}, files: [] };
  try {
    const parts = request.parts({
      limits: { fileSize: Math.max(limits.maxFileBytes, limits.maxArchiveBytes), files: maxFilesPerRequest, fields: 20, fieldSize: 2 * 1024 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') form.fields[part.fieldname] = String(part.value);
      else form.files.push({ fileName: path.basename(part.filename || 'document.pdf'), mimeType: part.mimetype, data: await part.toBuffer() });
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fileError('TOO_MANY_FILES', `At most ${maxFilesPerRequest} files per request.`, 'files');
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileError('FILE_TOO_LARGE', `A file exceeds ${mb(Math.max(limits.maxFileBytes, limits.maxArchiveBytes))}.`, 'files', Math.max(limits.maxFileBytes, limits.maxArchiveBytes));
    }
    throw error;
  }
  return form;
}

/** The JSON text parts as one object, ready for signatureRequestInputSchema; a part that is not JSON is a field error. */
export function formPayload(fields: Record<string, string>, names: readonly string[]): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  const problems: FieldError[] = [];
  for (const name of names) {
    const raw = fields[name];
    if (raw === undefined || raw === '') continue;
    if (name === 'label') {
      payload.label = raw;
      continue;
    }
    try {
      payload[name] = JSON.parse(raw);
    } catch {
      problems.push({ field: name, rule: 'invalid_value', message: `${name} must be a JSON string.` });
    }
  }
  if (problems.length) throw validation(problems);
  return payload;
}

function kindOf(file: UploadedFile): 'pdf' | 'zip' | null {
  const name = file.fileName.toLowerCase();
  if ((zipMimeTypes as readonly string[]).includes(file.mimeType) || name.endsWith('.zip')) return 'zip';
  if (file.mimeType === pdfMimeType || name.endsWith('.pdf')) return 'pdf';
  return null;
}

const isJunk = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || path.basename(name).startsWith('.');

/** The PDF members of an archive; any other member makes the archive unusable. */
function pdfMembers(zip: UploadedFile, limits: UploadLimits): { fileName: string; data: Uint8Array }[] {
  let members: Record<string, Uint8Array>;
  try {
    members = unzipSync(zip.data, {
      filter: (member) => {
        if (isJunk(member.name)) return false;
        if (!member.name.toLowerCase().endsWith('.pdf')) {
          throw fileError('INVALID_FILE_TYPE', `${member.name} in ${zip.fileName} is not a PDF.`, `files.${zip.fileName}`);
        }
        if (member.originalSize > limits.maxFileBytes) {
          throw fileError('ARCHIVE_MEMBER_TOO_LARGE', `${member.name} in ${zip.fileName} exceeds ${mb(limits.maxFileBytes)}: it cannot be used.`, `files.${zip.fileName}`, limits.maxFileBytes);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw fileError('INVALID_FILE_TYPE', `${zip.fileName} is not a valid ZIP archive.`, `files.${zip.fileName}`);
  }
  const pdfs = Object.entries(members).map(([name, data]) => ({ fileName: path.basename(name), data }));
  if (pdfs.length === 0) throw fileError('INVALID_FILE_TYPE', `${zip.fileName} contains no PDF.`, `files.${zip.fileName}`);
  // The declared size may lie: check what came out.
  const tooBig = pdfs.find((p) => p.data.length > limits.maxFileBytes);
  if (tooBig) throw fileError('ARCHIVE_MEMBER_TOO_LARGE', `${tooBig.fileName} in ${zip.fileName} exceeds ${mb(limits.maxFileBytes)}: it cannot be used.`, `files.${zip.fileName}`, limits.maxFileBytes);
  return pdfs;
}

const hasHeader = (data: Uint8Array) => Buffer.from(data.subarray(0, 1024)).includes('%PDF-');
/** A signature dictionary: the document is already signed (spec §8: 73020). */
const isSigned = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes('/ByteRange');

/** Page count of a usable PDF; PDF_INVALID (73020) when it is encrypted, unreadable, empty or already signed. */
export async function inspectPdf(data: Uint8Array, fileName: string): Promise<number> {
  if (!hasHeader(data) || isSigned(data)) throw pdfInvalid(fileName);
  try {
    const pdf = await PDFDocument.load(data, { updateMetadata: false, throwOnInvalidObject: true });
    const pages = pdf.getPageCount();
    if (pages < 1) throw new Error('no page');
    return pages;
  } catch {
    throw pdfInvalid(fileName);
  }
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
  entries: DocumentEntry[];
  files: UploadedFile[];
  limits: UploadLimits;
  signerIndexes: number[];
}): Promise<PreparedDocument[]> {
  const { entries, files, limits } = opts;
  const byName = new Map<string, UploadedFile>();
  for (const file of files) {
    if (byName.has(file.fileName)) throw validation([{ field: `files.${file.fileName}`, rule: 'invalid_value', message: `Two files are named ${file.fileName}.` }]);
    byName.set(file.fileName, file);
  }
  const missing = entries.flatMap((e, i) => (byName.has(e.fileName) ? [] : [{ field: `transactionDocuments.${i}.fileName`, rule: 'invalid_value', message: `No file named ${e.fileName} was uploaded.` }]));
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
    };
    const kind = kindOf(file);
    if (kind === null) throw fileError('INVALID_FILE_TYPE', `${file.fileName}: only PDF and ZIP files are accepted.`, `files.${file.fileName}`);
    if (kind === 'pdf') {
      if (file.data.length > limits.maxFileBytes) throw fileError('FILE_TOO_LARGE', `${file.fileName} exceeds ${mb(limits.maxFileBytes)}.`, `files.${file.fileName}`, limits.maxFileBytes);
      documents.push({ ...base, title: entry?.title || titleOf(file.fileName), fileType: 'classic', fileName: file.fileName, data: file.data, pageCount: 0, sha256: '' });
    } else {
      if (file.data.length > limits.maxArchiveBytes) throw fileError('FILE_TOO_LARGE', `${file.fileName} exceeds ${mb(limits.maxArchiveBytes)}.`, `files.${file.fileName}`, limits.maxArchiveBytes);
      for (const member of pdfMembers(file, limits)) {
        documents.push({ ...base, title: titleOf(member.fileName), fileType: 'zip', fileName: member.fileName, data: member.data, pageCount: 0, sha256: '' });
      }
    }
    if (documents.length > maxFilesPerRequest) throw fileError('TOO_MANY_FILES', `At most ${maxFilesPerRequest} documents per request (ZIP contents count).`, 'files');
  }
  for (const doc of documents) {
    doc.pageCount = await inspectPdf(doc.data, doc.fileName);
    doc.sha256 = createHash('sha256').update(doc.data).digest('hex');
    const beyond = doc.signatureFields.findIndex((f) => f.page > doc.pageCount);
    if (beyond >= 0) {
      const field = doc.entryIndex >= 0 ? `transactionDocuments.${doc.entryIndex}.signatureFields.${beyond}.page` : `files.${doc.fileName}`;
      throw validation([{ field, rule: 'out_of_range', message: `${doc.fileName} has ${doc.pageCount} page(s).`, params: { min: 1, max: doc.pageCount } }]);
    }
  }
  return documents;
}

/** A ZIP of named files; repeated names get a numeric suffix so nothing is overwritten. */
export function buildZip(files: { fileName: string; data: Uint8Array }[]): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) {
    let name = file.fileName;
    for (let n = 2; name in entries; n++) name = file.fileName.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    entries[name] = file.data;
  }
  return zipSync(entries, { level: 0 });
}
