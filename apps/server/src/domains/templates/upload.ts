import type {} from '@fastify/multipart';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { receiveBytes } from '../../platform/http/received-bytes.ts';

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

/** A template upload: 10 MB. A spreadsheet (batch, converters): 20 MB, as the address book's imports. */
export const maxTemplateUploadBytes = 10 * 1024 * 1024;
export const maxSheetUploadBytes = 20 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * The `file` part of a multipart upload, in memory, stopped at `maxBytes` (past it the rest is read and dropped,
 * so the client gets a 413 rather than a broken connection), and the small text parts (`request`…) beside it.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number, what: string): Promise<{ file: UploadedFile; fields: Record<string, string> }> {
  const { file, fields } = await readOptionalUpload(request, maxBytes, what);
  if (!file) {
    const message = `Send the ${what} in a part named "file".`;
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', rule: 'required', message }] });
  }
  return { file, fields };
}

/** The same when the file is optional (a form with an optional attachment): `file` is undefined when none was sent. */
export async function readOptionalUpload(
  request: FastifyRequest,
  maxBytes: number,
  what = 'file',
): Promise<{ file?: UploadedFile; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data, in a part named "file".');
  let received: UploadedFile | undefined;
  let tooLarge = false;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 256 * 1024 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        for await (const _ of part.file);
        continue;
      }
      const bytes = await receiveBytes(part.file as AsyncIterable<Buffer>, maxBytes);
      if (bytes.tooLarge || part.file.truncated) tooLarge = true;
      else received = { fileName: path.basename(part.filename || what), data: bytes.data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Send one file at a time.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('BAD_REQUEST', 'Too many parts in the form.');
    if (code === 'FST_REQ_FILE_TOO_LARGE') tooLarge = true;
    else if (code?.startsWith('FST_')) throw new AppError('BAD_REQUEST', `The form could not be read: ${(error as Error).message}`);
    else throw error;
  }
  if (tooLarge) {
    const message = `The file exceeds ${mb(maxBytes)}.`;
    throw new AppError('FILE_TOO_LARGE', message, { fields: [{ field: 'file', rule: 'file_too_big', message, params: { maxsize: mb(maxBytes) } }] });
  }
  return { file: received, fields };
}
