import { z } from 'zod';
import { uuidSchema } from '../shared/common.ts';
import { defineEndpoints, file } from '../shared/endpoint.ts';
import {
  approveInputSchema,
  delegateInputSchema,
  delegationResponse,
  refuseInputSchema,
  signInputSchema,
  signingActionResponse,
  signingCodeResponse,
  signingPageResponse,
  signingPageImageWidths,
} from './schemas.ts';

/** The public signing page: no bearer, the signing link's token in the path is the credential. */
const auth = { public: true } as const;
/** Any token is read by the server: a malformed one is LINK_INVALID (404) like a forged one, never a validation error. */
const tokenParams = z.object({ token: z.string().min(1).max(1000) });
const documentParams = tokenParams.extend({ docId: uuidSchema });
/** Any whole number: a page the document does not have is NOT_FOUND (404), like a document it does not have. */
const pageParams = documentParams.extend({ page: z.coerce.number().int() });
const pageImageQuery = z.object({
  width: z.coerce
    .number()
    .int()
    .refine((width) => (signingPageImageWidths as readonly number[]).includes(width)),
});

export const signingPageEndpoints = defineEndpoints(['signing-page'], {
  view: {
    method: 'GET',
    path: '/api/public/sign/:token',
    summary: 'What the signer sees (first open: status access)',
    auth,
    params: tokenParams,
    responses: { 200: signingPageResponse },
  },
  document: {
    method: 'GET',
    path: '/api/public/sign/:token/documents/:docId',
    summary: 'The document to read (prepared: fields, test watermark)',
    auth,
    params: documentParams,
    responses: { 200: file('application/pdf') },
  },
  pageImage: {
    method: 'GET',
    path: '/api/public/sign/:token/documents/:docId/pages/:page',
    summary: 'One page of the document to read, as an image (WebP) at one of the fixed widths',
    auth,
    params: pageParams,
    query: pageImageQuery,
    responses: { 200: file('image/webp') },
  },
  signedDocument: {
    method: 'GET',
    path: '/api/public/sign/:token/signed/:docId',
    summary: 'The signed document, once the request is completed',
    auth,
    params: documentParams,
    responses: { 200: file('application/pdf') },
  },
  signedCopies: {
    method: 'GET',
    path: '/api/public/copies/:token',
    summary: "A completed request's signed documents (ZIP), from the link mailed to copies too large to attach",
    auth,
    params: tokenParams,
    responses: { 200: file('application/zip') },
  },
  requestCode: {
    method: 'POST',
    path: '/api/public/sign/:token/code',
    summary: 'Send a one-time signing code (SMS or e-mail)',
    auth,
    params: tokenParams,
    responses: { 200: signingCodeResponse },
  },
  sign: {
    method: 'POST',
    path: '/api/public/sign/:token/sign',
    summary: 'Sign with the code',
    auth,
    params: tokenParams,
    body: signInputSchema,
    responses: { 200: signingActionResponse },
  },
  refuse: {
    method: 'POST',
    path: '/api/public/sign/:token/refuse',
    summary: 'Refuse to sign',
    auth,
    params: tokenParams,
    body: refuseInputSchema,
    responses: { 200: signingActionResponse },
  },
  reject: {
    method: 'POST',
    path: '/api/public/sign/:token/reject',
    summary: 'Reject (validators)',
    auth,
    params: tokenParams,
    body: refuseInputSchema,
    responses: { 200: signingActionResponse },
  },
  delegate: {
    method: 'POST',
    path: '/api/public/sign/:token/delegate',
    summary: 'Hand the request over to someone else (when the sender allows it)',
    auth,
    params: tokenParams,
    body: delegateInputSchema,
    responses: { 200: delegationResponse },
  },
  approve: {
    method: 'POST',
    path: '/api/public/sign/:token/approve',
    summary: 'Approve (validators)',
    auth,
    params: tokenParams,
    body: approveInputSchema,
    responses: { 200: signingActionResponse },
  },
});
