import type {} from '@fastify/multipart';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { receiveBytes } from '../../platform/http/received-bytes.ts';

/** The parts of a time-stamp or verification form: `file`, the optional `token` (.tsr), small text fields. */
export interface TimestampForm {
  file: { fileName: string; data: Buffer };
  token?: Buffer;
  fields: Record<string, string>;
}

/** A detached token is a few kilobytes; 256 KB leaves room for long certificate chains. */
export const maxTokenBytes = 256 * 1024;
/** The public verification page takes files up to this size (an account uses its own upload limit). */
export const maxPublicVerifyBytes = 20 * 1024 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function tooLarge(field: string, maxBytes: number): AppError {
  const message = `The ${field === 'token' ? 'token' : 'file'} exceeds ${maxBytes < 1024 * 1024 ? `${maxBytes / 1024} KB` : mb(maxBytes)}.`;
  return new AppError('FILE_TOO_LARGE', message, { fields: [{ field, rule: 'file_too_big', message, params: { maxsize: mb(maxBytes) } }] });
}

/**
 * Reads the form in memory, each part stopped at its own limit (past it the rest is read and dropped so the client
 * gets the 413, not a broken connection). Nothing is written anywhere.
 */
export async function readTimestampForm(request: FastifyRequest, maxFileBytes: number): Promise<TimestampForm> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the file as multipart/form-data, in a part named "file".');
  const received: Partial<Record<'file' | 'token', { fileName: string; data: Buffer }>> = {};
  const fields: Record<string, string> = {};
  let overLimit: AppError | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxFileBytes, files: 2, fields: 5, fieldSize: 1024 } })) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const name = part.fieldname === 'token' ? 'token' : part.fieldname === 'file' ? 'file' : undefined;
      const limit = name === 'token' ? maxTokenBytes : maxFileBytes;
      const bytes = await receiveBytes(part.file as AsyncIterable<Buffer>, name ? limit : 0);
      if (!name) continue;
      if (bytes.tooLarge || part.file.truncated) overLimit ??= tooLarge(name, limit);
      else received[name] = { fileName: path.basename(part.filename || name), data: bytes.data };
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Send one file and at most its token.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('BAD_REQUEST', 'Too many parts in the form.');
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('file', maxFileBytes);
    if (code?.startsWith('FST_')) throw new AppError('BAD_REQUEST', `The form could not be read: ${(error as Error).message}`);
    throw error;
  }
  if (overLimit) throw overLimit;
  if (!received.file || received.file.data.length === 0) {
    const message = received.file ? 'The file is empty.' : 'Send the file in a part named "file".';
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', rule: 'required', message }] });
  }
  return { file: received.file, ...(received.token ? { token: received.token.data } : {}), fields };
}
