import { z } from 'zod';
import { idParamsSchema, uuidSchema } from '../shared/common.ts';
import { defineEndpoints, file, multipart, type EndpointSpec } from '../shared/endpoint.ts';
import {
  apiV1CampaignListQuerySchema,
  apiV1CreateCampaignSchema,
  apiV1CreateOperationSchema,
  apiV1CampaignListSchema,
  apiV1CampaignSchema,
  apiV1CampaignStatusSchema,
  apiV1OperationListQuerySchema,
  apiV1OperationListSchema,
  apiV1OperationSchema,
  apiV1OperationStatusSchema,
  apiV1OrderListQuerySchema,
  apiV1OrderListSchema,
  apiV1SignatoryListQuerySchema,
  apiV1SignatoryListSchema,
  apiV1CreateRequestSchema,
  apiV1ListQuerySchema,
  apiV1RelaunchSchema,
  apiV1RequestListSchema,
  apiV1RequestSchema,
  apiV1SigningLinkSchema,
  apiV1EditorLinkSchema,
  apiV1TemplateEditorLinkInputSchema,
  apiV1StatusSchema,
  apiV1TemplateListQuerySchema,
  apiV1TemplateListSchema,
  problemSchema,
} from './schemas.ts';
import { requestTemplateSchema, useTemplateInputSchema } from '../request-templates/schemas.ts';

const read = { apiKey: 'read' } as const;
const create = { apiKey: 'create' } as const;
const send = { apiKey: 'send' } as const;
const manage = { apiKey: 'manage' } as const;

/** The problem answers every call may give (401 bad key, 403 scope or feature, 404, 429 rate limit). */
const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema, 429: problemSchema } as const;
const documentParams = z.object({ id: uuidSchema, docId: uuidSchema });

export const apiV1Endpoints = defineEndpoints(['requests'], {
  createRequest: {
    method: 'POST',
    path: '/api/v1/requests',
    summary: 'Create a signature request from JSON (documents in base64 or by https URL); sent at once when `send` is true',
    auth: create,
    body: apiV1CreateRequestSchema,
    responses: { 201: apiV1RequestSchema, ...problems, 413: problemSchema, 422: problemSchema },
    idempotent: true,
  },
  uploadRequest: {
    method: 'POST',
    path: '/api/v1/requests/upload',
    summary: 'Create a signature request from a multipart form: a `request` JSON part and the files (PDF or ZIP)',
    auth: create,
    body: multipart(
      'multipart/form-data: a text part `request` (the JSON of POST /api/v1/requests, documents without content: each names its file part by fileName) and one file part per document.',
    ),
    responses: { 201: apiV1RequestSchema, ...problems, 413: problemSchema },
    idempotent: true,
  },
  listRequests: {
    method: 'GET',
    path: '/api/v1/requests',
    summary: 'The requests of the key, newest first, by pages (cursor)',
    auth: read,
    query: apiV1ListQuerySchema,
    responses: { 200: apiV1RequestListSchema, ...problems },
  },
  getRequest: {
    method: 'GET',
    path: '/api/v1/requests/:id',
    summary: 'One request with its signers and documents',
    auth: read,
    params: idParamsSchema,
    responses: { 200: apiV1RequestSchema.omit({ links: true }), ...problems },
  },
  requestStatus: {
    method: 'GET',
    path: '/api/v1/requests/:id/status',
    summary: 'Status and progress of a request',
    auth: read,
    params: idParamsSchema,
    responses: { 200: apiV1StatusSchema, ...problems },
  },
  sendRequest: {
    method: 'POST',
    path: '/api/v1/requests/:id/send',
    summary: 'Send a draft request',
    auth: send,
    params: idParamsSchema,
    responses: { 200: apiV1RequestSchema, ...problems },
  },
  cancelRequest: {
    method: 'POST',
    path: '/api/v1/requests/:id/cancel',
    summary: 'Cancel a request',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: apiV1RequestSchema, ...problems },
  },
  relaunchRequest: {
    method: 'POST',
    path: '/api/v1/requests/:id/relaunch',
    summary: 'Remind the signers who have not acted (one reminder per signer per hour)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: apiV1RelaunchSchema, ...problems },
  },
  signedDocument: {
    method: 'GET',
    path: '/api/v1/requests/:id/documents/:docId/signed',
    summary: 'A signed document (PDF) of a completed request',
    auth: read,
    params: documentParams,
    responses: { 200: file('application/pdf'), ...problems },
  },
  evidence: {
    method: 'GET',
    path: '/api/v1/requests/:id/evidence',
    summary: 'The evidence file (PDF) of a completed request',
    auth: read,
    params: idParamsSchema,
    responses: { 200: file('application/pdf'), ...problems },
  },
  signingLink: {
    method: 'POST',
    path: '/api/v1/requests/:id/signers/:signerId/link',
    summary: "A signer's signing page link, to embed: valid until the request expires",
    auth: send,
    params: z.object({ id: uuidSchema, signerId: uuidSchema }),
    responses: { 200: apiV1SigningLinkSchema, ...problems },
  },
  editorLink: {
    method: 'POST',
    path: '/api/v1/requests/:id/editor-link',
    summary:
      "A short-lived link (15 minutes) to the draft's editor, to embed in an iframe of the tenant's allowed origins: documents, fields, signers, options, send. 409 unless the request is a draft",
    auth: create,
    params: idParamsSchema,
    responses: { 201: apiV1EditorLinkSchema, ...problems },
  },
});

/**
 * Campaigns (one request per signatory) and operations (one request per order): the key creates, lists and follows
 * both, launches a draft and cancels. The tenant's feature `campaign` / `operation` off: 403.
 */
export const apiV1CampaignEndpoints = defineEndpoints(['campaigns'], {
  createCampaign: {
    method: 'POST',
    path: '/api/v1/campaigns',
    summary: 'Create a classic campaign from JSON (signatories, documents in base64 or by https URL); launched at once when `send` is true',
    auth: create,
    body: apiV1CreateCampaignSchema,
    responses: { 201: apiV1CampaignSchema, ...problems, 413: problemSchema, 422: problemSchema },
    idempotent: true,
  },
  uploadCampaign: {
    method: 'POST',
    path: '/api/v1/campaigns/upload',
    summary: 'Create a classic campaign from a multipart form: a `payload` JSON part and the files (PDF or ZIP)',
    auth: create,
    body: multipart(
      'multipart/form-data: a text part `payload` (the JSON of POST /api/v1/campaigns, documents without content: each names its file part by fileName) and one file part per document.',
    ),
    responses: { 201: apiV1CampaignSchema, ...problems, 413: problemSchema },
    idempotent: true,
  },
  listCampaigns: {
    method: 'GET',
    path: '/api/v1/campaigns',
    summary: "The tenant's campaigns, newest first, by pages (cursor)",
    auth: read,
    query: apiV1CampaignListQuerySchema,
    responses: { 200: apiV1CampaignListSchema, ...problems },
  },
  getCampaign: {
    method: 'GET',
    path: '/api/v1/campaigns/:id',
    summary: 'One campaign with its documents',
    auth: read,
    params: idParamsSchema,
    responses: { 200: apiV1CampaignSchema, ...problems },
  },
  campaignStatus: {
    method: 'GET',
    path: '/api/v1/campaigns/:id/status',
    summary: 'Status and counters of a campaign (signatories by state, percentages, dispatch progress)',
    auth: read,
    params: idParamsSchema,
    responses: { 200: apiV1CampaignStatusSchema, ...problems },
  },
  listSignatories: {
    method: 'GET',
    path: '/api/v1/campaigns/:id/signatories',
    summary: "A campaign's signatories in their order, by pages (cursor): each with its state and, once its copy is made, the request's id",
    auth: read,
    params: idParamsSchema,
    query: apiV1SignatoryListQuerySchema,
    responses: { 200: apiV1SignatoryListSchema, ...problems },
  },
  sendCampaign: {
    method: 'POST',
    path: '/api/v1/campaigns/:id/send',
    summary: 'Launch a draft campaign (its copies are dispatched in the background)',
    auth: send,
    params: idParamsSchema,
    responses: { 200: apiV1CampaignSchema, ...problems },
  },
  cancelCampaign: {
    method: 'POST',
    path: '/api/v1/campaigns/:id/cancel',
    summary: 'Cancel a campaign (the copies already sent are cancelled in the background)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: apiV1CampaignSchema, ...problems },
  },
});

export const apiV1OperationEndpoints = defineEndpoints(['operations'], {
  createOperation: {
    method: 'POST',
    path: '/api/v1/operations',
    summary: 'Create an operation from JSON: a pool of documents (base64 or https URL) and orders, each its own request; launched at once when `send` is true',
    auth: create,
    body: apiV1CreateOperationSchema,
    responses: { 201: apiV1OperationSchema, ...problems, 413: problemSchema, 422: problemSchema },
    idempotent: true,
  },
  uploadOperation: {
    method: 'POST',
    path: '/api/v1/operations/upload',
    summary: 'Create an operation from a multipart form: a `payload` JSON part and the files of the pool (PDF or ZIP)',
    auth: create,
    body: multipart(
      'multipart/form-data: a text part `payload` (the JSON of POST /api/v1/operations, pool entries without content: each names its file part by fileName) and one file part per document of the pool.',
    ),
    responses: { 201: apiV1OperationSchema, ...problems, 413: problemSchema },
    idempotent: true,
  },
  listOperations: {
    method: 'GET',
    path: '/api/v1/operations',
    summary: "The tenant's operations, newest first, by pages (cursor)",
    auth: read,
    query: apiV1OperationListQuerySchema,
    responses: { 200: apiV1OperationListSchema, ...problems },
  },
  getOperation: {
    method: 'GET',
    path: '/api/v1/operations/:id',
    summary: 'One operation with its document pool',
    auth: read,
    params: idParamsSchema,
    responses: { 200: apiV1OperationSchema, ...problems },
  },
  operationStatus: {
    method: 'GET',
    path: '/api/v1/operations/:id/status',
    summary: 'Status and counters of an operation (orders by state, percentages, dispatch progress)',
    auth: read,
    params: idParamsSchema,
    responses: { 200: apiV1OperationStatusSchema, ...problems },
  },
  listOrders: {
    method: 'GET',
    path: '/api/v1/operations/:id/orders',
    summary: "An operation's orders in their order, by pages (cursor): each with its state and, once made, its request's id",
    auth: read,
    params: idParamsSchema,
    query: apiV1OrderListQuerySchema,
    responses: { 200: apiV1OrderListSchema, ...problems },
  },
  sendOperation: {
    method: 'POST',
    path: '/api/v1/operations/:id/send',
    summary: 'Launch a draft operation (its orders are dispatched in the background)',
    auth: send,
    params: idParamsSchema,
    responses: { 200: apiV1OperationSchema, ...problems },
  },
  cancelOperation: {
    method: 'POST',
    path: '/api/v1/operations/:id/cancel',
    summary: 'Cancel an operation (the requests already sent are cancelled in the background)',
    auth: manage,
    params: idParamsSchema,
    responses: { 200: apiV1OperationSchema, ...problems },
  },
});

/**
 * Reusable request templates (docs/templates.md): the key acts as the tenant's technical user, so it sees the
 * templates shared with the whole tenant (visibility `tenant`).
 */
export const apiV1TemplateEndpoints = defineEndpoints(['templates'], {
  listTemplates: {
    method: 'GET',
    path: '/api/v1/templates',
    summary: 'The templates the key may use (shared with the tenant, not archived), by name',
    auth: read,
    query: apiV1TemplateListQuerySchema,
    responses: { 200: apiV1TemplateListSchema, ...problems },
  },
  getTemplate: {
    method: 'GET',
    path: '/api/v1/templates/:id',
    summary: 'A template: its roles (to fill), documents and options, as its current version',
    auth: read,
    params: idParamsSchema,
    responses: { 200: requestTemplateSchema, ...problems },
  },
  templateEditorLink: {
    method: 'POST',
    path: '/api/v1/templates/editor-link',
    summary:
      "A short-lived link (15 minutes) to the template editor, to embed in an iframe of the tenant's allowed origins: a template's new version, or a new template when `templateId` is absent",
    auth: create,
    body: apiV1TemplateEditorLinkInputSchema,
    responses: { 201: apiV1EditorLinkSchema, ...problems },
  },
  createRequestFromTemplate: {
    method: 'POST',
    path: '/api/v1/templates/:id/requests',
    summary: "Create a request from a template: each role's person (roles with a prefilled person may be left out); sent at once when `send` is true",
    auth: create,
    params: idParamsSchema,
    body: useTemplateInputSchema,
    responses: { 201: apiV1RequestSchema, ...problems },
    idempotent: true,
  },
});

/** Every endpoint of /api/v1 (the OpenAPI document is generated from these). */
export const apiV1EndpointGroups: readonly Record<string, EndpointSpec>[] = [
  apiV1Endpoints,
  apiV1CampaignEndpoints,
  apiV1OperationEndpoints,
  apiV1TemplateEndpoints,
];
