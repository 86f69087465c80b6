import { defineEndpoints, file, multipart } from '../shared/endpoint.ts';
import {
  fileTimestampListQuerySchema,
  fileTimestampListResponse,
  fileTimestampResponse,
  timestampDownloadParamsSchema,
  verificationReportResponse,
} from './schemas.ts';

/** Time-stamping needs the `timestamp.create` permission, itself behind the tenant's `timestamp` feature. */
const stamp = { audience: 'user', permission: 'timestamp.create' } as const;
const verifyParts =
  'Part `file`: a PDF (its signatures and document time-stamps are checked) or any file; part `token` (optional): the detached RFC 3161 token (.tsr) of that file.';

export const timestampEndpoints = defineEndpoints(['timestamps'], {
  create: {
    method: 'POST',
    path: '/api/timestamps',
    summary: 'Time-stamps a file (part `file`): a PDF gets a document time-stamp (PAdES), any other file a detached RFC 3161 token and a receipt',
    auth: stamp,
    body: multipart("One part `file`, within the account's upload size limit."),
    responses: { 201: fileTimestampResponse },
    idempotent: true,
  },
  list: {
    method: 'GET',
    path: '/api/timestamps',
    summary: "The tenant's time-stamps, newest first",
    auth: stamp,
    query: fileTimestampListQuerySchema,
    responses: { 200: fileTimestampListResponse },
  },
  download: {
    method: 'GET',
    path: '/api/timestamps/:id/:output',
    summary: 'A time-stamp output: `pdf` (the time-stamped PDF), `token` (the .tsr) or `receipt` (the receipt PDF)',
    auth: stamp,
    params: timestampDownloadParamsSchema,
    responses: { 200: file('application/pdf', 'application/timestamp-reply') },
  },
  verify: {
    method: 'POST',
    path: '/api/timestamps/verify',
    summary: 'Verifies a PDF (signatures, time-stamps, levels, integrity, trust) or a file against its detached token; nothing is stored',
    auth: stamp,
    body: multipart(verifyParts),
    responses: { 200: verificationReportResponse },
  },
});

/** The public verification page (no login): the same report, nothing stored, rate-limited and size-limited. */
export const verificationEndpoints = defineEndpoints(['timestamps'], {
  verify: {
    method: 'POST',
    path: '/api/public/verify',
    summary: 'Verifies a PDF or a file + its .tsr without an account (20 MB at most); nothing is stored',
    auth: { public: true },
    body: multipart(verifyParts),
    responses: { 200: verificationReportResponse },
  },
});
