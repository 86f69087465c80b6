import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints, empty, file, multipart } from '../shared/endpoint.ts';
import {
  campaignActionAcceptedResponse,
  campaignDocumentsResponse,
  campaignImportParamsSchema,
  campaignListQuerySchema,
  campaignListResponse,
  campaignResponse,
  campaignSearchQuerySchema,
  campaignSignatoryParamsSchema,
  campaignStatisticsResponse,
  campaignStatusInputSchema,
  campaignTypeParamsSchema,
  signatoryImportResponse,
  signatoryListQuerySchema,
  signatoryListResponse,
  startSignatoryImportInputSchema,
} from './schemas.ts';

// Every campaign call needs the tenant's feature `campaign` (permissionFeature of campaigns.read / campaigns.manage).
const read = { audience: 'campaign', permission: 'campaigns.read' } as const;
const manage = { audience: 'campaign', permission: 'campaigns.manage' } as const;
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const form =
  'multipart/form-data: text parts label, description, level, transactionSigners (the signatories), transactionDocuments (signerIndex 0 = the signatory), transactionRequest ({send}), optionsRequest, mergeDocument (mail-merge: {templateId, mapping, signatureFields…}) (JSON strings); file parts (PDF or ZIP). See docs/campaigns.md.';

/** Campaigns (spec §7 Campaigns; paths keep the spec's spelling `campains`). */
export const campaignEndpoints = defineEndpoints(['campaigns'], {
  list: { method: 'GET', path: '/api/campains', summary: 'Campaigns the caller sees (light, limit, offset, type, status, search)', auth: read, query: campaignListQuerySchema, responses: { 200: campaignListResponse } },
  search: { method: 'GET', path: '/api/campains/search', summary: 'Quick search by label', auth: read, query: campaignSearchQuerySchema, responses: { 200: campaignListResponse } },
  get: { method: 'GET', path: '/api/campains/:id', summary: 'One campaign with its documents, counts and dispatch progress', auth: read, params: idParamsSchema, responses: { 200: campaignResponse } },
  create: {
    method: 'POST',
    path: '/api/campains/:type',
    summary: 'Creates a campaign (draft, or sent at once with transactionRequest.send); type campain (classic) or publipostage (mail-merge: a mergeDocument part)',
    auth: manage,
    params: campaignTypeParamsSchema,
    body: multipart(form),
    responses: { 201: campaignResponse },
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/api/campains/:id',
    summary: 'Changes a draft: the parts given replace what the campaign has (files replace the documents); send with transactionRequest.send',
    auth: manage,
    params: idParamsSchema,
    body: multipart(form),
    responses: { 200: campaignResponse },
  },
  send: { method: 'PUT', path: '/api/campains/:id/send', summary: 'Sends a draft: status pending, then a job makes every copy', auth: manage, params: idParamsSchema, responses: { 200: campaignResponse } },
  setStatus: {
    method: 'PATCH',
    path: '/api/campains/:id/status',
    summary: 'Cancels the campaign (status canceled at once; the copies already sent are cancelled by a job)',
    auth: manage,
    params: idParamsSchema,
    body: campaignStatusInputSchema,
    responses: { 200: campaignResponse },
  },
  relaunch: { method: 'PATCH', path: '/api/campains/:id/relaunch', summary: 'Reminds every signatory who has not answered (a job)', auth: manage, params: idParamsSchema, responses: { 202: campaignActionAcceptedResponse } },
  retry: { method: 'POST', path: '/api/campains/:id/retry', summary: 'Puts the failed signatories back in the queue and dispatches them', auth: manage, params: idParamsSchema, responses: { 202: campaignActionAcceptedResponse } },
  delete: { method: 'DELETE', path: '/api/campains/:id', summary: 'Deletes a draft or a finished campaign (status deleted)', auth: manage, params: idParamsSchema, responses: { 200: okSchema } },
  cancelSignatory: {
    method: 'DELETE',
    path: '/api/campains/:id/signers/:signerId',
    summary: 'Removes a signatory from a draft, or cancels their copy',
    auth: manage,
    params: campaignSignatoryParamsSchema,
    responses: { 200: okSchema },
  },
  signatories: { method: 'GET', path: '/api/campains/:id/signers', summary: 'The signatories (paginated; status filter; search)', auth: read, params: idParamsSchema, query: signatoryListQuerySchema, responses: { 200: signatoryListResponse } },
  previewCopy: {
    method: 'GET',
    path: '/api/campains/:id/signers/:signerId/preview',
    summary: 'Mail-merge: the PDF this signatory gets (their values in the merge document, with the saved mapping)',
    auth: read,
    params: campaignSignatoryParamsSchema,
    responses: { 200: file('application/pdf') },
  },
  statistics: { method: 'GET', path: '/api/campains/:id/statistics', summary: 'Sent, opened, signed, refused, expired, failed, canceled, pending; percentages; progress', auth: read, params: idParamsSchema, responses: { 200: campaignStatisticsResponse } },
  export: { method: 'GET', path: '/api/campains/:id/export', summary: 'The signatories and their status as an xlsx file (streamed)', auth: read, params: idParamsSchema, responses: { 200: file(xlsx) } },
  requestArchive: { method: 'POST', path: '/api/campains/:id/archive', summary: 'Builds a zip of the signed documents of the completed copies (a job, then a notification)', auth: manage, params: idParamsSchema, responses: { 202: campaignActionAcceptedResponse } },
  archive: { method: 'GET', path: '/api/campains/:id/archive', summary: 'The last archive built', auth: read, params: idParamsSchema, responses: { 200: file('application/zip'), 204: empty } },
  duplicate: { method: 'POST', path: '/api/campains/:id/duplicate', summary: 'A new draft with the same documents (stored once), options and signatories', auth: manage, params: idParamsSchema, responses: { 201: campaignResponse } },
  documents: { method: 'GET', path: '/api/campains/:id/documents', summary: 'The documents of the campaign', auth: read, params: idParamsSchema, responses: { 200: campaignDocumentsResponse } },
  uploadImport: {
    method: 'POST',
    path: '/api/campains/:id/import',
    summary: 'Step 1 of a signatory import: uploads an xlsx, xls, ods or csv file; answers its columns, a guessed mapping and the first rows',
    auth: manage,
    params: idParamsSchema,
    body: multipart('One part `file`: the spreadsheet (as the address book import).'),
    responses: { 201: signatoryImportResponse },
  },
  startImport: {
    method: 'PUT',
    path: '/api/campains/:id/import/:importId',
    summary: 'Step 2: starts the import with the chosen mapping (a job; the address book row rules)',
    auth: manage,
    params: campaignImportParamsSchema,
    body: startSignatoryImportInputSchema,
    responses: { 202: signatoryImportResponse },
  },
  getImport: { method: 'GET', path: '/api/campains/:id/import/:importId', summary: 'An import: status, progress, report', auth: manage, params: campaignImportParamsSchema, responses: { 200: signatoryImportResponse } },
});
