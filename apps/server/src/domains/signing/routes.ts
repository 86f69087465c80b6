import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  approveInputSchema,
  refuseInputSchema,
  signInputSchema,
  signingActionResponse,
  signingCodeResponse,
  signingPageResponse,
  uuidSchema,
} from '@paraphe/contracts';
import type { DomainRoutes } from '../../platform/http/app.ts';
import { item } from '../../platform/http/envelope.ts';
import * as page from './service.ts';

/**
 * The public signing page API (no bearer: the token in the path is the credential). Rate-limited per link and
 * IP: reads 120/min, actions 20/min. See docs/signing-page.md.
 */

const tags = ['signing-page'];
const tokenParams = z.object({ token: z.string().min(10).max(1000) });
const documentParams = tokenParams.extend({ docId: uuidSchema });
const perLink = (max: number) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `${request.ip}:${(request.params as { token?: string }).token ?? ''}` },
});
const reads = perLink(120);
const actions = perLink(20);

const callOf = (request: { params: { token: string }; ip: string; headers: FastifyRequest['headers'] }, platform: Parameters<DomainRoutes>[1]) => ({
  platform,
  token: request.params.token,
  origin: { ip: request.ip, userAgent: request.headers['user-agent'] ?? null },
});

function sendPdf(reply: FastifyReply, platform: Parameters<DomainRoutes>[1], file: { fileName: string; storageKey: string; sizeBytes: number }, disposition: 'inline' | 'attachment') {
  const ascii = file.fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('content-length', file.sizeBytes)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(platform.storage.stream(file.storageKey));
}

export const signingPageRoutes: DomainRoutes = (app, platform) => {
  const base = '/api/public/sign/:token';
  app.get(base, { schema: { tags, params: tokenParams, response: { 200: signingPageResponse } }, config: reads }, async (request) =>
    item(await page.viewSigningPage(callOf(request, platform))),
  );
  app.get(`${base}/documents/:docId`, { schema: { tags, params: documentParams }, config: reads }, async (request, reply) =>
    sendPdf(reply, platform, await page.documentToShow(callOf(request, platform), request.params.docId), 'inline'),
  );
  app.get(`${base}/signed/:docId`, { schema: { tags, params: documentParams }, config: reads }, async (request, reply) =>
    sendPdf(reply, platform, await page.signedDocument(callOf(request, platform), request.params.docId), 'attachment'),
  );
  app.post(`${base}/code`, { schema: { tags, params: tokenParams, response: { 200: signingCodeResponse } }, config: actions }, async (request) =>
    item(await page.requestSigningCode(callOf(request, platform))),
  );
  app.post(`${base}/sign`, { schema: { tags, params: tokenParams, body: signInputSchema, response: { 200: signingActionResponse } }, config: actions }, async (request) =>
    item(await page.signAsSigner(callOf(request, platform), request.body)),
  );
  app.post(`${base}/refuse`, { schema: { tags, params: tokenParams, body: refuseInputSchema, response: { 200: signingActionResponse } }, config: actions }, async (request) =>
    item(await page.refuse(callOf(request, platform), 'signer', request.body)),
  );
  app.post(`${base}/reject`, { schema: { tags, params: tokenParams, body: refuseInputSchema, response: { 200: signingActionResponse } }, config: actions }, async (request) =>
    item(await page.refuse(callOf(request, platform), 'validator', request.body)),
  );
  app.post(`${base}/approve`, { schema: { tags, params: tokenParams, body: approveInputSchema, response: { 200: signingActionResponse } }, config: actions }, async (request) =>
    item(await page.approve(callOf(request, platform), request.body.comment ?? null)),
  );
};
