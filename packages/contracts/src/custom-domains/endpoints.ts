import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints } from '../shared/endpoint.ts';
import { customDomainListResponse, customDomainResponse, declareCustomDomainSchema, publicBrandingResponse, tlsAskQuerySchema } from './schemas.ts';

/** Whoever manages the tenant's configuration (settings → Parameters), as its single sign-on. */
const manage = { audience: 'application', permission: 'settings.configuration' } as const;

export const customDomainEndpoints = defineEndpoints(['custom-domains'], {
  list: {
    method: 'GET',
    path: '/api/custom-domains',
    summary: "The tenant's own domains, their status and the DNS records to publish",
    auth: manage,
    responses: { 200: customDomainListResponse },
  },
  declare: {
    method: 'POST',
    path: '/api/custom-domains',
    summary: 'Declare a domain for the signing pages or the back office: pending until its ownership TXT record is found',
    auth: manage,
    body: declareCustomDomainSchema,
    responses: { 201: customDomainResponse },
  },
  check: {
    method: 'POST',
    path: '/api/custom-domains/:id/check',
    summary: "Look the domain's records up now (the ownership TXT verifies it; a missing CNAME is a warning)",
    auth: manage,
    params: idParamsSchema,
    responses: { 200: customDomainResponse },
  },
  remove: {
    method: 'DELETE',
    path: '/api/custom-domains/:id',
    summary: 'Remove a domain: links use the platform address again at once',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
  branding: {
    method: 'GET',
    path: '/api/public/branding',
    summary: "Before login: the tenant's name, colour and logo when the request came on its verified domain, else the platform's",
    auth: { public: true },
    responses: { 200: publicBrandingResponse },
  },
  tlsAsk: {
    method: 'GET',
    path: '/internal/tls/ask',
    summary: "Caddy's on-demand TLS: 200 when the domain is a verified tenant domain, 404 otherwise (not exposed by the proxy)",
    auth: { public: true },
    query: tlsAskQuerySchema,
    responses: { 200: { kind: 'empty' }, 404: { kind: 'empty' } },
  },
});
