import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints, file, multipart } from '../shared/endpoint.ts';
import {
  createBuiltinStampAccountInputSchema,
  stampAccountListResponse,
  stampAccountResponse,
  stampListQuerySchema,
  stampListResponse,
  stampResponse,
} from './schemas.ts';

/**
 * The company seal (spec §2 `cachet/new`, §3 Stamp): stamp accounts and sealing a file. Every call needs the
 * permission `stamp.create`, itself behind the tenant's feature `stamp` (403 FEATURE_DISABLED: contact sales).
 * Several seals on one upload need the feature `multiStamp` too. docs/stamps.md.
 */
const auth = { audience: 'history', permission: 'stamp.create' } as const;

export const stampEndpoints = defineEndpoints(['stamps'], {
  listAccounts: {
    method: 'GET',
    path: '/api/stamp-accounts',
    summary: "The tenant's stamp accounts (default first)",
    auth,
    responses: { 200: stampAccountListResponse },
  },
  importAccount: {
    method: 'POST',
    path: '/api/stamp-accounts/import',
    summary: "Imports the tenant's own certificate (PKCS#12) as a stamp account, after checking key, chain, validity and key usage",
    auth,
    body: multipart('Part `file`: the PKCS#12 (.p12/.pfx, 1 MB at most). Text parts: `password`, `label`, `reason`, `isDefault` ("true"/"false").'),
    responses: { 201: stampAccountResponse },
    idempotent: true,
  },
  createBuiltinAccount: {
    method: 'POST',
    path: '/api/stamp-accounts',
    summary: "Creates a stamp account with a certificate of the platform CA naming the tenant's company",
    auth,
    body: createBuiltinStampAccountInputSchema,
    responses: { 201: stampAccountResponse },
    idempotent: true,
  },
  setDefaultAccount: {
    method: 'POST',
    path: '/api/stamp-accounts/:id/default',
    summary: 'Makes a stamp account the default one',
    auth,
    params: idParamsSchema,
    responses: { 200: stampAccountResponse },
  },
  deleteAccount: {
    method: 'DELETE',
    path: '/api/stamp-accounts/:id',
    summary: 'Deletes a stamp account and its key (the history keeps its label and subject)',
    auth,
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
  seal: {
    method: 'POST',
    path: '/api/stamps',
    summary: 'Seals a PDF with the company seal (one, or several with multi-stamp) and stores the sealed file',
    auth,
    body: multipart(
      "Part `file`: the PDF (the tenant's upload limit). Part `request` (JSON, optional): {format: PADES | PADES-COMP | ISO-32000-1, seals: [{accountId?, visible, page, x, y, width, height}]}.",
    ),
    responses: { 201: stampResponse },
    idempotent: true,
  },
  history: {
    method: 'GET',
    path: '/api/stamps',
    summary: 'Sealed files, newest first',
    auth,
    query: stampListQuerySchema,
    responses: { 200: stampListResponse },
  },
  download: {
    method: 'GET',
    path: '/api/stamps/:id/file',
    summary: 'The sealed PDF',
    auth,
    params: idParamsSchema,
    responses: { 200: file('application/pdf') },
  },
});
