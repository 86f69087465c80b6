import { z } from 'zod';
import { featureFlagsSchema } from '../shared/access.ts';
import { idParamsSchema, itemEnvelope, localeSchema, okSchema, uuidSchema } from '../shared/common.ts';
import { defineEndpoints, empty, file, multipart } from '../shared/endpoint.ts';
import { certificationLevelParamSchema } from './constants.ts';
import { fileInspectionSchema } from './documents.ts';
import { signedMandateListQuerySchema, signedMandateListResponse } from './sepa.ts';
import {
  signatureActionInputSchema,
  signatureCountResponse,
  signatureDocumentListResponse,
  signatureListQuerySchema,
  signatureRequestListResponse,
  signatureRequestResponse,
  signatureSearchQuerySchema,
  signatureSendResponse,
  signatureStatusResponse,
} from './requests.ts';

const read = { audience: 'history', permission: 'signatures.read' } as const;
const create = { audience: 'history', permission: 'signatures.create' } as const;
const manage = { audience: 'history', permission: 'signatures.manage' } as const;
/** The calls of a draft's editor: a signed-in user's, or the embedded editor's with its token (docs/embedding.md). */
const readDraft = { ...read, embedDraft: true } as const;
const editDraft = { ...create, embedDraft: true } as const;

/** What the editor of a draft needs of its tenant when it is embedded (no session, hence no /me). */
export const draftEditorContextSchema = z.object({
  company: z.string(),
  testMode: z.boolean(),
  features: featureFlagsSchema,
  /** The language of new signers (the tenant's). */
  language: localeSchema,
  /** When the embed token stops working; null for a signed-in user. */
  expiresAt: z.string().nullable(),
});
export type DraftEditorContext = z.infer<typeof draftEditorContextSchema>;
const documentParams = z.object({ id: uuidSchema, docId: uuidSchema });

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const signatureEndpoints = defineEndpoints(['signatures'], {
  create: {
    method: 'POST',
    path: '/api/transactions/:level',
    summary: 'Create a signature request (draft, or sent at once)',
    auth: create,
    params: z.object({ level: certificationLevelParamSchema }),
    body: multipart(
      'multipart/form-data: text parts transactionSigners, transactionDocuments, transactionRequest, optionsRequest (JSON strings) and label; file parts (PDF or ZIP). See docs/signatures.md.',
    ),
    responses: { 201: signatureSendResponse },
    idempotent: true,
  },
  inspectFile: {
    method: 'POST',
    path: '/api/transactions/inspect',
    summary: 'Check one file (PDF or ZIP) as the create call would, without storing it',
    auth: create,
    body: multipart(
      'multipart/form-data with one file part (PDF or ZIP), within the tenant upload limits. 200: the usable PDF(s) with their pages; otherwise the same errors as the create call (PDF_INVALID with details.reason, INVALID_FILE_TYPE, FILE_TOO_LARGE…).',
    ),
    responses: { 200: itemEnvelope(fileInspectionSchema) },
  },
  list: {
    method: 'GET',
    path: '/api/transactions',
    summary: 'Requests the caller sees (filter: base64 JSON)',
    auth: read,
    query: signatureListQuerySchema,
    responses: { 200: signatureRequestListResponse },
  },
  search: {
    method: 'GET',
    path: '/api/transactions/search',
    summary: 'Quick search by label or signer',
    auth: read,
    query: signatureSearchQuerySchema,
    responses: { 200: signatureRequestListResponse },
  },
  count: { method: 'GET', path: '/api/transactions/count', summary: 'Counts by status', auth: read, responses: { 200: signatureCountResponse } },
  export: {
    method: 'GET',
    path: '/api/transactions/export',
    summary: 'The list as a spreadsheet',
    auth: read,
    query: signatureListQuerySchema,
    responses: { 200: file(xlsxContentType) },
  },
  sepaMandates: {
    method: 'GET',
    path: '/api/transactions/sepa-mandates',
    summary: 'Signed SEPA pre-processing mandates of the tenant (IBAN masked), newest first',
    auth: read,
    query: signedMandateListQuerySchema,
    responses: { 200: signedMandateListResponse },
  },
  sepaMandatesExport: {
    method: 'GET',
    path: '/api/transactions/sepa-mandates/export',
    summary: 'The signed mandates as a spreadsheet',
    auth: read,
    responses: { 200: file(xlsxContentType) },
  },
  get: {
    method: 'GET',
    path: '/api/transactions/:id',
    summary: 'One request with its signers and documents',
    auth: readDraft,
    params: idParamsSchema,
    responses: { 200: signatureRequestResponse },
  },
  status: {
    method: 'GET',
    path: '/api/transactions/:id/status',
    summary: 'Status and progress of a request',
    auth: read,
    params: idParamsSchema,
    responses: { 200: signatureStatusResponse },
  },
  act: {
    method: 'PUT',
    path: '/api/transactions/:id',
    summary: 'Send, cancel (the request or one signer) or relaunch',
    auth: manage,
    params: idParamsSchema,
    body: signatureActionInputSchema,
    responses: { 200: signatureSendResponse },
  },
  updateDraft: {
    method: 'PUT',
    path: '/api/transactions/:id/draft',
    summary:
      'Edit a draft: its label, signers, documents (kept by documentId, or new files) with their fields, and options; sends it when transactionRequest.send',
    auth: editDraft,
    params: idParamsSchema,
    body: multipart(
      "multipart/form-data: the parts of create. A document entry with documentId keeps that stored file; the draft's documents not listed are removed. 409 INVALID_TRANSITION unless the request is a draft. See docs/signatures.md.",
    ),
    responses: { 200: signatureSendResponse },
  },
  editorContext: {
    method: 'GET',
    path: '/api/transactions/:id/editor-context',
    summary: "What a draft's editor needs of its tenant (features, test mode, language); the embedded editor calls it with its token",
    auth: editDraft,
    params: idParamsSchema,
    responses: { 200: itemEnvelope(draftEditorContextSchema) },
  },
  delete: {
    method: 'DELETE',
    path: '/api/transactions/:id',
    summary: 'Delete a request (drafts and finished ones)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: okSchema },
  },
  duplicate: {
    method: 'POST',
    path: '/api/transactions/:id/duplicate',
    summary: 'A new draft copied from a request',
    auth: create,
    params: idParamsSchema,
    responses: { 201: signatureRequestResponse },
    idempotent: true,
  },
  documents: {
    method: 'GET',
    path: '/api/transactions/:id/documents',
    summary: 'Documents of a request',
    auth: read,
    params: idParamsSchema,
    responses: { 200: signatureDocumentListResponse },
  },
  document: {
    method: 'GET',
    path: '/api/transactions/:id/documents/:docId',
    summary: 'A document: its latest signed version, else the original',
    auth: readDraft,
    params: documentParams,
    responses: { 200: file('application/pdf') },
  },
  deleteDocument: {
    method: 'DELETE',
    path: '/api/transactions/:id/documents/:docId',
    summary: "Remove a draft's document",
    auth: manage,
    params: documentParams,
    responses: { 200: okSchema },
  },
  attestation: {
    method: 'GET',
    path: '/api/transactions/:id/attestation',
    summary: 'The sealed evidence file (204 before completion)',
    auth: read,
    params: idParamsSchema,
    responses: { 200: file('application/pdf'), 204: empty },
  },
  requestArchive: {
    method: 'POST',
    path: '/api/transactions/:id/archive',
    summary: 'Rebuild the archive (a notification follows)',
    auth: read,
    params: idParamsSchema,
    responses: { 202: itemEnvelope(z.object({ queued: z.literal(true) })) },
  },
  archive: {
    method: 'GET',
    path: '/api/transactions/:id/archive',
    summary: 'The archive (zip)',
    auth: read,
    params: idParamsSchema,
    responses: { 200: file('application/zip') },
  },
});
