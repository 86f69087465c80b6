import { binary, defineEndpoints, file } from '../shared/endpoint.ts';

/**
 * Public trust-service endpoints: the CA certificates and CRLs, the OCSP responder and the RFC 3161
 * time-stamping service. Certificates already issued point at these paths (CRL distribution point, AIA
 * caIssuers): they never change.
 */
const auth = { public: true } as const;
const cert = 'application/pkix-cert';

export const pkiEndpoints = defineEndpoints(['pki'], {
  rootCrt: { method: 'GET', path: '/pki/root.crt', summary: 'The root CA certificate (DER)', auth, responses: { 200: file(cert) } },
  rootCer: { method: 'GET', path: '/pki/root.cer', summary: 'The root CA certificate (DER)', auth, responses: { 200: file(cert) } },
  issuingCrt: { method: 'GET', path: '/pki/issuing.crt', summary: 'The issuing CA certificate (DER)', auth, responses: { 200: file(cert) } },
  issuingCer: { method: 'GET', path: '/pki/issuing.cer', summary: 'The issuing CA certificate (DER)', auth, responses: { 200: file(cert) } },
  rootCrl: { method: 'GET', path: '/pki/root.crl', summary: 'The CRL of the root CA (DER)', auth, responses: { 200: file('application/pkix-crl') } },
  issuingCrl: { method: 'GET', path: '/pki/issuing.crl', summary: 'The CRL of the issuing CA (DER)', auth, responses: { 200: file('application/pkix-crl') } },
  ocsp: {
    method: 'POST',
    path: '/pki/ocsp',
    summary: 'OCSP responder (RFC 6960, application/ocsp-request)',
    auth,
    body: binary('application/ocsp-request'),
    responses: { 200: file('application/ocsp-response') },
  },
  ocspGet: {
    method: 'GET',
    path: '/pki/ocsp/*',
    summary: 'OCSP responder, GET form (RFC 6960 A.1: the base64 DER request as the last path segment)',
    auth,
    responses: { 200: file('application/ocsp-response') },
  },
  tsa: {
    method: 'POST',
    path: '/tsa',
    summary: 'Time-stamping (RFC 3161, application/timestamp-query)',
    auth,
    body: binary('application/timestamp-query'),
    responses: { 200: file('application/timestamp-reply') },
  },
});
