import type {} from '@fastify/multipart';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { receiveBytes } from '../../platform/http/received-bytes.ts';

/** The largest spreadsheet an import takes. */
export const maxImportBytes = 20 * 1024 * 1024;

export interface UploadedFile {
  fileName: string;
  data: Buffer;
  /** A workbook's sheet the user chose (the `sheet` part); absent: the workbook's active sheet. */
  sheet?: string;
  /** The other text parts the caller asked for (`readImportFile`'s `textParts`), by name. */
  texts?: Record<string, string>;
}

const fieldError = (code: 'FILE_TOO_LARGE' | 'VALIDATION_FAILED' | 'BAD_REQUEST', message: string, rule: 'file_too_big' | 'required' | 'invalid_value') =>
  new AppError(code, message, { fields: [{ field: 'file', rule, message, ...(rule === 'file_too_big' ? { params: { maxsize: '20 MB' } } : {}) }] });

/**
 * The one `file` part of an import upload (and the optional `sheet` part: which sheet of a workbook to read), in memory, stopped at 20 MB: past it the rest of the part is read and
 * dropped (not kept), so the client reads a 413 rather than a broken connection.
 */
export async function readImportFile(request: FastifyRequest, textParts: readonly string[] = []): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data, in a part named "file".');
  let received: UploadedFile | undefined;
  let sheet: string | undefined;
  const texts: Record<string, string> = {};
  let tooLarge = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxImportBytes, files: 1, fields: 5, fieldSize: 16 * 1024 } })) {
      if (part.type !== 'file') {
        if (part.fieldname === 'sheet' && typeof part.value === 'string' && part.value !== '') sheet = part.value;
        else if (textParts.includes(part.fieldname) && typeof part.value === 'string') texts[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file') {
        for await (const _ of part.file);
        continue;
      }
      const bytes = await receiveBytes(part.file as AsyncIterable<Buffer>, maxImportBytes);
      if (bytes.tooLarge || part.file.truncated) tooLarge = true;
      else received = { fileName: path.basename(part.filename || 'contacts'), data: bytes.data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw fieldError('BAD_REQUEST', 'Send one file at a time.', 'invalid_value');
    if (code === 'FST_REQ_FILE_TOO_LARGE') tooLarge = true;
    else throw error;
  }
  if (tooLarge) throw fieldError('FILE_TOO_LARGE', 'The file exceeds 20 MB: split it into smaller files.', 'file_too_big');
  if (!received) throw fieldError('VALIDATION_FAILED', 'Send the spreadsheet in a part named "file".', 'required');
  return { ...received, ...(sheet === undefined ? {} : { sheet }), ...(textParts.length ? { texts } : {}) };
}
