import { crc32, deflateSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test images and the signing provider's stand-in of the settings tests. */

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG (grey, 8-bit) of `width`×`height`; `declared` writes other dimensions in the header than the pixels
 * given (a decompression bomb: a few bytes announcing 20000×20000); `padTo` adds a private chunk up to that size.
 */
export function makePng(width: number, height: number, opts: { declared?: { width: number; height: number }; padTo?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(opts.declared?.width ?? width, 0);
  ihdr.writeUInt32BE(opts.declared?.height ?? height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ];
  const size = parts.reduce((n, p) => n + p.length, 0);
  if (opts.padTo && opts.padTo > size + 12) parts.splice(2, 0, chunk('ruSt', Buffer.alloc(opts.padTo - size - 12, 7)));
  return Buffer.concat(parts);
}

/** The provider's "signature test" stand-in: login `good` passes, `bad` is refused (401), anything else fails (503). */
export async function providerStandIn(): Promise<{ url: string; calls: http.IncomingHttpHeaders[]; close(): Promise<void> }> {
  const calls: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((request, response) => {
    calls.push(request.headers);
    const login = request.headers.login;
    response.statusCode = login === 'good' && request.headers.password === 'pa55word' && request.headers.offer ? 200 : login === 'bad' ? 401 : 503;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/signature-test`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
