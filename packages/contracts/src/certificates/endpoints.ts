import { idParamsSchema } from '../shared/common.ts';
import { defineEndpoints, file, multipart } from '../shared/endpoint.ts';
import {
  certificateDecisionInputSchema,
  certificateFileQuerySchema,
  documentParamsSchema,
  operatorCertificateListQuerySchema,
  operatorCertificateListResponse,
  operatorCertificateResponse,
  orderCertificateInputSchema,
  qualifiedCertificateListResponse,
  qualifiedCertificateResponse,
  signerCheckQuerySchema,
  signerCheckResponse,
} from './schemas.ts';

/**
 * Qualified certificates (spec §7 "GET and POST certificate", "signataire check"; docs/qualified.md). The holder's
 * calls need `certificates.order` (every profile, behind the tenant feature `level3`); the operator's need
 * `certificates.verify` (product administrator).
 */
const holder = { audience: 'history', permission: 'certificates.order' } as const;
const operator = { audience: 'application', permission: 'certificates.verify' } as const;
const pemOrDer = file('application/x-pem-file', 'application/pkix-cert');
const identityFile = file('application/pdf', 'image/jpeg', 'image/png');

export const certificateEndpoints = defineEndpoints(['certificates'], {
  mine: {
    method: 'GET',
    path: '/api/certificate',
    summary: "The caller's qualified certificates, newest first (renewal flag included)",
    auth: holder,
    responses: { 200: qualifiedCertificateListResponse },
  },
  order: {
    method: 'POST',
    path: '/api/certificate',
    summary: 'Orders a qualified certificate (needs a mobile in the profile and a complete billing profile)',
    auth: holder,
    body: orderCertificateInputSchema,
    responses: { 201: qualifiedCertificateResponse },
    idempotent: true,
  },
  upload: {
    method: 'POST',
    path: '/api/certificate/:id/documents',
    summary: 'Adds an identity document (part `file`: PDF, JPEG or PNG, 5 MB; text part `kind`: idFront, idBack, passport, selfie) to an open order',
    auth: holder,
    params: idParamsSchema,
    body: multipart('Part `file`: the document. Text part `kind`: idFront | idBack | passport | selfie (a new one replaces the previous of its kind).'),
    responses: { 201: qualifiedCertificateResponse },
  },
  submit: {
    method: 'POST',
    path: '/api/certificate/:id/submit',
    summary: 'Sends a complete order to the operator',
    auth: holder,
    params: idParamsSchema,
    responses: { 200: qualifiedCertificateResponse },
  },
  download: {
    method: 'GET',
    path: '/api/certificate/:id/file',
    summary: 'The public certificate of an activated (or expired) certificate, PEM or DER',
    auth: holder,
    params: idParamsSchema,
    query: certificateFileQuerySchema,
    responses: { 200: pemOrDer },
  },
  signerCheck: {
    method: 'GET',
    path: '/api/certificate/signer-check',
    summary: 'Whether a signer (by e-mail, same tenant) holds an activated certificate usable now',
    auth: { audience: 'history', permission: 'signatures.create', feature: 'level3' },
    query: signerCheckQuerySchema,
    responses: { 200: signerCheckResponse },
  },
  queue: {
    method: 'GET',
    path: '/api/admin/certificates',
    summary: 'The operator queue (every tenant), filtered by status',
    auth: operator,
    query: operatorCertificateListQuerySchema,
    responses: { 200: operatorCertificateListResponse },
  },
  detail: {
    method: 'GET',
    path: '/api/admin/certificates/:id',
    summary: 'One order, for the operator',
    auth: operator,
    params: idParamsSchema,
    responses: { 200: operatorCertificateResponse },
  },
  document: {
    method: 'GET',
    path: '/api/admin/certificates/:id/documents/:docId',
    summary: 'An identity document, for the operator',
    auth: operator,
    params: documentParamsSchema,
    responses: { 200: identityFile },
  },
  decide: {
    method: 'POST',
    path: '/api/admin/certificates/:id/decision',
    summary: 'Verifies the identity (→ verified, then activated) or rejects it with a reason',
    auth: operator,
    params: idParamsSchema,
    body: certificateDecisionInputSchema,
    responses: { 200: operatorCertificateResponse },
  },
});
