import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiPathPrefix } from '@paraphe/contracts';
import type { Config, TrustProxy } from '../config.ts';

/**
 * The security headers of every answer (@fastify/helmet), and what the platform adds:
 * - a Content-Security-Policy fit for the SPA (Vite build: every script is a file of ours; Mantine injects
 *   <style> elements, hence 'unsafe-inline' for styles only; pdf.js runs in a worker file of ours; drawn
 *   signatures and rendered pages are data: and blob: images), which no page may frame (clickjacking of the
 *   Sign button: frame-ancestors 'none' and X-Frame-Options DENY);
 * - no Referer ever (signing-link tokens are in the URL), nosniff, HSTS only when PUBLIC_URL is https;
 * - Cache-Control: no-store on every /api/ answer (authenticated data, documents, the public signing API) unless a
 *   route chose its own (files.ts sets it on downloads; the PKI's public certificates are cacheable).
 */
export function cspDirectives(https: boolean): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The policy as a header value, with its own `frame-ancestors` (the embeddable signing page, docs/embedding.md):
 * the origins given, or `'none'` when there are none.
 */
export function contentSecurityPolicy(https: boolean, frameAncestors: readonly string[] = []): string {
  const directives = { ...cspDirectives(https), 'frame-ancestors': frameAncestors.length > 0 ? [...frameAncestors] : ["'none'"] };
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

export function helmetOptions(config: Pick<Config, 'publicUrl'>): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(https) },
    // Cross-origin isolation headers that would forbid nothing we do but could break an embedder's link.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 365 * 86_400, includeSubDomains: false } : false,
    // X-Content-Type-Options: nosniff, X-DNS-Prefetch-Control: off… are helmet's defaults.
  };
}

/**
 * A file answer's own policy: a PDF (or any download) opened directly by a browser is a sandboxed document with
 * an opaque origin, so whatever script it carries cannot reach our origin's storage or API.
 */
export const fileContentSecurityPolicy = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** onSend: API answers are never stored by a browser or a shared cache unless the route said otherwise. */
export async function noStoreOnApi(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.url.startsWith(apiPathPrefix) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return payload;
}

/** Fastify's trustProxy from TRUST_PROXY. A hop count trusts that many proxies in front (Fastify's own number form trusts none). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  if (typeof trust === 'boolean') return trust;
  return [...trust];
}
