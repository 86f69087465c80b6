import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Platform } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { toFieldErrors } from '../../platform/http/validation.ts';
import { OutboundError, outboundRequest } from '../../platform/net/outbound.ts';
import { readSignatureForm, uploadLimits, type ReceivedFile, type UploadLimits } from '../signatures/index.ts';

/**
 * The documents of a /api/v1 create (request, campaign, operation): by content or by https URL within the tenant's
 * limits, or as the file parts of a multipart create.
 */

const megabyte = 1024 * 1024;
/** A document by URL: the whole fetch (redirects included) within this. */
const documentUrlTimeoutMs = 15_000;

export const fieldError = (field: string, rule: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: [{ field, rule, message }] });

/** A document's bytes: decoded from base64, or fetched from its https URL (outbound.ts: no internal address). */
export async function documentBytes(doc: { contentBase64?: string; url?: string }, index: number, maxBytes: number): Promise<Uint8Array> {
  if (doc.contentBase64 !== undefined) {
    const data = Buffer.from(doc.contentBase64, 'base64');
    if (!data.length) throw fieldError(`documents.${index}.contentBase64`, 'invalid_value', 'Empty or not base64.');
    if (data.length > maxBytes) throw new AppError('FILE_TOO_LARGE', `documents.${index}: over the ${Math.round(maxBytes / megabyte)} MB limit.`);
    return data;
  }
  try {
    const response = await outboundRequest(doc.url!, { timeoutMs: documentUrlTimeoutMs, maxBytes, maxRedirects: 3 });
    if (response.status !== 200) throw new OutboundError('network', `the server answered ${response.status}`);
    return response.body;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw new AppError('DOCUMENT_URL_REFUSED', `documents.${index}.url: ${error.reason} (${error.message}).`, {
      fields: [{ field: `documents.${index}.url`, rule: 'invalid_url', message: error.message }],
      details: { reason: error.reason },
    });
  }
}

/** The documents' bytes in order, as received files (PDF or ZIP by the name's extension). */
export async function receivedFiles(platform: Platform, appId: string, documents: readonly { fileName: string; contentBase64?: string; url?: string }[]) {
  const limits = await uploadLimits(platform, appId);
  const files: ReceivedFile[] = [];
  for (const [index, doc] of documents.entries()) {
    const data = await documentBytes(doc, index, limits.maxFileBytes);
    files.push({ fileName: doc.fileName, mimeType: doc.fileName.toLowerCase().endsWith('.zip') ? 'application/zip' : 'application/pdf', data });
  }
  return { limits, files };
}

const pathOf = (path: PropertyKey[]) => path.map(String).join('/');

/** A zod failure as the API's field errors: each field named by its path, `rename`d from a domain's input to the v1 body. */
export function invalidFields(error: z.ZodError, rename: (path: PropertyKey[]) => string = pathOf): AppError {
  const issues = error.issues.map(({ path, code, message, ...rest }) => ({
    keyword: code,
    instancePath: `/${rename(path)}`,
    message,
    params: rest as Record<string, unknown>,
  }));
  return new AppError('VALIDATION_FAILED', 'Some fields are invalid.', { fields: toFieldErrors(issues) });
}

/**
 * A multipart create (requests, campaigns, operations; docs/api-v1.md): the text part `part` holds the JSON of the
 * JSON create, its document entries naming their file parts by fileName (no content); the file parts are read
 * within the tenant's upload limits (413 past them). A missing or malformed JSON part, an entry naming no file
 * part, or no file at all: 400 VALIDATION_FAILED naming the field.
 */
export async function readUploadForm<S extends z.ZodType<{ documents: readonly { fileName: string }[] }>>(
  platform: Platform,
  request: FastifyRequest,
  appId: string,
  part: string,
  schema: S,
): Promise<{ body: z.output<S>; files: ReceivedFile[]; limits: UploadLimits }> {
  const limits = await uploadLimits(platform, appId);
  const form = await readSignatureForm(request, limits);
  let json: unknown;
  try {
    json = JSON.parse(form.fields[part] ?? '');
  } catch {
    throw fieldError(part, 'invalid_value', `The part \`${part}\` must be the JSON of the create.`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw invalidFields(parsed.error);
  const body = parsed.data;
  if (!form.files.length) throw fieldError('files', 'required', 'Send at least one file part (PDF or ZIP).');
  const names = new Set(form.files.map((f) => f.fileName));
  const missing = body.documents.findIndex((d) => !names.has(d.fileName));
  if (missing >= 0) throw fieldError(`documents.${missing}.fileName`, 'invalid_value', `No file part is named ${body.documents[missing]!.fileName}.`);
  return { body, files: form.files, limits };
}
