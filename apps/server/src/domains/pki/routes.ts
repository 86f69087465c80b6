import type { FastifyReply } from 'fastify';
import { pkiEndpoints as endpoints } from '@paraphe/contracts';
import type { Der } from '@paraphe/signing';
import type { App } from '../../platform/http/app.ts';
import type { Platform } from '../../platform/context.ts';
import { serve } from '../../platform/http/endpoints.ts';
import { trustServices } from './service.ts';

/**
 * Public trust-service endpoints (no authentication): the CA certificates and CRLs, the OCSP responder and the
 * RFC 3161 time-stamping service. The certificates the CA issues point here (CRL distribution point and AIA
 * caIssuers `.cer` URLs; earlier ones also carried the AIA OCSP URL), so these paths are part of every
 * certificate already issued: keep them.
 */
const BODY_LIMIT = 64 * 1024;
const downloads = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const services = { rateLimit: { max: 600, timeWindow: '1 minute' } };

const send = (reply: FastifyReply, type: string, der: Der, cacheControl: string) =>
  reply
    .header('content-type', type)
    .header('cache-control', cacheControl)
    .send(Buffer.from(der.buffer, der.byteOffset, der.byteLength));

/** The DER body of a binary POST; an empty body becomes empty bytes, which the responders reject in their own format. */
const derBody = (body: unknown): Der => (body instanceof Uint8Array ? body : new Uint8Array(0));

export function pkiRoutes(app: App, platform: Platform) {
  const trust = trustServices(platform);

  app.addContentTypeParser(['application/timestamp-query', 'application/ocsp-request'], { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  const certificate = (ca: 'root' | 'issuing') => async (_request: unknown, reply: FastifyReply) =>
    send(reply, 'application/pkix-cert', await trust.certificate(ca), 'public, max-age=86400');
  serve(app, endpoints.rootCrt, certificate('root'), downloads);
  serve(app, endpoints.rootCer, certificate('root'), downloads);
  serve(app, endpoints.issuingCrt, certificate('issuing'), downloads);
  serve(app, endpoints.issuingCer, certificate('issuing'), downloads);
  const crl = (ca: 'root' | 'issuing') => async (_request: unknown, reply: FastifyReply) =>
    send(reply, 'application/pkix-crl', await trust.crl(ca), 'public, max-age=300');
  serve(app, endpoints.rootCrl, crl('root'), downloads);
  serve(app, endpoints.issuingCrl, crl('issuing'), downloads);

  serve(
    app,
    endpoints.ocsp,
    async (request, reply) => send(reply, 'application/ocsp-response', await trust.respondOcsp(derBody(request.body)), 'no-store'),
    services,
  );

  // RFC 6960 A.1: GET with the base64 DER request, URL-encoded, as the last path segment.
  serve(
    app,
    endpoints.ocspGet,
    async (request, reply) => {
      const encoded = (request.params as { '*'?: string })['*'] ?? '';
      let der: Der;
      try {
        der = new Uint8Array(Buffer.from(decodeURIComponent(encoded), 'base64'));
      } catch {
        der = new Uint8Array(0);
      }
      return send(reply, 'application/ocsp-response', await trust.respondOcsp(der), 'no-store');
    },
    services,
  );

  serve(
    app,
    endpoints.tsa,
    async (request, reply) => {
      const tsa = await trust.tsa();
      return send(reply, 'application/timestamp-reply', await tsa.respond(derBody(request.body)), 'no-store');
    },
    services,
  );
}
