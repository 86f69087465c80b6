import type { FastifyReply, FastifyRequest } from 'fastify';
import { signingPageEndpoints as endpoints } from '@paraphe/contracts';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { item } from '../../platform/http/envelope.ts';
import { sendFile } from '../../platform/http/files.ts';
import { signedCopies } from './copies.ts';
import * as page from './service.ts';

/**
 * The public signing page API (no bearer: the token in the path is the credential). Rate limits, by the real client
 * address (TRUST_PROXY) and by link:
 * - reads: 120/min per link and address on each route, 600/min per address over all reads (many links);
 * - page images: 600/min per link and address, 1200/min per address (a long document is many pages);
 * - actions (code, sign, refuse, approve, reject, delegate): 120/min per address on each route, and 20/min per link over all
 *   actions whatever the address — an attacker rotating addresses gets no more tries on one link.
 * See docs/signing-page.md and docs/security.md.
 */
const linkOf = (request: FastifyRequest) => (request.params as { token?: string }).token ?? '';
const reads = {
  rateLimit: [
    { max: 120, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `${request.ip}:${linkOf(request)}` },
    { max: 600, timeWindow: '1 minute', bucket: 'signing-page-reads-per-address', keyGenerator: (request: FastifyRequest) => request.ip },
  ],
};
/** Page images: one call per page shown, so a long document scrolled through asks many (each rendered once, then cached). */
const pageReads = {
  rateLimit: [
    { max: 600, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `${request.ip}:${linkOf(request)}` },
    { max: 1200, timeWindow: '1 minute', bucket: 'signing-page-images-per-address', keyGenerator: (request: FastifyRequest) => request.ip },
  ],
};
const actions = {
  rateLimit: [
    { max: 120, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => request.ip },
    { max: 20, timeWindow: '1 minute', bucket: 'signing-page-actions-per-link', keyGenerator: linkOf },
  ],
};
/** The drawn signature (a PNG data URL ≤ 512 KB decoded) makes the sign body larger than other public bodies. */
const signBody = { ...actions, bodyLimit: 1024 * 1024 };

const callOf = (
  request: { params: { token: string }; ip: string; headers: FastifyRequest['headers']; hostTenant: FastifyRequest['hostTenant'] },
  platform: Platform,
) => ({
  platform,
  token: request.params.token,
  origin: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
  hostAppId: request.hostTenant?.appId ?? null,
});

/**
 * The PDFs of the public page: the prepared or signed versions only (active content neutralised), with their
 * Content-Disposition; sendFile adds the sandboxing Content-Security-Policy of every file answer.
 */
function sendPdf(
  reply: FastifyReply,
  platform: Platform,
  file: { fileName: string; storageKey: string; sizeBytes: number },
  disposition: 'inline' | 'attachment',
) {
  return sendFile(reply, {
    fileName: file.fileName,
    contentType: 'application/pdf',
    body: platform.storage.stream(file.storageKey),
    sizeBytes: file.sizeBytes,
    disposition,
  });
}

export function signingPageRoutes(app: App, platform: Platform) {
  serve(app, endpoints.view, async (request) => item(await page.viewSigningPage(callOf(request, platform))), reads);
  serve(
    app,
    endpoints.document,
    async (request, reply) => sendPdf(reply, platform, await page.documentToShow(callOf(request, platform), request.params.docId), 'inline'),
    reads,
  );
  serve(
    app,
    endpoints.pageImage,
    async (request, reply) => {
      const { docId, page: pageNumber } = request.params;
      const image = await page.pageImage(callOf(request, platform), docId, pageNumber, request.query.width);
      return sendFile(reply, {
        fileName: `page-${pageNumber}.webp`,
        contentType: 'image/webp',
        body: image,
        sizeBytes: image.byteLength,
        disposition: 'inline',
      });
    },
    pageReads,
  );
  serve(
    app,
    endpoints.signedDocument,
    async (request, reply) => sendPdf(reply, platform, await page.signedDocument(callOf(request, platform), request.params.docId), 'attachment'),
    reads,
  );
  serve(
    app,
    endpoints.signedCopies,
    async (request, reply) => {
      const copies = await signedCopies(platform, request.params.token, request.hostTenant?.appId ?? null);
      return sendFile(reply, { fileName: copies.fileName, contentType: 'application/zip', body: copies.body, sizeBytes: copies.body.byteLength });
    },
    reads,
  );
  serve(app, endpoints.requestCode, async (request) => item(await page.requestSigningCode(callOf(request, platform))), actions);
  serve(app, endpoints.sign, async (request) => item(await page.signAsSigner(callOf(request, platform), request.body)), signBody);
  serve(app, endpoints.refuse, async (request) => item(await page.refuse(callOf(request, platform), 'signer', request.body)), actions);
  serve(app, endpoints.reject, async (request) => item(await page.refuse(callOf(request, platform), 'validator', request.body)), actions);
  serve(app, endpoints.delegate, async (request) => item(await page.delegate(callOf(request, platform), request.body)), actions);
  serve(app, endpoints.approve, async (request) => item(await page.approve(callOf(request, platform), request.body.comment ?? null)), actions);
}
