import { idParamsSchema, okSchema } from '../shared/common.ts';
import { defineEndpoints, empty, file, multipart } from '../shared/endpoint.ts';
import {
  operationActionAcceptedResponse,
  operationDocumentParamsSchema,
  operationDocumentsResponse,
  operationIdResponse,
  operationListQuerySchema,
  operationListResponse,
  operationOrderParamsSchema,
  operationResponse,
  operationSearchQuerySchema,
  operationStatisticsResponse,
  operationStatusInputSchema,
  orderImportQuerySchema,
  orderImportResponse,
  orderListQuerySchema,
  orderListResponse,
  orderPatchInputSchema,
  orderResponse,
} from './schemas.ts';

// Every operation call needs the tenant's feature `operation` (permissionFeature of operations.read / .manage).
const read = { audience: 'operation', permission: 'operations.read' } as const;
const manage = { audience: 'operation', permission: 'operations.manage' } as const;
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const form =
  'multipart/form-data: text parts label, description, level, status (draft | pending = send), transactionOrders (the orders: transactionSigners, document = a file name of the pool, signatureFields; replaces the draft orders), appendOrders (the same, added after them), transactionDocument ([{fileName, title}]), transactionRequest ({send}), optionsRequest (JSON strings); file parts: the PDFs of the pool (a file of the same name replaces it). See docs/operations.md.';

/** Operations, also called batches (spec §7 Batches; paths keep the spec's `batches`). */
export const operationEndpoints = defineEndpoints(['operations'], {
  list: { method: 'GET', path: '/api/batches', summary: 'Operations the caller sees (status, search, pagination)', auth: read, query: operationListQuerySchema, responses: { 200: operationListResponse } },
  search: { method: 'GET', path: '/api/batches/search', summary: 'Quick search by label', auth: read, query: operationSearchQuerySchema, responses: { 200: operationListResponse } },
  newId: {
    method: 'GET',
    path: '/api/batches/ids',
    summary: 'A new draft operation and its id (an empty draft left a day is swept)',
    auth: manage,
    responses: { 200: operationIdResponse },
  },
  importTemplate: { method: 'GET', path: '/api/batches/import-template', summary: 'The order import template (csv)', auth: read, responses: { 200: file('text/csv') } },
  get: { method: 'GET', path: '/api/batches/:id', summary: 'One operation with its documents, counts and dispatch progress', auth: read, params: idParamsSchema, responses: { 200: operationResponse } },
  save: { method: 'POST', path: '/api/batches/:id', summary: 'Saves a draft (the parts given replace; files join the pool); sends with transactionRequest.send or status pending', auth: manage, params: idParamsSchema, body: multipart(form), responses: { 200: operationResponse } },
  update: { method: 'PUT', path: '/api/batches/:id', summary: 'Same as POST: saves a draft, sends it when asked', auth: manage, params: idParamsSchema, body: multipart(form), responses: { 200: operationResponse } },
  setStatus: {
    method: 'PATCH',
    path: '/api/batches/:id/status',
    summary: 'Moves the operation to a target status the state machine allows (send, cancel, retry the failed orders)',
    auth: manage,
    params: idParamsSchema,
    body: operationStatusInputSchema,
    responses: { 200: operationResponse },
  },
  relaunch: { method: 'PATCH', path: '/api/batches/:id/relaunch', summary: 'Reminds every signer whose turn it is (a job)', auth: manage, params: idParamsSchema, responses: { 202: operationActionAcceptedResponse } },
  patchOrder: {
    method: 'PATCH',
    path: '/api/batches/:id/orders/:orderId',
    summary: 'Edits a draft order, or cancels a sent one ({status: canceled})',
    auth: manage,
    params: operationOrderParamsSchema,
    body: orderPatchInputSchema,
    responses: { 200: orderResponse },
  },
  delete: { method: 'DELETE', path: '/api/batches/:id', summary: 'Deletes a draft or a finished operation (the requests made stay)', auth: manage, params: idParamsSchema, responses: { 200: okSchema } },
  deleteOrder: { method: 'DELETE', path: '/api/batches/:id/orders/:orderId', summary: 'Removes an order from a draft', auth: manage, params: operationOrderParamsSchema, responses: { 200: okSchema } },
  deleteDocument: { method: 'DELETE', path: '/api/batches/:id/documents/:documentId', summary: 'Removes a document from a draft pool', auth: manage, params: operationDocumentParamsSchema, responses: { 200: okSchema } },
  documents: { method: 'GET', path: '/api/batches/:id/documents', summary: 'The pool of documents', auth: read, params: idParamsSchema, responses: { 200: operationDocumentsResponse } },
  statistics: { method: 'GET', path: '/api/batches/:id/statistics', summary: 'Counts per order status, percentages, dispatch progress', auth: read, params: idParamsSchema, responses: { 200: operationStatisticsResponse } },
  requestArchive: { method: 'POST', path: '/api/batches/:id/archive', summary: 'Builds a zip of the completed documents (a job, then a notification)', auth: manage, params: idParamsSchema, responses: { 202: operationActionAcceptedResponse } },
  archive: { method: 'GET', path: '/api/batches/:id/archive', summary: 'The last archive built', auth: read, params: idParamsSchema, responses: { 200: file('application/zip'), 204: empty } },
  orders: { method: 'GET', path: '/api/batches/:id/orders', summary: 'The orders (paginated; status filter; search by signer name, e-mail or file name)', auth: read, params: idParamsSchema, query: orderListQuerySchema, responses: { 200: orderListResponse } },
  exportOrders: { method: 'GET', path: '/api/batches/:id/orders/export', summary: 'The orders and their status as an xlsx file (streamed)', auth: read, params: idParamsSchema, responses: { 200: file(xlsx) } },
  importOrders: {
    method: 'POST',
    path: '/api/batches/:id/import',
    summary: 'Orders from a spreadsheet (xlsx, xls, ods, csv; docs/operations.md): a report per row; preview=1 saves nothing',
    auth: manage,
    params: idParamsSchema,
    query: orderImportQuerySchema,
    body: multipart('One part `file`: the spreadsheet.'),
    responses: { 200: orderImportResponse },
  },
});
