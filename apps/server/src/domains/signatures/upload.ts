import type {} from '@fastify/multipart';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { maxFilesPerRequest, type FieldError } from '@paraphe/contracts';
import { AppError } from '../../platform/errors.ts';
import type { MultipartFile } from '@fastify/multipart';
import { fileError, mb, receivedFileLimit, validation, type ReceivedFile, type UploadLimits } from './intake.ts';
import { receiveBytes } from '../../platform/http/received-bytes.ts';
import type { Platform } from '../../platform/context.ts';
import { getApplication } from '../tenants/index.ts';

const megabyte = 1024 * 1024;

/** The tenant's upload limits (settings: maxFileSizeMb, maxArchiveSizeMb). */
export async function uploadLimits(platform: Platform, appId: string): Promise<UploadLimits> {
  // One read, no transaction around it (begin, the idempotency observer's check and commit would be 3 more round trips).
  const application = await getApplication(platform.database.db, appId);
  return { maxFileBytes: application.settings.maxFileSizeMb * megabyte, maxArchiveBytes: application.settings.maxArchiveSizeMb * megabyte };
}

/** The multipart body of the create route (HTTP only): text parts as strings, files in memory, within limits. */

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

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
      else form.files.push(await receiveFile(part, limits));
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fileError('TOO_MANY_FILES', `At most ${maxFilesPerRequest} files per request.`, 'files');
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileError(
        'FILE_TOO_LARGE',
        `A file exceeds ${mb(Math.max(limits.maxFileBytes, limits.maxArchiveBytes))}.`,
        'files',
        Math.max(limits.maxFileBytes, limits.maxArchiveBytes),
      );
    }
    throw error;
  }
  return form;
}

/**
 * One file part in memory, stopped as soon as it passes its own limit (PDF or archive): a 60 MB PDF costs 50 MB of
 * memory at most, never the archive limit's 100, and what was read is dropped as soon as the limit is passed.
 */
async function receiveFile(part: MultipartFile, limits: UploadLimits): Promise<ReceivedFile> {
  const fileName = path.basename(part.filename || 'document.pdf');
  const maxBytes = receivedFileLimit({ fileName, mimeType: part.mimetype }, limits);
  // Into memory the worker threads share (no copy at the end, none to the PDF reader's thread).
  const bytes = await receiveBytes(part.file as AsyncIterable<Buffer>, maxBytes);
  if (bytes.tooLarge) throw fileError('FILE_TOO_LARGE', `${fileName} exceeds ${mb(maxBytes)}.`, `files.${fileName}`, maxBytes);
  return { fileName, mimeType: part.mimetype, data: bytes.data };
}

/** The one file part of an inspection call (POST /api/transactions/inspect), within the tenant's limits. */
export async function readSingleFile(request: FastifyRequest, limits: UploadLimits): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data.');
  const maxBytes = Math.max(limits.maxFileBytes, limits.maxArchiveBytes);
  let received: ReceivedFile | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 } })) {
      if (part.type === 'file') received = await receiveFile(part, limits);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fileError('TOO_MANY_FILES', 'Send one file at a time.', 'files');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError('FILE_TOO_LARGE', `A file exceeds ${mb(maxBytes)}.`, 'files', maxBytes);
    throw error;
  }
  if (!received) throw new AppError('VALIDATION_FAILED', 'Send one file.', { fields: [{ field: 'files', rule: 'required', message: 'Send one file.' }] });
  return received;
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
