import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { fileContentSecurityPolicy } from './headers.ts';

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a file (bytes or a stream) with its type and name; never stored by a cache. Its own Content-Security-Policy
 * makes a file opened directly by a browser (an inline PDF of the signing page) a sandboxed document: no script of
 * it runs in our origin.
 */
export function sendFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: Buffer | Uint8Array | Readable; sizeBytes?: number; disposition?: 'inline' | 'attachment' },
): FastifyReply {
  reply.header('content-type', file.contentType).header('content-disposition', contentDisposition(file.disposition ?? 'attachment', file.fileName));
  reply.header('cache-control', 'private, no-store');
  reply.header('content-security-policy', fileContentSecurityPolicy);
  if (file.sizeBytes !== undefined) reply.header('content-length', file.sizeBytes);
  return reply.send(
    file.body instanceof Uint8Array && !Buffer.isBuffer(file.body) ? Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength) : file.body,
  );
}
